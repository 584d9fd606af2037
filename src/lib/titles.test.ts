import { describe, expect, it } from 'vitest';
import { bodyLocaleClass, documentTitle, pageTitleFor, titleKeyFor } from './titles.ts';

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
