// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from './page-navigation.ts';
import {
  browserLanguage,
  browserLocaleOf,
  cookieLocaleOf,
  hasLocalePrefix,
  htmlLangOf,
  languageRedirectTarget,
  localeOfRoute,
  localePrefixOf,
  preferredLocale,
  readLanguageCookie,
  writeLanguageCookie,
} from './site-locale.ts';
import { parseSitePath } from './site-path.ts';
import { $locale, followProfileLocale, switchLocale } from '../stores/locale.ts';

describe('locale sources (SPEC §4, §9)', () => {
  it('treat a browser language containing uk or UA as Ukrainian', () => {
    expect(browserLocaleOf('uk')).toBe('uk_UA');
    expect(browserLocaleOf('uk-UA')).toBe('uk_UA');
    expect(browserLocaleOf('ru-UA')).toBe('uk_UA');
    expect(browserLocaleOf('en-GB')).toBeUndefined();
    expect(browserLocaleOf(undefined)).toBeUndefined();
  });

  it('go path prefix, cookie, browser language, default', () => {
    expect(preferredLocale({ pathLocale: 'en_GB', cookie: 'uk_UA', browserLanguage: 'uk' })).toBe('en_GB');
    expect(preferredLocale({ cookie: 'en_GB', browserLanguage: 'uk' })).toBe('en_GB');
    expect(preferredLocale({ cookie: 'fr_FR', browserLanguage: 'uk' })).toBe('uk_UA');
    expect(preferredLocale({ browserLanguage: 'de' })).toBe('en_GB');
    expect(cookieLocaleOf('uk_UA')).toBe('uk_UA');
  });

  it('redirect an unprefixed page when cookie or browser say Ukrainian, never a /uk/ page', () => {
    const plain = parseSitePath('/profile-3/settings');
    expect(languageRedirectTarget(plain, false, 'uk_UA', 'en')).toBe('/uk/profile-3/settings');
    expect(languageRedirectTarget(plain, false, undefined, 'uk-UA')).toBe('/uk/profile-3/settings');
    expect(languageRedirectTarget(plain, false, 'en_GB', 'uk-UA')).toBeUndefined();
    expect(languageRedirectTarget(plain, false, undefined, 'en-US')).toBeUndefined();
    expect(languageRedirectTarget(parseSitePath('/uk/login'), true, 'en_GB', 'en')).toBeUndefined();
    expect(hasLocalePrefix('/uk')).toBe(true);
    expect(hasLocalePrefix('/uk/login')).toBe(true);
    expect(hasLocalePrefix('/ukraine')).toBe(false);
  });

  it('map route locales, html lang and prefixes', () => {
    expect(localeOfRoute('uk')).toBe('uk_UA');
    expect(localeOfRoute(undefined)).toBe('en_GB');
    expect(htmlLangOf('uk_UA')).toBe('uk');
    expect(htmlLangOf('en_GB')).toBe('en-GB');
    expect(localePrefixOf('uk_UA')).toBe('/uk');
    expect(localePrefixOf('en_GB')).toBe('');
    expect(browserLanguage({ languages: ['uk-UA', 'en'], language: 'en' })).toBe('uk-UA');
    expect(browserLanguage({ languages: [], language: 'en' } as unknown as Navigator)).toBe('en');
  });
});

describe('switching language', () => {
  afterEach(() => vi.restoreAllMocks());

  it('remembers the choice for 365 days and loads the same page in the other language', () => {
    const assign = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
    const set = vi.spyOn(Cookies, 'set');
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('http://localhost/profile-3/settings?tab=emails');
    $locale.set('en_GB');
    switchLocale('uk_UA');
    expect(readLanguageCookie()).toBe('uk_UA');
    expect(set).toHaveBeenCalledWith('locale', 'uk_UA', expect.objectContaining({ expires: 365, path: '/' }));
    expect(assign).toHaveBeenCalledWith('/uk/profile-3/settings?tab=emails');
    expect($locale.get()).toBe('uk_UA');
  });

  it('stays put when the language is already shown', () => {
    const assign = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
    $locale.set('en_GB');
    writeLanguageCookie('uk_UA');
    switchLocale('en_GB');
    expect(readLanguageCookie()).toBe('en_GB');
    expect(assign).not.toHaveBeenCalled();
    expect(followProfileLocale('en_GB', true)).toBe(false);
  });

  it('follows the own profile’s locale and remembers it', () => {
    vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
    Cookies.remove('locale', { path: '/' });
    $locale.set('en_GB');
    expect(followProfileLocale('uk_UA', true)).toBe(true);
    expect(readLanguageCookie()).toBe('uk_UA');
  });
});
