// Calendar days (decision 120): date-based effects compare stored `YYYY-MM-DD` days with
// the injected clock's UTC day, so tests move the clock and a restart loses nothing. dayjs (in UTC)
// does the calendar arithmetic.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

const isoDay = 'YYYY-MM-DD';

/** The UTC day of `now` as `YYYY-MM-DD`: the day date-based effects compare with (decision 120). */
export function dayOf(now: Date): string {
  return dayjs.utc(now).format(isoDay);
}

/** The day after `day` (`YYYY-MM-DD`): leaving a company takes effect then (SPEC §4). */
export function nextDay(day: string): string {
  return dayjs.utc(day).add(1, 'day').format(isoDay);
}

/** The day `count` days after `day`. */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** The day before `day`. */
export function previousDay(day: string): string {
  return dayjs.utc(day).subtract(1, 'day').format(isoDay);
}

/** Whole calendar months from `start` to `end` (both `YYYY-MM-DD`), counting a started month, at least 1. */
export function monthsBetween(start: string, end: string): number {
  return Math.max(1, dayjs.utc(end).startOf('month').diff(dayjs.utc(start).startOf('month'), 'month') + 1);
}

/** The earlier of two optional days. */
export function earlier(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}
