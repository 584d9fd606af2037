// Argon2id with OWASP's recommended parameters (m=19 MiB, t=2, p=1); about 12 ms a hash here.
import { hash, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id: the package exports a const enum, which type stripping cannot read.
export const standardHashOptions = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// The cheapest Argon2id, for test runs only (decision 229): a run creates thousands of people, and at
// the standard cost their hashing was a quarter of the API suite's time. Laravel's BCRYPT_ROUNDS and
// Django's test PASSWORD_HASHERS do the same. A hash keeps its own parameters, so either verifies.
export const testHashOptions = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/**
 * PASSWORD_HASH_COST=test picks the test parameters; config.ts refuses it in production, and a process
 * whose NODE_ENV is production hashes at the standard cost whatever the variable says.
 */
export function hashOptions(env: NodeJS.ProcessEnv = process.env): typeof standardHashOptions | typeof testHashOptions {
  return env['PASSWORD_HASH_COST'] === 'test' && env['NODE_ENV'] !== 'production' ? testHashOptions : standardHashOptions;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashOptions());
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the account does not exist keeps the timing of "unknown account"
// and "wrong password" comparable, so the answer time does not reveal which accounts exist.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  return decoyHash;
}
