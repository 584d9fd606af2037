// Companies and their members. Sign-up creates a company with its owner; the workspace, invitations,
// join requests and teams build on the same two tables later.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AccountCompany } from '../../contract/auth.ts';
import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/client.ts';
import { companies, companyMembers } from '../db/schema.ts';


/** Creates the company and makes `ownerId` its owner, inside the sign-up transaction. */
export async function createCompanyWithOwner(
  tx: Tx,
  company: { name: string; industry: string; ownerId: number },
): Promise<number> {
  const [row] = await tx
    .insert(companies)
    .values({ name: company.name, industry: company.industry })
    .returning({ id: companies.id });
  if (!row) throw new Error('company not created');
  await tx.insert(companyMembers).values({ companyId: row.id, userId: company.ownerId, role: 'owner' });
  return row.id;
}

/** The companies a person belongs to, oldest membership first. */
export async function companiesOf(db: Db, userId: number): Promise<AccountCompany[]> {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      industry: companies.industry,
      role: companyMembers.role,
      verificationStatus: companies.verificationStatus,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .orderBy(asc(companyMembers.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    industry: row.industry,
    role: row.role,
    verification_status: row.verificationStatus,
  }));
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
