// Companies and their members. Sign-up creates a company with its owner; the workspace, invitations,
// join requests and teams build on the same two tables later.
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { AccountCompany } from '../../contract/auth.ts';
import type { CompanyRoleName } from '../../contract/company-roles.ts';
import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/client.ts';
import { companySessions } from '../db/company-schema.ts';
import { companies, companyMembers, users } from '../db/schema.ts';


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

/** Who a company session acts as: the person, the company and their live role in it. */
export interface CompanySessionMember {
  userId: number;
  companyId: number;
  memberId: number;
  role: CompanyRoleName;
}

/**
 * The member a company session token acts as (decision 090), read with the live membership and the
 * person's status on every call, so removal or account closure ends it at once; undefined if none.
 * Shared: the workspace's guard and the realtime channel authorisation both ask it.
 */
export async function resolveCompanySession(db: Db, clock: Clock, token: string): Promise<CompanySessionMember | undefined> {
  if (token.length > 200) return undefined;
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const [row] = await db
    .select({ userId: companySessions.userId, companyId: companySessions.companyId, memberId: companyMembers.id, role: companyMembers.role })
    .from(companySessions)
    .innerJoin(companyMembers, and(eq(companyMembers.companyId, companySessions.companyId), eq(companyMembers.userId, companySessions.userId)))
    .innerJoin(users, eq(users.id, companySessions.userId))
    .where(and(eq(companySessions.tokenHash, tokenHash), gt(companySessions.expiresAt, clock.now()), eq(users.status, 'active')))
    .limit(1);
  return row ? { ...row, role: row.role as CompanyRoleName } : undefined;
}
