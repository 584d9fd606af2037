// Company membership as every feature reads it (decision 120): whether a membership counts on a day,
// and the companies a person belongs to.
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { AccountCompany } from '../../../contract/auth.ts';
import type { Db } from '../../db/client.ts';
import { companies, companyMembers } from '../../db/schema.ts';
import { dayOf } from '../dates.ts';

/**
 * A membership still counts on `now`'s day: the person has not left, or their leaving day is still
 * ahead (SPEC §4: leaving takes effect the next day). Every check of company access applies it, so
 * the stored day and the clock decide, with no job to run.
 */
export function membershipCounts(now: Date) {
  return or(isNull(companyMembers.leavesOn), gt(companyMembers.leavesOn, dayOf(now)));
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
      leavesOn: companyMembers.leavesOn,
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
    leaves_on: row.leavesOn,
  }));
}
