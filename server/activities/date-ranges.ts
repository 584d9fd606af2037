// The date presets of /activities (SPEC §2: Today, Past month, This month, Last month, Past year,
// This year, Last year) and custom ranges, as [from, to) instants whose boundaries are midnights in
// the reader's time zone (decision 141). Pure functions over Intl, so DST days and month ends come
// out right without a time-zone library.
import type { ActivityPreset } from '../../contract/activities.ts';

export interface Range {
  from: Date;
  to: Date;
}

interface CivilDate {
  year: number;
  month: number; // 1-12
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

function wallClock(instant: Date, timeZone: string): CivilDate & { hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(formatterOf(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The first instant of `date` in `timeZone` (a midnight skipped by DST starts at the first hour that exists). */
export function startOfDay(date: CivilDate, timeZone: string): Date {
  const naive = Date.UTC(date.year, date.month - 1, date.day);
  let guess = naive - offsetAt(new Date(naive), timeZone);
  // Twice: the offset at the first guess may differ from the offset at the answer (a DST change that day).
  guess = naive - offsetAt(new Date(guess), timeZone);
  const landed = wallClock(new Date(guess), timeZone);
  if (landed.day !== date.day) guess += 3600_000;
  return new Date(guess);
}

/** The civil date `months` later (negative: earlier), the day clamped to the month's length. */
export function addMonths(date: CivilDate, months: number): CivilDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, lastDay) };
}

export function addDays(date: CivilDate, days: number): CivilDate {
  const t = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** The civil date of `instant` in `timeZone`. */
export function dateIn(instant: Date, timeZone: string): CivilDate {
  const { year, month, day } = wallClock(instant, timeZone);
  return { year, month, day };
}

/**
 * The preset's range at `now`. 'Past month' and 'Past year' run from the same calendar day a month
 * or a year ago up to the end of today; the others are whole calendar days, months and years.
 */
export function presetRange(preset: ActivityPreset, now: Date, timeZone: string): Range {
  const today = dateIn(now, timeZone);
  const at = (date: CivilDate) => startOfDay(date, timeZone);
  const tomorrow = addDays(today, 1);
  const monthStart = { year: today.year, month: today.month, day: 1 };
  const yearStart = { year: today.year, month: 1, day: 1 };
  switch (preset) {
    case 'today':
      return { from: at(today), to: at(tomorrow) };
    case 'past_month':
      return { from: at(addMonths(today, -1)), to: at(tomorrow) };
    case 'this_month':
      return { from: at(monthStart), to: at(addMonths(monthStart, 1)) };
    case 'last_month':
      return { from: at(addMonths(monthStart, -1)), to: at(monthStart) };
    case 'past_year':
      return { from: at(addMonths(today, -12)), to: at(tomorrow) };
    case 'this_year':
      return { from: at(yearStart), to: at({ year: today.year + 1, month: 1, day: 1 }) };
    case 'last_year':
      return { from: at({ year: today.year - 1, month: 1, day: 1 }), to: at(yearStart) };
  }
}

function parseDate(value: string): CivilDate {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** A custom range of whole days, both ends included; either end may be open. */
export function customRange(from: string | undefined, to: string | undefined, timeZone: string): Range {
  return {
    from: from ? startOfDay(parseDate(from), timeZone) : new Date(Date.UTC(1970, 0, 1)),
    to: to ? startOfDay(addDays(parseDate(to), 1), timeZone) : new Date(Date.UTC(9999, 0, 1)),
  };
}
