// The demo company's verified domain (decision 248), so `npm start` shows a company at the
// top level of trust: northwind.test, the domain of its people's addresses, marked proved by the demo
// data ('demo'), which the daily re-check leaves alone (it could never find a record for .test).
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companyDomains } from '../db/company-schema.ts';
import { companies, companyMembers, users } from '../db/schema.ts';
import { demoCompanyName, demoCompanyOwnerEmail } from './company.ts';

export const demoCompanyDomain = 'northwind.test';

/** Gives the demo company its verified domain once; a second start, or a company without it, changes nothing. */
export async function seedDemoDomain(db: Db, now: Date): Promise<void> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companies.name, demoCompanyName), eq(users.email, demoCompanyOwnerEmail), eq(companyMembers.role, 'owner')))
    .limit(1);
  if (!company) return;
  await db
    .insert(companyDomains)
    .values({
      companyId: company.id,
      domain: demoCompanyDomain,
      token: randomBytes(32).toString('base64url'),
      status: 'verified',
      method: 'demo',
      verifiedAt: now,
      lastCheckedAt: now,
    })
    .onConflictDoNothing();
}
