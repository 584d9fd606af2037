// The demo account seeded on first start so a newcomer can log in at once (never in production), with
// the demo company that employs her (server/demo/company.ts).
import type { Db } from '../db/client.ts';
import { seedAccount } from './accounts.ts';
import { seedDemoCompany } from './company.ts';

export interface DemoAccount {
  email: string;
  password: string;
}

/** Creates the demo user and profile unless the email exists, and the demo company unless it exists; returns whether it created the user. */
export async function seedDemo(db: Db, account: DemoAccount, now: Date = new Date()): Promise<boolean> {
  const { userId, created } = await seedAccount(
    db,
    {
      ...account,
      firstName: 'Olena',
      lastName: 'Kovalenko',
      phone: '+380501234567',
      profile: {
        headline: 'Product designer',
        about: 'Designs calm, accessible interfaces for complex products.',
        birthDate: '1990-04-12',
        location: 'Kyiv, Ukraine',
        currentPosition: 'Lead product designer',
        profileStatus: 'open_to_work',
      },
    },
    now,
  );
  await seedDemoCompany(db, userId, account.password, now);
  return created;
}
