// Companies and their members. Sign-up creates a company with its owner; the workspace, invitations,
// join requests and teams build on the same two tables later.
import { createHash } from 'node:crypto';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { AccountCompany } from '../../contract/auth.ts';
import type { CompanyRoleName } from '../../contract/company-roles.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable, Tx } from '../db/client.ts';
import { companySessions } from '../db/company-schema.ts';
import { companies, companyMembers, profiles, users } from '../db/schema.ts';
import { profileApiPaths } from '../../contract/routes.ts';

dayjs.extend(utc);

/** The UTC day of `now` as `YYYY-MM-DD`: the day date-based effects compare with (decision 120). */
export function dayOf(now: Date): string {
  return dayjs.utc(now).format('YYYY-MM-DD');
}

/**
 * A membership still counts on `now`'s day: the person has not left, or their leaving day is still
 * ahead (SPEC §4: leaving takes effect the next day). Every check of company access applies it, so
 * the stored day and the clock decide, with no job to run.
 */
export function membershipCounts(now: Date) {
  return or(isNull(companyMembers.leavesOn), gt(companyMembers.leavesOn, dayOf(now)));
}


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

/** The companies a person belongs to, oldest membership first. */
export async function companiesOf(db: Db, userId: number, now: Date): Promise<AccountCompany[]> {
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
    .where(and(eq(companyMembers.userId, userId), membershipCounts(now)))
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
    .where(and(eq(companySessions.tokenHash, tokenHash), gt(companySessions.expiresAt, clock.now()), eq(users.status, 'active'), membershipCounts(clock.now())))
    .limit(1);
  return row ? { ...row, role: row.role as CompanyRoleName } : undefined;
}

/** Display name and photo of people, by user id. */
export async function peopleByIds(db: Queryable, userIds: number[]): Promise<Map<number, { name: string; photoUrl: string | null; email: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, first: profiles.firstName, last: profiles.lastName, photo: profiles.photoPath })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(
    rows.map((r) => [
      r.id,
      { name: [r.first, r.last].filter(Boolean).join(' ') || r.email, photoUrl: r.photo ? profileApiPaths.file(r.photo) : null, email: r.email },
    ]),
  );
}
