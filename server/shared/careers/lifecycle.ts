// When a verified employment is current and when it ends (decision 120): computed from its stored
// days and today's, never from a flag a job would have to flip.
import { earlier, previousDay } from '../dates.ts';

export interface EmploymentDays {
  startDate: string;
  plannedTermination: string | null;
  leavesOn: string | null;
}

/** The last day of the employment, or its expected last day; null while open-ended. */
export function endDateOf(row: EmploymentDays): string | null {
  return earlier(row.plannedTermination, row.leavesOn === null ? null : previousDay(row.leavesOn));
}

/** Current on `today` until its end date has passed. */
export function isCurrentOn(row: EmploymentDays, today: string): boolean {
  const end = endDateOf(row);
  return end === null || end >= today;
}
