// Which ids the country list (countries.ts) has, apart from its names: a schema that checks a country
// id needs only this, so a page that parses the settings' answers does not ship every country's name
// in two languages (about 5 KB gzip on /settings; decision 175). The list is append-only and numbered
// from 1 without gaps, so its ids are 1..countryCount; countries.test.ts ties the two.
export const countryCount = 250;

/** Whether `id` is a country of the list. */
export function isCountryId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= countryCount;
}
