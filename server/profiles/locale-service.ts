// The person's interface language (SPEC §4): one column on the user, read back as the profile's locale.
import { eq } from 'drizzle-orm';
import type { Locale } from '../../contract/locale.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** Saves `locale` as the user's interface language. */
export async function saveLocale(db: Db, userId: number, locale: Locale, now: Date): Promise<void> {
  await db.update(users).set({ locale, updatedAt: now }).where(eq(users.id, userId));
}
