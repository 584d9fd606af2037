// A file's size as people read it ('2.4 MB', '2,4 МБ'), in the page's language.
import type { Locale } from '../../../contract/locale.ts';

const units: Record<Locale, readonly string[]> = {
  en_GB: ['B', 'KB', 'MB', 'GB'],
  uk_UA: ['Б', 'КБ', 'МБ', 'ГБ'],
};

/** Bytes in the largest unit that keeps the number at least 1, one decimal below 10. */
export function formatFileSize(bytes: number, locale: Locale): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units[locale].length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit > 0 && value < 10 ? 1 : 0;
  const number = new Intl.NumberFormat(locale === 'uk_UA' ? 'uk' : 'en-GB', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value);
  return `${number} ${units[locale][unit]}`;
}
