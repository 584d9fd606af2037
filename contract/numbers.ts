// Numbers as each language writes them (docs/glossary.md, decisions 240 and 247): Ukrainian with a
// decimal comma and a space between thousands ('4,5', '12 345'), English with a point ('4.5'). One
// home for the site, the server-rendered public pages, the CV and mail, so a score reads the same
// wherever it is shown.
import type { Locale } from './locale.ts';

/** The BCP 47 tag Intl takes for each interface language. */
export const intlLocales: Record<Locale, string> = { en_GB: 'en-GB', uk_UA: 'uk-UA' };

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(locale: Locale, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${locale}/${maximumFractionDigits}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(intlLocales[locale], { maximumFractionDigits });
    formats.set(key, found);
  }
  return found;
}

/** `value` in `locale`'s way, with at most `maximumFractionDigits` decimals: '4,5' / '4.5', '1 200' / '1,200'. */
export function formatNumber(value: number, locale: Locale, maximumFractionDigits = 2): string {
  return formatOf(locale, maximumFractionDigits).format(value);
}

/** An in-company score (1–6, two decimals at most, as contract/employment-scores.ts rounds it): '4,33', '4.5', '4'. */
export function formatScore(score: number, locale: Locale): string {
  return formatNumber(score, locale, 2);
}
