// The Ukrainian form of a word after a whole count, by CLDR's rules (Intl.PluralRules, as the site's
// src/lib/plurals.ts): 1, 21, 101 …; 2–4, 22–24 …; the rest (5–20, 11–14, 25 …). The server's own pages
// (the public profile and company pages) write their counts with it.
const ukrainian = new Intl.PluralRules('uk');

/** `one`, `few` or `many` for `count` (a whole number). */
export function ukrainianForm(count: number, one: string, few: string, many: string): string {
  const category = ukrainian.select(count);
  return category === 'one' ? one : category === 'few' ? few : many;
}
