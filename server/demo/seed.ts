// The demo account seeded on first start so a newcomer can log in at once (never in production).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { profiles, users } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';

export interface DemoAccount {
  email: string;
  password: string;
}

/** Creates the demo user and profile unless the email exists; returns whether it created them. */
export async function seedDemo(db: Db, account: DemoAccount, now: Date = new Date()): Promise<boolean> {
  const email = account.email.toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return false;
  const passwordHash = await hashPassword(account.password);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, phone: '+380501234567', emailVerifiedAt: now, phoneVerifiedAt: now })
      .returning({ id: users.id });
    if (!user) throw new Error('Demo user was not created');
    await tx.insert(profiles).values({
      userId: user.id,
      firstName: 'Olena',
      lastName: 'Kovalenko',
      headline: 'Product designer',
      about: 'Designs calm, accessible interfaces for complex products.',
      skills: ['Product design', 'Accessibility', 'Design systems'],
      birthDate: '1990-04-12',
      location: 'Kyiv, Ukraine',
      currentPosition: 'Lead product designer',
      openToWork: true,
    });
  });
  return true;
}
