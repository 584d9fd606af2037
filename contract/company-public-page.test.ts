import { describe, expect, it } from 'vitest';
import { companyAddressProblem, suggestCompanyAddress } from './company-public-page.ts';
import { companyProfilePath, companyPublicPagePath } from './company-routes.ts';
import { UpdateCompanyPublicPageRequest } from './company-public-page-schemas.ts';
import { publicAddressProblem, suggestPublicAddress } from './public-profile.ts';

describe('a company’s public address', () => {
  it('follows the people’s format rules', () => {
    for (const bad of ['ab', 'a'.repeat(61), 'Acme', 'acme_ltd', '-acme', 'acme-', 'acme--ltd', 'acme ltd', 'акме'])
      expect(companyAddressProblem(bad), bad).toBe('format');
    for (const good of ['acme', 'acme-ltd', 'a1b', '123', 'a'.repeat(60)]) expect(companyAddressProblem(good), good).toBeUndefined();
  });

  it('reserves the site’s words and the company host’s pages (tests/structure checks it holds every one)', () => {
    expect(companyAddressProblem('settings')).toBe('reserved');
    expect(companyAddressProblem('access')).toBe('reserved');
    // 'access' is free for a person: /in/access cannot be mistaken for a page of the company host.
    expect(publicAddressProblem('access')).toBeUndefined();
  });

  it('is suggested from the company’s name, transliterated by the 2010 table', () => {
    expect(suggestCompanyAddress('Northwind Studio')).toBe('northwind-studio');
    expect(suggestCompanyAddress('Північний Вітер')).toBe('pivnichnyi-viter');
    expect(suggestCompanyAddress('Café Zoë & Co.')).toBe('cafe-zoe-co');
    expect(suggestCompanyAddress('Access')).toBe('access-company');
    expect(suggestCompanyAddress('AB')).toBe('ab-company');
    expect(suggestCompanyAddress('!!!')).toBe('company-page');
    expect(suggestCompanyAddress('x'.repeat(200))).toHaveLength(60);
    // 'й' is 'i' inside a word (it was 'y' while accents came off before the table).
    expect(suggestPublicAddress('Андрій', 'Мельник')).toBe('andrii-melnyk');
  });

  it('is read trimmed and lower-cased by the settings’ schema, which names the rule it breaks', () => {
    expect(UpdateCompanyPublicPageRequest.parse({ address: '  Acme-Ltd ', is_public: true, noindex: false }).address).toBe('acme-ltd');
    const refused = UpdateCompanyPublicPageRequest.safeParse({ address: 'access', is_public: true, noindex: false });
    expect(refused.error?.issues[0]?.message).toBe('validation.publicAddressReserved');
  });
});

describe('company page paths', () => {
  it('put the public page under /company/ and the signed-in page with its id, each in both languages', () => {
    expect(companyPublicPagePath('acme', 'en_GB')).toBe('/company/acme');
    expect(companyPublicPagePath('acme', 'uk_UA')).toBe('/uk/company/acme');
    expect(companyProfilePath(7, 'en_GB')).toBe('/company-profile?id=7');
    expect(companyProfilePath(7, 'uk_UA')).toBe('/uk/company-profile?id=7');
  });
});
