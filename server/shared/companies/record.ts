// The company record other features touch: sign-up creates a company with its owner, confirming the
// owner's sign-up verifies it, and a company's name is read where its events are told.
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { companies, companyMembers } from '../../db/schema.ts';

/** Creates the company and makes `ownerId` its owner, inside the sign-up transaction. */
export async function createCompanyWithOwner(
  tx: Tx,
  company: { name: string; industry: string; industryId?: number | null; ownerId: number },
): Promise<number> {
  const [row] = await tx
    .insert(companies)
    .values({ name: company.name, industry: company.industry, industryId: company.industryId ?? null })
    .returning({ id: companies.id });
  if (!row) throw new Error('company not created');
  await tx.insert(companyMembers).values({ companyId: row.id, userId: company.ownerId, role: 'owner' });
  return row.id;
}

/** Marks the pending companies `ownerId` owns as verified (their sign-up verification is complete). */
export async function verifyCompaniesOwnedBy(db: Db, clock: Clock, ownerId: number): Promise<void> {
  const owned = db
    .select({ id: companyMembers.companyId })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, ownerId), eq(companyMembers.role, 'owner')));
  const now = clock.now();
  await db
    .update(companies)
    .set({ verificationStatus: 'verified', verifiedAt: now, updatedAt: now })
    .where(and(inArray(companies.id, owned), eq(companies.verificationStatus, 'pending')));
}

/** The company's name, or undefined when there is no such company. */
export async function companyNameOf(db: Queryable, companyId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.name;
}
