import { describe, expect, it } from 'vitest';
import { hashOptions, hashPassword, standardHashOptions, testHashOptions, verifyPassword } from './passwords.ts';

// The API suite and the browser tests hash at the test cost (PASSWORD_HASH_COST=test); this file runs
// in the "server" project, without it, so it proves what every other process uses (decision 229).
describe('password hashing', () => {
  it("hashes with Argon2id at OWASP's parameters (m=19 MiB, t=2, p=1) unless a test run asks otherwise", async () => {
    expect(process.env['PASSWORD_HASH_COST']).toBeUndefined();
    const stored = await hashPassword('Sturdy-Passw0rd');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Sturdy-Passw0rd')).toBe(true);
    expect(await verifyPassword(stored, 'sturdy-passw0rd')).toBe(false);
  });

  it('takes the test cost only when asked and never in production', () => {
    expect(hashOptions({})).toBe(standardHashOptions);
    expect(hashOptions({ PASSWORD_HASH_COST: 'test' })).toBe(testHashOptions);
    expect(hashOptions({ PASSWORD_HASH_COST: 'test', NODE_ENV: 'production' })).toBe(standardHashOptions);
    expect(hashOptions({ PASSWORD_HASH_COST: 'standard' })).toBe(standardHashOptions);
  });

  it('verifies a hash made at either cost whatever the current one', async () => {
    const previous = process.env['PASSWORD_HASH_COST'];
    process.env['PASSWORD_HASH_COST'] = 'test';
    try {
      const cheap = await hashPassword('Sturdy-Passw0rd');
      expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
      expect(await verifyPassword(cheap, 'Sturdy-Passw0rd')).toBe(true);
    } finally {
      if (previous === undefined) delete process.env['PASSWORD_HASH_COST'];
      else process.env['PASSWORD_HASH_COST'] = previous;
    }
  });
});
