// Astro's route locales ("en", "uk": the /uk/ prefix) mapped to the product's locales (SPEC §1).
import type { Locale } from '../../contract/locale.ts';

export type RouteLocale = 'en' | 'uk';

export function localeOfRoute(routeLocale: string | undefined): Locale {
  return routeLocale === 'uk' ? 'uk_UA' : 'en_GB';
}

export function htmlLangOf(locale: Locale): 'en-GB' | 'uk' {
  return locale === 'uk_UA' ? 'uk' : 'en-GB';
}

/** The path prefix of a locale: "" for English, "/uk" for Ukrainian. */
export function localePrefixOf(locale: Locale): '' | '/uk' {
  return locale === 'uk_UA' ? '/uk' : '';
}
