// The demo account seeded on first start so a newcomer can log in at once (never in production), with
// the demo company that employs her (server/demo/company.ts) and everyone's pictures (./pictures.ts).
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, companyMembers, users } from '../db/schema.ts';
import { seedAccount } from './accounts.ts';
import { demoApplicantEmail, demoCompanyName, demoCompanyOwnerEmail, seedDemoCompany } from './company.ts';
import { seedCompanyPictures, seedPersonPictures, type DemoPictureName } from './pictures.ts';
import { seedDemoDomain } from './domain.ts';
import type { FileStore } from '../shared/uploads/store.ts';

export interface DemoAccount {
  email: string;
  password: string;
}

/**
 * Creates the demo user and profile unless the email exists, the demo company unless it exists, and
 * the pictures of whoever has none (so a database seeded before there were pictures gains them);
 * returns whether it created the user. Pictures are stored in the uploads `store`, as uploads are.
 */
export async function seedDemo(db: Db, account: DemoAccount, store: FileStore, now: Date = new Date()): Promise<boolean> {
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
  await seedDemoPictures(db, store, account.email, now);
  await seedDemoDomain(db, now);
  return created;
}

async function seedDemoPictures(db: Db, store: FileStore, demoEmail: string, now: Date): Promise<void> {
  const names = new Map<string, DemoPictureName>([
    [demoEmail.toLowerCase(), 'olena'],
    [demoCompanyOwnerEmail, 'andrii'],
    [demoApplicantEmail, 'maksym'],
  ]);
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...names.keys()]));
  for (const person of people) await seedPersonPictures(db, store, person.id, names.get(person.email)!);
  const owner = people.find((p) => p.email === demoCompanyOwnerEmail);
  if (!owner) return;
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .where(and(eq(companies.name, demoCompanyName), eq(companyMembers.userId, owner.id), eq(companyMembers.role, 'owner')))
    .limit(1);
  if (company) await seedCompanyPictures(db, { now: () => now }, store, company.id, owner.id);
}
