import { describe, expect, it } from 'vitest';
import { trustLevelOf } from './trust.ts';

describe('the ladder of trust (decision 257)', () => {
  it('is self-declared without a company confirmation, whatever the company proved', () => {
    expect(trustLevelOf({ verified: false, company: { verified_domain: null } })).toBe('self_declared');
    expect(trustLevelOf({ verified: false, company: { verified_domain: 'northwind.example' } })).toBe('self_declared');
  });

  it('is company-confirmed when the company proved no domain, and domain-verified when it did', () => {
    expect(trustLevelOf({ verified: true, company: { verified_domain: null } })).toBe('company_confirmed');
    expect(trustLevelOf({ verified: true, company: { verified_domain: 'northwind.example' } })).toBe('domain_verified');
  });
});
