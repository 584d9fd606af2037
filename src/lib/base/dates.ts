// Dates as the SPEC §9 shows them: 'MMM D, YYYY', date-times 'MMMM D, YYYY, [at] h:mm A' or
// relative when under 5 days old, birth dates as YYYY-MM-DD in forms. Ukrainian reads day before month
// with the month in its genitive form ('5 березня 2024 р.'). Month-level facts (jobs, studies,
// certificates) show month and year only, and jobs their length ('3 yrs 2 mos' / '3 р. 2 міс.').
// dayjs does the reading, the formatting, the time zones and the calendar arithmetic (decision
// 004), with its `uk` locale and the utc, timezone and relativeTime plugins. English is dayjs's own
// built-in locale (the SPEC's English formats are month-first, so `en-gb` would add bytes and nothing else).
import dayjs, { type Dayjs } from 'dayjs';
import ukLocale from 'dayjs/locale/uk.js';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { dateFormats, formatMonthCount } from '../../../contract/date-formats.ts';
import type { DateValue } from '../../../contract/envelope.ts';
import type { Locale } from '../../../contract/locale.ts';

dayjs.extend(utc);
dayjs.extend(timezone);
// Relative time as people say it, with the number always written ('1 minute ago', not 'a minute ago'):
// under 45 s in seconds, under 45 min in minutes, under 22 h in hours, then days (never '0 seconds').
// dayjs words a count of 1 with the key of the threshold before ('m' for 1 minute): the entries that
// can never match (r: 0.5, as counts are at least 1) give it those keys.
dayjs.extend(relativeTime, {
  thresholds: [
    { l: 'ss', r: 44, d: 'second' },
    { l: 'm', r: 0.5 },
    { l: 'mm', r: 44, d: 'minute' },
    { l: 'h', r: 0.5 },
    { l: 'hh', r: 21, d: 'hour' },
    { l: 'd', r: 0.5 },
    { l: 'dd', d: 'day' },
  ],
  rounding: (count: number) => Math.max(1, Math.round(count)),
});

/** English counted words: '1 day', '4 days'. */
const counted = (word: string) => (count: number) => `${count} ${word}${count === 1 ? '' : 's'}`;

// The app's two locales, registered under its own locale names in lower case (dayjs looks names up so).
const dayjsLocale: Record<Locale, string> = { en_GB: 'en_gb', uk_UA: 'uk_ua' };
// dayjs's Ukrainian already declines
// ('1 секунду', '2 години', '5 хвилин': its one function words every key, seconds too) and puts months
// in the genitive after a day.
dayjs.locale(
  {
    ...dayjs.Ls['en']!,
    name: dayjsLocale.en_GB,
    relativeTime: {
      future: 'in %s',
      past: '%s ago',
      ss: counted('second'),
      m: '1 minute',
      mm: counted('minute'),
      h: '1 hour',
      hh: counted('hour'),
      d: '1 day',
      dd: counted('day'),
    } as unknown as ILocale['relativeTime'],
  },
  undefined,
  true,
);
dayjs.locale(
  {
    ...ukLocale,
    name: dayjsLocale.uk_UA,
    relativeTime: {
      ...ukLocale.relativeTime,
      ss: ukLocale.relativeTime.mm,
      m: '1 хвилину',
      h: '1 годину',
      d: '1 день',
    } as ILocale['relativeTime'],
  },
  undefined,
  true,
);

export { formatMonthCount } from '../../../contract/date-formats.ts';

/** SPEC §9: date-times younger than this show as relative time. */
export const relativeWindowMs = 5 * 24 * 60 * 60 * 1000;

/** Each locale's dayjs formats: the SPEC's in English, day first with genitive months in Ukrainian. */
const formats = dateFormats;

const wallTime = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/** Whether a wall time 'YYYY-MM-DD[ HH:mm[:ss[.ffffff]]]' names a real moment (no 31 April, no 24:00). */
function isRealWallTime(text: string): boolean {
  const match = wallTime.exec(text);
  if (!match) return false;
  const [y, mo, d, h = 0, mi = 0, s = 0] = match.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part)));
  const read = dayjs.utc(text);
  return (
    read.isValid() &&
    read.year() === y &&
    read.month() + 1 === mo &&
    read.date() === d &&
    read.hour() === h &&
    read.minute() === mi &&
    read.second() === s
  );
}

/** Whether `text` is exactly 'YYYY-MM-DD' and a day the calendar has (no 30 February). */
export function isCalendarDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isRealWallTime(text);
}

/** A SPEC §3 date value as a dayjs, in its own time zone for `{ date, timezone }`, else the browser's. */
function readMoment(value: DateValue | null | undefined): Dayjs | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string') {
    const text = value.trim();
    // A wall time without an offset is in the browser's zone; one with an offset or 'Z' is an instant.
    if (wallTime.test(text)) return isRealWallTime(text) ? dayjs(text) : undefined;
    const at = dayjs(text);
    return at.isValid() ? at : undefined;
  }
  const text = value.date.trim();
  if (!isRealWallTime(text)) return undefined;
  try {
    return dayjs.tz(text, value.timezone);
  } catch {
    // An unknown timezone name: read the date as UTC rather than failing the whole view.
    return dayjs.utc(text);
  }
}

