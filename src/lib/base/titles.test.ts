import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { bodyLocaleClass, documentTitle, pageDescriptionFor, pageTitleFor, titleKeyFor } from './titles.ts';

describe('page titles (SPEC §2)', () => {
  it.each([
    ['/', 'Home'],
    ['/activities', 'All activities'],
    ['/settings', 'Settings'],
    ['/careers', 'Employment & Careers'],
    ['/achievements', 'Achievements'],
    ['/notifications', 'Notifications'],
    ['/login', 'Log in'],
    ['/account-closed', 'Your account has been closed'],
    ['/invitation', 'Confirm your identity'],
    ['/create-account', 'Create account'],
    ['/create-account/company', 'Create account'],
    ['/employment-details/12', 'Employment details'],
    ['/activities/5', 'View activity | All activities'],
    ['/achievements/5', 'View achievement | Achievements'],
    ['/careers/5', 'View career | Employment & Careers'],
    ['/notifications/5', 'View notification | Notifications'],
    ['/settings/5', 'View item | Settings'],
    ['/activities/abc', 'All activities'],
  ])('%s is "%s"', (path, title) => {
    expect(pageTitleFor('en_GB', path)).toBe(title);
  });

  it('has no title off the table', () => {
    expect(titleKeyFor('/unknown')).toBeUndefined();
    expect(pageTitleFor('en_GB', '/unknown')).toBeUndefined();
  });

  it('speaks Ukrainian and ends with the product name', () => {
    expect(pageTitleFor('uk_UA', '/settings')).toBe('Налаштування');
    expect(pageTitleFor('uk_UA', '/activities/4')).toBe('Перегляд активності | Уся активність');
    expect(documentTitle('uk_UA', 'Налаштування')).toBe('Налаштування | Profiles');
    expect(documentTitle('en_GB', undefined)).toBe('Profiles');
  });

  it('puts lang-uk on the body for uk_UA and lang-en otherwise', () => {
    expect(bodyLocaleClass('uk_UA')).toBe('lang-uk');
    expect(bodyLocaleClass('en_GB')).toBe('lang-en');
  });
});

describe('meta descriptions (decision 171)', () => {
  // Every page file of the site, as the path its layout describes (404 is '/not-found').
  const pagesDir = path.resolve(import.meta.dirname, '../../pages');
  const pagePaths = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.astro') && !file.startsWith('uk/'))
    .map((file) => `/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`.replace(/^\/404$/, '/not-found'));

  it.each(['en_GB', 'uk_UA'] as const)('give every page its own text in %s', (locale) => {
    expect(pagePaths.length).toBeGreaterThan(20);
    const texts = pagePaths.map((page) => pageDescriptionFor(locale, page));
    expect(new Set(texts).size).toBe(pagePaths.length);
    // Only the sign-in page says how to sign in.
    expect(pagePaths.filter((page) => pageDescriptionFor(locale, page) === translate(locale, 'login.intro'))).toEqual(['/login']);
  });

  it('are in the page language, ids aside', () => {
    for (const page of pagePaths) expect(pageDescriptionFor('uk_UA', page), page).toMatch(/[а-яіїєґ]/i);
    expect(pageDescriptionFor('en_GB', '/employment-details/12')).toBe(pageDescriptionFor('en_GB', '/employment-details'));
    expect(() => pageDescriptionFor('en_GB', '/nowhere')).toThrow(/meta\.nowhere/);
  });
});
