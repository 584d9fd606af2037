// Dates as the SPEC §9 shows them: 'MMM D, YYYY', date-times 'MMMM D, YYYY, [at] h:mm A' or
// relative when under 5 days old, birth dates as YYYY-MM-DD in forms. Ukrainian reads day before month
// with the month in its genitive form ('5 березня 2024 р.'). Month-level facts (jobs, studies,
// certificates) show month and year only, and jobs their length ('3 yrs 2 mos' / '3 р. 2 міс.').
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/uk';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { DateValue } from '../../contract/envelope.ts';
import type { Locale } from '../../contract/locale.ts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

export const dateFormat = 'MMM D, YYYY';
export const dateTimeFormat = 'MMMM D, YYYY, [at] h:mm A';
// Ukrainian forms: dayjs picks the genitive month when a day precedes it.
const ukDateFormat = 'D MMMM YYYY [р.]';
const ukDateTimeFormat = 'D MMMM YYYY [р.], [о] HH:mm';
export const inputDateFormat = 'YYYY-MM-DD';
/** SPEC §9: date-times younger than this show as relative time. */
export const relativeWindowMs = 5 * 24 * 60 * 60 * 1000;

// The bracketed literal of the date-time format is not translated by dayjs, so we do it.
const atWord: Record<Locale, string> = { en_GB: 'at', uk_UA: 'о' };

function dayjsLocale(locale: Locale): string {
  return locale === 'uk_UA' ? 'uk' : 'en';
}

/** Parses a SPEC §3 date value; `{ date, timezone }` is read in its own timezone. Undefined when invalid. */
export function parseDateValue(value: DateValue | null | undefined): Dayjs | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  let parsed: Dayjs;
  if (typeof value === 'string') {
    parsed = dayjs(value);
  } else {
    try {
      // Laravel sends "2024-05-01 10:00:00.000000"; dayjs reads it with the space as a separator.
      parsed = dayjs.tz(value.date.replace(/\.\d+$/, ''), value.timezone);
    } catch {
      // An unknown timezone name: fall back to the date as UTC rather than failing the whole view.
      parsed = dayjs.utc(value.date.replace(/\.\d+$/, ''));
    }
  }
  return parsed.isValid() ? parsed : undefined;
}

/** 'MMM D, YYYY' in `locale`; '' for a missing or invalid date. */
export function formatDate(value: DateValue | null | undefined, locale: Locale): string {
  return parseDateValue(value)?.locale(dayjsLocale(locale)).format(locale === 'uk_UA' ? ukDateFormat : dateFormat) ?? '';
}

/** The date-time format, or relative time ('2 hours ago') when under 5 days old. */
export function formatDateTime(value: DateValue | null | undefined, locale: Locale, now: Date = new Date()): string {
  const parsed = parseDateValue(value);
  if (!parsed) return '';
  const localised = parsed.locale(dayjsLocale(locale));
  const age = now.getTime() - parsed.valueOf();
  if (age >= 0 && age < relativeWindowMs) return localised.from(dayjs(now));
  if (locale === 'uk_UA') return localised.format(ukDateTimeFormat);
  return localised.format(dateTimeFormat.replace('[at]', `[${atWord[locale]}]`));
}

/** YYYY-MM-DD for a date input (birth dates in forms); '' when missing or invalid. */
export function toInputDate(value: DateValue | null | undefined): string {
  if (value !== null && value !== undefined && typeof value !== 'string') {
    // The calendar day as the server wrote it, not shifted into the browser's timezone.
    const day = /^\d{4}-\d{2}-\d{2}/.exec(value.date)?.[0];
    return day && dayjs(day).isValid() ? day : '';
  }
  return parseDateValue(value)?.format(inputDateFormat) ?? '';
}

/** Year and month of an ISO date or 'YYYY-MM'; undefined when it has neither. */
function yearMonthOf(value: string | null | undefined): { year: number; month: number } | undefined {
  const match = /^(\d{4})-(\d{2})/.exec(value ?? '');
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year, month } : undefined;
}

/** A month-level fact: 'Mar 2019' / 'березень 2019'; '' when missing. */
export function formatMonthYear(value: string | null | undefined, locale: Locale): string {
  const parts = yearMonthOf(value);
  if (!parts) return '';
  const date = dayjs(new Date(parts.year, parts.month - 1, 1)).locale(dayjsLocale(locale));
  return locale === 'uk_UA' ? date.format('MMMM YYYY') : date.format('MMM YYYY');
}

/** Whole months from the start month to the end month, both counted ('Mar 2019'–'Mar 2019' is 1). */
export function monthsBetween(start: string, end: string): number | undefined {
  const from = yearMonthOf(start);
  const to = yearMonthOf(end);
  if (!from || !to) return undefined;
  const months = (to.year - from.year) * 12 + (to.month - from.month) + 1;
  return months > 0 ? months : undefined;
}

/** The length of a job: '3 yrs 2 mos', '1 yr', '5 mos' / '3 р. 2 міс.'; '' when unknown. */
export function formatDuration(start: string | null | undefined, end: string | null | undefined, locale: Locale, now: Date = new Date()): string {
  if (!start) return '';
  const until = end || dayjs(now).format('YYYY-MM');
  const months = monthsBetween(start, until);
  return months === undefined ? '' : formatMonthCount(months, locale);
}

/** A number of whole months as years and months: '3 yrs 2 mos' / '3 р. 2 міс.'; '' for none. */
export function formatMonthCount(months: number, locale: Locale): string {
  if (!Number.isInteger(months) || months <= 0) return '';
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts =
    locale === 'uk_UA'
      ? [years ? `${years} р.` : '', rest ? `${rest} міс.` : '']
      : [years ? `${years} ${years === 1 ? 'yr' : 'yrs'}` : '', rest ? `${rest} ${rest === 1 ? 'mo' : 'mos'}` : ''];
  return parts.filter(Boolean).join(' ');
}
