// The date presets of /activities (SPEC §2: Today, Past month, This month, Last month, Past year,
// This year, Last year) and custom ranges, as [from, to) instants whose boundaries are midnights in
// the reader's time zone (decision 141). dayjs does the calendar arithmetic (month ends clamp: 31 March
// less a month is 28 February) and its timezone plugin finds each midnight's instant, summer time
// included (a midnight that a clock change skips starts at the first moment that exists).
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { ActivityPreset } from '../../contract/activities.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface Range {
  from: Date;
  to: Date;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    dayjs().tz(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** A calendar day ('YYYY-MM-DD') as a dayjs at its UTC midnight, for arithmetic on days and months. */
const day = (date: string) => dayjs.utc(date);
const isoDay = 'YYYY-MM-DD';

/** The first instant of the calendar day `date` ('YYYY-MM-DD') in `timeZone`. */
export function startOfDay(date: string, timeZone: string): Date {
  return dayjs.tz(date, timeZone).toDate();
}

/** The calendar day ('YYYY-MM-DD') of `instant` in `timeZone`. */
export function dateIn(instant: Date, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format(isoDay);
}

/**
 * The preset's range at `now`. 'Past month' and 'Past year' run from the same calendar day a month
 * or a year ago up to the end of today; the others are whole calendar days, months and years.
 */
export function presetRange(preset: ActivityPreset, now: Date, timeZone: string): Range {
  const today = day(dateIn(now, timeZone));
  const at = (date: dayjs.Dayjs) => startOfDay(date.format(isoDay), timeZone);
  const tomorrow = today.add(1, 'day');
  const monthStart = today.startOf('month');
  const yearStart = today.startOf('year');
  switch (preset) {
    case 'today':
      return { from: at(today), to: at(tomorrow) };
    case 'past_month':
      return { from: at(today.subtract(1, 'month')), to: at(tomorrow) };
    case 'this_month':
      return { from: at(monthStart), to: at(monthStart.add(1, 'month')) };
    case 'last_month':
      return { from: at(monthStart.subtract(1, 'month')), to: at(monthStart) };
    case 'past_year':
      return { from: at(today.subtract(1, 'year')), to: at(tomorrow) };
    case 'this_year':
      return { from: at(yearStart), to: at(yearStart.add(1, 'year')) };
    case 'last_year':
      return { from: at(yearStart.subtract(1, 'year')), to: at(yearStart) };
  }
}

/** A custom range of whole days, both ends included; either end may be open. */
export function customRange(from: string | undefined, to: string | undefined, timeZone: string): Range {
  return {
    from: from ? startOfDay(from, timeZone) : new Date(Date.UTC(1970, 0, 1)),
    to: to ? startOfDay(day(to).add(1, 'day').format(isoDay), timeZone) : new Date(Date.UTC(9999, 0, 1)),
  };
}
