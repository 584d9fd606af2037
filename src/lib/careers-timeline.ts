// The words of a job on the careers timeline and the employment details page (SPEC §2 'Careers',
// issue 12): its months ('Mar 2021 – Present') and its length ('3 yrs 2 mos'). The server counts the
// months (from start to end, or to today on its clock); this module only says them.
import type { Locale } from '../../contract/locale.ts';
import { formatMonthCount, formatMonthYear } from './dates.ts';

/** What the words of a job need from either kind of job. */
export interface TimelineJob {
  start_date: string;
  end_date: string | null;
  is_current: boolean;
  /** Whole months from start to end (or to today), as the server counted them. */
  months: number;
}

/**
 * The months of a job and its length: 'Mar 2021 – Present' and '3 yrs 2 mos'. A current job with an
 * expected end still says 'Present': it has not ended.
 */
export function jobPeriod(job: TimelineJob, locale: Locale, presentWord: string): { months: string; duration: string } {
  const from = formatMonthYear(job.start_date, locale);
  const to = job.is_current ? presentWord : formatMonthYear(job.end_date, locale);
  return { months: [from, to].filter(Boolean).join(' – '), duration: formatMonthCount(job.months, locale) };
}
