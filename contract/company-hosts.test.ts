import { describe, expect, it } from 'vitest';
import { companyOriginOf, companySitePath, isCompanyHostname, isCompanyPagePath, personalOriginOf } from './company-hosts.ts';

describe('company host origins', () => {
  it('puts company. before the personal host, keeping scheme and port', () => {
    expect(companyOriginOf('http://localhost:4321')).toBe('http://company.localhost:4321');
    expect(companyOriginOf('https://profiles.example/')).toBe('https://company.profiles.example');
  });

  it('leaves a company origin as it is and takes company. off for the personal site', () => {
    expect(companyOriginOf('http://company.localhost:4321')).toBe('http://company.localhost:4321');
    expect(personalOriginOf('http://company.localhost:4321')).toBe('http://localhost:4321');
    expect(personalOriginOf('https://profiles.example')).toBe('https://profiles.example');
  });

  it('recognises the company host name in any case', () => {
    expect(isCompanyHostname('Company.localhost')).toBe(true);
    expect(isCompanyHostname('companyx.localhost')).toBe(false);
    expect(isCompanyHostname('localhost')).toBe(false);
  });
});

describe('company host paths', () => {
  it('serve pages from the company part of the build and shared files from the root', () => {
    expect(companySitePath('/')).toBe('/company/');
    expect(companySitePath('/access')).toBe('/company/access');
    expect(companySitePath('/uk/')).toBe('/uk/company/');
    expect(companySitePath('/uk')).toBe('/uk/company/');
    expect(companySitePath('/uk/access')).toBe('/uk/company/access');
    expect(companySitePath('/_astro/app.js')).toBe('/_astro/app.js');
    expect(companySitePath('/version.json')).toBe('/version.json');
    expect(companySitePath('/builds/latest.json')).toBe('/builds/latest.json');
  });

  it('name the company pages the personal host must not serve', () => {
    expect(isCompanyPagePath('/company/')).toBe(true);
    expect(isCompanyPagePath('/company')).toBe(true);
    expect(isCompanyPagePath('/uk/company/access')).toBe(true);
    expect(isCompanyPagePath('/company-profile')).toBe(false);
    expect(isCompanyPagePath('/companyx')).toBe(false);
  });
});
