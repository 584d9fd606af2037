import { describe, expect, it } from 'vitest';
import { buildSitePath, currentPathWithQuery, currentSitePath, parseSitePath, pathInLocale, routeNameOf } from './site-path.ts';

describe('parseSitePath', () => {
  it.each([
    ['/', { locale: 'en_GB', profileId: undefined, page: '/' }],
    ['/settings', { locale: 'en_GB', profileId: undefined, page: '/settings' }],
    ['/settings/', { locale: 'en_GB', profileId: undefined, page: '/settings' }],
    ['/profile-42/settings', { locale: 'en_GB', profileId: '42', page: '/settings' }],
    ['/profile-42', { locale: 'en_GB', profileId: '42', page: '/' }],
    ['/uk', { locale: 'uk_UA', profileId: undefined, page: '/' }],
    ['/uk/', { locale: 'uk_UA', profileId: undefined, page: '/' }],
    ['/uk/profile-42/settings', { locale: 'uk_UA', profileId: '42', page: '/settings' }],
    ['/uk/profile-abc/employment-details/7', { locale: 'uk_UA', profileId: 'abc', page: '/employment-details/7' }],
    // Honoured only as a segment starting with the prefix and naming something after it.
    ['/profile-/settings', { locale: 'en_GB', profileId: undefined, page: '/profile-/settings' }],
    ['/myprofile-42/settings', { locale: 'en_GB', profileId: undefined, page: '/myprofile-42/settings' }],
    ['/settings/profile-42', { locale: 'en_GB', profileId: undefined, page: '/settings/profile-42' }],
    // The locale prefix is outermost: a /uk after the profile is a page segment.
    ['/profile-42/uk/settings', { locale: 'en_GB', profileId: '42', page: '/uk/settings' }],
  ])('reads %s', (pathname, expected) => {
    expect(parseSitePath(pathname)).toEqual(expected);
  });
});

describe('buildSitePath', () => {
  it.each([
    [{ locale: 'en_GB', page: '/' }, '/'],
    [{ locale: 'uk_UA', page: '/' }, '/uk/'],
    [{ locale: 'en_GB', profileId: '42', page: '/' }, '/profile-42/'],
    [{ locale: 'en_GB', profileId: '42', page: '/settings' }, '/profile-42/settings'],
    [{ locale: 'uk_UA', profileId: '42', page: 'settings/' }, '/uk/profile-42/settings'],
    [{ locale: 'uk_UA', page: '/create-account/company' }, '/uk/create-account/company'],
  ] as const)('writes %o as %s', (parts, expected) => {
    expect(buildSitePath(parts)).toBe(expected);
  });

  it('round-trips with parseSitePath', () => {
    for (const path of ['/', '/uk/', '/profile-7/', '/uk/profile-7/careers', '/employment-details/3']) {
      expect(buildSitePath(parseSitePath(path))).toBe(path);
    }
  });
});

describe('routeNameOf', () => {
  it('names the root home, joins segments and writes ids as id', () => {
    expect(routeNameOf('/')).toBe('home');
    expect(routeNameOf('/settings')).toBe('settings');
    expect(routeNameOf('/create-account/company')).toBe('create-account-company');
    expect(routeNameOf('/employment-details/12')).toBe('employment-details-id');
  });
});

describe('the current location', () => {
  it('is read from the given pathname or the browser location', () => {
    expect(currentSitePath('/uk/profile-3/settings')).toEqual({ locale: 'uk_UA', profileId: '3', page: '/settings' });
    expect(currentPathWithQuery({ pathname: '/settings', search: '?tab=emails' })).toBe('/settings?tab=emails');
    expect(pathInLocale(parseSitePath('/profile-3/settings'), 'uk_UA')).toBe('/uk/profile-3/settings');
  });
});
