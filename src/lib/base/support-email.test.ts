import { describe, expect, it } from 'vitest';
import { defaultSupportEmail, supportEmailFrom } from './support-email.ts';

describe('the support address from configuration', () => {
  it('uses a configured address, trimmed', () => {
    expect(supportEmailFrom(' help@profiles.example ')).toBe('help@profiles.example');
  });
  it.each([undefined, '', 'not an address', 'a@b', 'x@y.z?subject=hi', 'a b@c.d', 42])('falls back to the default for %s', (value) => {
    expect(supportEmailFrom(value)).toBe(defaultSupportEmail);
  });
});
