// Creates ready-to-use accounts (verified email, a profile) for the demo and for browser tests.
import { eq } from 'drizzle-orm';
import type { Locale } from '../../contract/locale.ts';
import type { Db } from '../db/client.ts';
import { profiles, users } from '../db/schema.ts';
import { hashPassword } from '../shared/auth/passwords.ts';

export interface SeedAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  locale?: Locale;
  /** A verified phone number, when the account should have one. */
  phone?: string;
  /** Further profile fields to fill. */
  profile?: Partial<Omit<typeof profiles.$inferInsert, 'userId' | 'firstName' | 'lastName'>>;
}

/** Creates the account unless its email exists; answers its user id and whether it was created now. */
export async function seedAccount(db: Db, account: SeedAccount, now: Date = new Date()): Promise<{ userId: number; created: boolean }> {
  const email = account.email.toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return { userId: existing.id, created: false };
  const passwordHash = await hashPassword(account.password);
  const userId = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        emailVerifiedAt: now,
        locale: account.locale ?? 'en_GB',
        ...(account.phone ? { phone: account.phone, phoneVerifiedAt: now } : {}),
      })
      .returning({ id: users.id });
    await tx.insert(profiles).values({ ...account.profile, userId: user!.id, firstName: account.firstName, lastName: account.lastName });
    return user!.id;
  });
  return { userId, created: true };
}
