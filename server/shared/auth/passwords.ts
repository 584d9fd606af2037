// Argon2id with OWASP's recommended parameters (m=19 MiB, t=2, p=1); about 12 ms a hash here.
import { hash, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id: the package exports a const enum, which type stripping cannot read.
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
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
