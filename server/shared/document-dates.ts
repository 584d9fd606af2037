// Dates in the documents the server writes (the CV, the public profile and company pages) as the site
// writes them (SPEC §9; contract/date-formats.ts, which src/lib/base/dates.ts reads too): month-level facts
// 'Mar 2019' / 'березень 2019', days 'Mar 5, 2024' / '5 березня 2024 р.'. One home, so a person's
// dates read the same on their page in the app, their public page and their CV.
import dayjs from 'dayjs';
import 'dayjs/locale/uk.js';
import utc from 'dayjs/plugin/utc.js';
import { dateFormats } from '../../contract/date-formats.ts';
import type { Locale } from '../../contract/locale.ts';

dayjs.extend(utc);

const dayjsLocale: Record<Locale, string> = { en_GB: 'en', uk_UA: 'uk' };

/** A stored day or month ('2019-03-01', '2019-03') as its month and year; '' for none. */
export function documentMonthYear(value: string | null | undefined, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})/.exec(value ?? '');
  return match ? dayjs.utc(`${match[1]}-${match[2]}-01`).locale(dayjsLocale[locale]).format(dateFormats[locale].monthYear) : '';
}

/** A stored day ('2024-03-05') or an instant as the site writes a date; the text as it is if unreadable. */
export function documentDate(value: string | Date, locale: Locale): string {
  const parsed =
    typeof value === 'string' ? (/^\d{4}-\d{2}-\d{2}/.test(value) ? dayjs.utc(value.slice(0, 10)) : undefined) : dayjs.utc(value);
  return parsed?.isValid() ? parsed.locale(dayjsLocale[locale]).format(dateFormats[locale].date) : String(value);
}
