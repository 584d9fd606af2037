// Who may do what in a company: the caller's live membership checked against the role table in
// contract/company-roles.ts on every company request.
import { and, eq } from 'drizzle-orm';
import { roleMay, type CompanyAction, type CompanyRoleName } from '../../../contract/company-roles.ts';
import type { Queryable } from '../../db/client.ts';
import { companyMembers, users } from '../../db/schema.ts';
import { CompanyResourceNotFoundError, RoleForbiddenError } from './errors.ts';
import { membershipCounts } from './membership.ts';

export type { Queryable } from '../../db/client.ts';

/** A signed-in member acting in their company. */
export interface CompanyActor {
  userId: number;
  companyId: number;
  memberId: number;
  role: CompanyRoleName;
}

/** The active person's membership of `companyId` on `now`'s day, or undefined. */
export async function membershipOf(db: Queryable, companyId: number, userId: number, now: Date): Promise<CompanyActor | undefined> {
  const [row] = await db
    .select({ memberId: companyMembers.id, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId), eq(users.status, 'active'), membershipCounts(now)),
    )
    .limit(1);
  return row ? { userId, companyId, memberId: row.memberId, role: row.role } : undefined;
}

/** Throws unless `actor` may perform `action`: 403 for a member whose role may not. */
export function assertMay(actor: CompanyActor, action: CompanyAction): void {
  if (!roleMay(actor.role, action)) throw new RoleForbiddenError();
}

/** The membership with `memberId` in the actor's company, or 404. */
export async function memberInCompany(db: Queryable, companyId: number, memberId: number) {
  const [row] = await db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.id, memberId), eq(companyMembers.companyId, companyId)))
    .limit(1);
  if (!row) throw new CompanyResourceNotFoundError('Member not found.');
  return row;
}