/** Parses a SPEC §3 date value; `{ date, timezone }` is read in its own timezone. Undefined when invalid. */
export function parseDateValue(value: DateValue | null | undefined): Date | undefined {
  return readMoment(value)?.toDate();
}

/** 'MMM D, YYYY' in `locale` ('5 березня 2024 р.' in Ukrainian); '' for a missing or invalid date. */
export function formatDate(value: DateValue | null | undefined, locale: Locale): string {
  return readMoment(value)?.locale(dayjsLocale[locale]).format(formats[locale].date) ?? '';
}

/** The date-time format, or relative time ('2 hours ago', '3 дні тому') when under 5 days old. */
export function formatDateTime(value: DateValue | null | undefined, locale: Locale, now: Date = new Date()): string {
  const moment = readMoment(value)?.locale(dayjsLocale[locale]);
  if (!moment) return '';
  const age = dayjs(now).diff(moment);
  if (age >= 0 && age < relativeWindowMs) return moment.from(now);
  return moment.format(formats[locale].dateTime);
}

/** The calendar day of an instant in `timeZone`: '22 Nov 2026' / '22 листопада 2026 р.' (activity ranges). */
export function formatDayIn(instant: Date | string, timeZone: string, locale: Locale): string {
  return dayjs(instant).tz(timeZone).locale(dayjsLocale[locale]).format(formats[locale].day);
}

/** A zone's offset from UTC at `now`: 'UTC+02:00', 'UTC±00:00'; '' for a zone this browser does not know. */
export function zoneOffsetLabel(timeZone: string, now: Date = new Date()): string {
  try {
    const offset = dayjs(now).tz(timeZone).format('Z');
    return `UTC${offset === '+00:00' ? '±00:00' : offset}`;
  } catch {
    return '';
  }
}

/** YYYY-MM-DD for a date input (birth dates in forms); '' when missing or invalid. */
export function toInputDate(value: DateValue | null | undefined): string {
  if (value !== null && value !== undefined && typeof value !== 'string') {
    // The calendar day as the server wrote it, not shifted into the browser's timezone.
    const day = /^\d{4}-\d{2}-\d{2}/.exec(value.date)?.[0];
    return day && isRealWallTime(day) ? day : '';
  }
  return readMoment(value)?.format('YYYY-MM-DD') ?? '';
}

/** Today in the browser's calendar as YYYY-MM-DD (a form's first date). */
export function todayIso(now: Date = new Date()): string {
  return dayjs(now).format('YYYY-MM-DD');
}

/** The first day of the month of an ISO date or 'YYYY-MM', in UTC; undefined when it has neither. */
function monthOf(value: string | null | undefined): Dayjs | undefined {
  const match = /^(\d{4})-(\d{2})/.exec(value ?? '');
  if (!match) return undefined;
  const first = `${match[1]}-${match[2]}-01`;
  return isRealWallTime(first) ? dayjs.utc(first) : undefined;
}

/** A month-level fact: 'Mar 2019' / 'березень 2019'; '' when missing. */
export function formatMonthYear(value: string | null | undefined, locale: Locale): string {
  // Ukrainian names the month on its own in the nominative ('березень 2019'), without 'р.'.
  return monthOf(value)?.locale(dayjsLocale[locale]).format(formats[locale].monthYear) ?? '';
}

/** Whole months from the start month to the end month, both counted ('Mar 2019'–'Mar 2019' is 1). */
export function monthsBetween(start: string, end: string): number | undefined {
  const from = monthOf(start);
  const to = monthOf(end);
  if (!from || !to) return undefined;
  const months = to.diff(from, 'month') + 1;
  return months > 0 ? months : undefined;
}

/** The length of a job: '3 yrs 2 mos', '1 yr', '5 mos' / '3 р. 2 міс.'; '' when unknown. */
export function formatDuration(
  start: string | null | undefined,
  end: string | null | undefined,
  locale: Locale,
  now: Date = new Date(),
): string {
  if (!start) return '';
  const months = monthsBetween(start, end || dayjs(now).format('YYYY-MM'));
  return months === undefined ? '' : formatMonthCount(months, locale);
}

/** The twelve month names of `locale` as they stand on their own ('Березень', not 'березня'), capitalised. */
export function monthNames(locale: Locale): string[] {
  const first = dayjs.utc('2000-01-01').locale(dayjsLocale[locale]);
  return Array.from({ length: 12 }, (_, index) => {
    const name = first.month(index).format('MMMM');
    return name.charAt(0).toLocaleUpperCase(locale === 'uk_UA' ? 'uk' : 'en') + name.slice(1);
  });
}
