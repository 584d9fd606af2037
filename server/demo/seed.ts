// The demo account seeded on first start so a newcomer can log in at once (never in production).
import type { Db } from '../db/client.ts';
import { seedAccount } from './accounts.ts';

export interface DemoAccount {
  email: string;
  password: string;
}

/** Creates the demo user and profile unless the email exists; returns whether it created them. */
export async function seedDemo(db: Db, account: DemoAccount, now: Date = new Date()): Promise<boolean> {
  const { created } = await seedAccount(
    db,
    {
      ...account,
      firstName: 'Olena',
      lastName: 'Kovalenko',
      phone: '+380501234567',
      profile: {
        headline: 'Product designer',
        about: 'Designs calm, accessible interfaces for complex products.',
        skills: ['Product design', 'Accessibility', 'Design systems'],
        birthDate: '1990-04-12',
        location: 'Kyiv, Ukraine',
        currentPosition: 'Lead product designer',
        openToWork: true,
      },
    },
    now,
  );
  return created;
}
