// Creates ready-to-use accounts (verified email, a profile) for demos and browser tests.
import { eq } from 'drizzle-orm';
import type { Locale } from '../../contract/locale.ts';
import type { Db } from '../db/client.ts';
import { profiles, users } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';

export interface SeedAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  locale?: Locale;
}

/** Creates the account unless its email exists; returns the user id either way. */
export async function seedAccount(db: Db, account: SeedAccount, now: Date = new Date()): Promise<number> {
  const email = account.email.toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return existing.id;
  const passwordHash = await hashPassword(account.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, emailVerifiedAt: now, locale: account.locale ?? 'en_GB' })
      .returning({ id: users.id });
    await tx.insert(profiles).values({ userId: user!.id, firstName: account.firstName, lastName: account.lastName });
    return user!.id;
  });
}
