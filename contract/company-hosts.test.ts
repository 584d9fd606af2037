import { describe, expect, it } from 'vitest';
import { companyOriginOf, isCompanyHostname, personalOriginOf } from './company-hosts.ts';

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
