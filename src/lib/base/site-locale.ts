// The interface language (SPEC §4, §9): which locale a page shows, the language cookie, and the
// same page in the other language. Sources in order: path prefix, language cookie, browser
// language, default. Pages are prerendered per language, so the cookie and the browser language act
// by redirecting an unprefixed page to its /uk/ twin (docs/decisions/010-locale-detection.md).
import Cookies from 'js-cookie';
import { defaultLocale, isLocale, type Locale } from '../../../contract/locale.ts';
import type { SitePath } from './site-path.ts';
import { buildSitePath } from './site-path.ts';

/** The language cookie: set only by an explicit choice (language switch, settings). */
export const languageCookie = { name: 'locale', days: 365, path: '/' } as const;

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

/** SPEC §9: a browser language containing "uk" or "UA" is Ukrainian; anything else says nothing. */
export function browserLocaleOf(language: string | undefined): Locale | undefined {
  return language && /uk|UA/.test(language) ? 'uk_UA' : undefined;
}

/** The locale the cookie names, or undefined when it is absent or unknown. */
export function cookieLocaleOf(value: string | undefined): Locale | undefined {
  return isLocale(value) ? value : undefined;
}

/** The four sources in SPEC order; `pathLocale` is given only when the path carries a prefix. */
export function preferredLocale(sources: {
  pathLocale?: Locale | undefined;
  cookie?: string | undefined;
  browserLanguage?: string | undefined;
}): Locale {
  return sources.pathLocale ?? cookieLocaleOf(sources.cookie) ?? browserLocaleOf(sources.browserLanguage) ?? defaultLocale;
}

/**
 * Where an unprefixed (English) page should send the visitor instead, or undefined to stay: the
 * cookie decides when set, else the browser language. `/uk/...` pages never redirect: the prefix wins.
 */
export function languageRedirectTarget(
  path: SitePath,
  hasLocalePrefix: boolean,
  cookie: string | undefined,
  browserLanguage: string | undefined,
): string | undefined {
  if (hasLocalePrefix) return undefined;
  const wanted = preferredLocale({ cookie, browserLanguage });
  return wanted === path.locale ? undefined : buildSitePath({ ...path, locale: wanted });
}

/** Whether a URL path starts with the Ukrainian prefix. */
export function hasLocalePrefix(pathname: string): boolean {
  return pathname === '/uk' || pathname.startsWith('/uk/');
}

/** The language cookie's value, if any. */
export function readLanguageCookie(): string | undefined {
  return Cookies.get(languageCookie.name);
}

/** Remembers an explicit language choice for 365 days (SPEC §9). */
export function writeLanguageCookie(locale: Locale): void {
  Cookies.set(languageCookie.name, locale, { expires: languageCookie.days, path: languageCookie.path, sameSite: 'lax' });
}

/** The browser's first language (navigator.languages[0], else navigator.language). */
export function browserLanguage(nav: Pick<Navigator, 'language' | 'languages'> = globalThis.navigator): string | undefined {
  return nav.languages?.[0] ?? nav.language;
}
