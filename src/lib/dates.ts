// Dates as the SPEC §9 shows them: 'MMM D, YYYY', date-times 'MMMM D, YYYY, [at] h:mm A' or
// relative when under 5 days old, birth dates as YYYY-MM-DD in forms. Ukrainian reads day before month
// with the month in its genitive form ('5 березня 2024 р.'). Month-level facts (jobs, studies,
// certificates) show month and year only, and jobs their length ('3 yrs 2 mos' / '3 р. 2 міс.').
// The browser's own Intl does the formatting (no date library: issue 9's budget), with the SPEC's
// formats spelled out below and the same words in both languages on every browser.
import type { DateValue } from '../../contract/envelope.ts';
import type { Locale } from '../../contract/locale.ts';

/** SPEC §9's formats, which the functions below produce. */
export const dateFormat = 'MMM D, YYYY';
export const dateTimeFormat = 'MMMM D, YYYY, [at] h:mm A';
/** SPEC §9: date-times younger than this show as relative time. */
export const relativeWindowMs = 5 * 24 * 60 * 60 * 1000;

// The SPEC's English formats are month-first; Ukrainian reads day before month.
const intlLocale: Record<Locale, string> = { en_GB: 'en-US', uk_UA: 'uk' };
// The literal between date and time in the date-time format.
const atWord: Record<Locale, string> = { en_GB: 'at', uk_UA: 'о' };

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One formatter per locale, options and time zone (building one costs far more than using it). */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, made);
  }
  return made;
}

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();
/** One relative-time formatter per locale, as `formatter` keeps the date ones. */
function relativeFormatter(locale: string): Intl.RelativeTimeFormat {
  let made = relativeFormatters.get(locale);
  if (!made) {
    made = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    relativeFormatters.set(locale, made);
  }
  return made;
}

// Some ICU versions put a narrow no-break space before AM/PM; the SPEC's format has a plain one.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** A moment, and the time zone it is to be shown in (the browser's when undefined). */
interface Moment {
  at: Date;
  timeZone?: string;
}

const isoParts = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** The offset of `timeZone` from UTC at `at`, in milliseconds; throws RangeError for an unknown zone. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return Date.UTC(parts['year']!, parts['month']! - 1, parts['day'], parts['hour'], parts['minute'], parts['second']) - Math.floor(at / 1000) * 1000;
}

/** Reads 'YYYY-MM-DD[ HH:mm[:ss[.ffffff]]][Z|±hh:mm]'; a wall time without an offset is in `timeZone` (the browser's when undefined). */
function readWallTime(text: string, timeZone?: string): Date | undefined {
  const match = isoParts.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '0', zone] = match;
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(fraction.slice(0, 3).padEnd(3, '0'))] as const;
  if (fields[1] > 11 || fields[2] < 1 || fields[2] > 31 || fields[3] > 23 || fields[4] > 59 || fields[5] > 59) return undefined;
  const asUtc = Date.UTC(...fields);
  if (zone) {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.replace(/[^0-9]/g, '');
    return zone.toUpperCase() === 'Z' ? new Date(asUtc) : new Date(asUtc - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000);
  }
  if (!timeZone) return new Date(...fields);
  // The zone's offset at that wall time: guess with the offset at the same UTC reading, then correct once (DST).
  const guess = asUtc - zoneOffset(asUtc, timeZone);
  return new Date(asUtc - zoneOffset(guess, timeZone));
}

function readMoment(value: DateValue | null | undefined): Moment | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string') {
    const at = readWallTime(value) ?? new Date(value);
    return Number.isNaN(at.getTime()) ? undefined : { at };
  }
  try {
    const at = readWallTime(value.date, value.timezone);
    return at && !Number.isNaN(at.getTime()) ? { at, timeZone: value.timezone } : undefined;
  } catch {
    // An unknown timezone name: read the date as UTC rather than failing the whole view.
    const at = readWallTime(value.date, 'UTC');
    return at ? { at, timeZone: 'UTC' } : undefined;
  }
}

/** Parses a SPEC §3 date value; `{ date, timezone }` is read in its own timezone. Undefined when invalid. */
export function parseDateValue(value: DateValue | null | undefined): Date | undefined {
  return readMoment(value)?.at;
}

/** 'MMM D, YYYY' in `locale` ('5 березня 2024 р.' in Ukrainian); '' for a missing or invalid date. */
export function formatDate(value: DateValue | null | undefined, locale: Locale): string {
  const moment = readMoment(value);
  if (!moment) return '';
  const style: Intl.DateTimeFormatOptions = { year: 'numeric', month: locale === 'uk_UA' ? 'long' : 'short', day: 'numeric', timeZone: moment.timeZone };
  return plainSpaces(formatter(intlLocale[locale], style).format(moment.at));
}

/** '30 seconds ago', '3 minutes ago' … '4 days ago' ('3 хвилини тому'), rounded as people say it. */
function relative(ageMs: number, locale: Locale): string {
  const seconds = ageMs / 1000;
  const words = relativeFormatter(intlLocale[locale]);
  if (seconds < 45) return words.format(-Math.max(1, Math.round(seconds)), 'second');
  if (seconds < 45 * 60) return words.format(-Math.max(1, Math.round(seconds / 60)), 'minute');
  if (seconds < 22 * 3600) return words.format(-Math.max(1, Math.round(seconds / 3600)), 'hour');
  return words.format(-Math.max(1, Math.round(seconds / 86_400)), 'day');
}

/** The date-time format, or relative time ('2 hours ago') when under 5 days old. */
export function formatDateTime(value: DateValue | null | undefined, locale: Locale, now: Date = new Date()): string {
  const moment = readMoment(value);
  if (!moment) return '';
  const age = now.getTime() - moment.at.getTime();
  if (age >= 0 && age < relativeWindowMs) return relative(age, locale);
  const timeZone = moment.timeZone;
  const date = formatter(intlLocale[locale], { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(moment.at);
  const time =
    locale === 'uk_UA'
      ? formatter('uk', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(moment.at)
      : formatter('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(moment.at);
  return plainSpaces(`${date}, ${atWord[locale]} ${time}`);
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD for a date input (birth dates in forms); '' when missing or invalid. */
export function toInputDate(value: DateValue | null | undefined): string {
  if (value !== null && value !== undefined && typeof value !== 'string') {
    // The calendar day as the server wrote it, not shifted into the browser's timezone.
    const day = /^\d{4}-\d{2}-\d{2}/.exec(value.date)?.[0];
    return day && readWallTime(day) ? day : '';
  }
  const at = parseDateValue(value);
  return at ? `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}` : '';
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
  const first = new Date(parts.year, parts.month - 1, 1);
  // Ukrainian names the month on its own in the nominative ('березень 2019'), without 'р.'.
  if (locale === 'uk_UA') return `${formatter('uk', { month: 'long' }).format(first)} ${parts.year}`;
  return plainSpaces(formatter('en-US', { month: 'short', year: 'numeric' }).format(first));
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
  const until = end || `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}`;
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
