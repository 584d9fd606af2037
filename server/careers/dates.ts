// Calendar days for careers (decision 120): date-based effects compare stored `YYYY-MM-DD` days with
// the injected clock's UTC day, so tests move the clock and a restart loses nothing.
export { dayOf } from '../companies/service.ts';

/** The day after `day` (`YYYY-MM-DD`). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The day `count` days after `day`. */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** The day before `day`. */
export function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** Whole calendar months from `start` to `end` (both `YYYY-MM-DD`), counting a started month, at least 1. */
export function monthsBetween(start: string, end: string): number {
  const [sy, sm] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const [ey, em] = [Number(end.slice(0, 4)), Number(end.slice(5, 7))];
  return Math.max(1, (ey - sy) * 12 + (em - sm) + 1);
}

/** The earlier of two optional days. */
export function earlier(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}
