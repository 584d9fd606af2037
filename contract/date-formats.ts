// How dates read in each language (SPEC §9): the site (src/lib/base/dates.ts) and the server's own
// documents (the CV, server/profiles/cv-service.ts) format with dayjs from these patterns, so a date
// reads the same on the page and in the PDF. Plain data and one pure function: contract/ imports no
// date library.
import type { Locale } from './locale.ts';

/** SPEC §9's English formats, which the site's functions produce. */
export const dateFormat = 'MMM D, YYYY';
export const dateTimeFormat = 'MMMM D, YYYY, [at] h:mm A';

/**
 * Each locale's dayjs patterns: the SPEC's in English; in Ukrainian day first with the month in the
 * genitive ('5 березня 2024 р.'), and a month on its own in the nominative ('березень 2019').
 */
export const dateFormats: Record<Locale, { date: string; dateTime: string; monthYear: string; day: string }> = {
  en_GB: { date: dateFormat, dateTime: dateTimeFormat, monthYear: 'MMM YYYY', day: 'D MMM YYYY' },
  uk_UA: { date: 'D MMMM YYYY [р.]', dateTime: 'D MMMM YYYY [р.], [о] HH:mm', monthYear: 'MMMM YYYY', day: 'D MMMM YYYY [р.]' },
};

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
