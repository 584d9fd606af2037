// The company host's session (decision 090): which member a session token acts as, checked live on
// every call.
import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { CompanyRoleName } from '../../../contract/company-roles.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { companySessions } from '../../db/company-schema.ts';
import { companyMembers, users } from '../../db/schema.ts';
import type { CompanyActor } from './access.ts';
import { membershipCounts } from './membership.ts';

/**
 * The member a company session token acts as (decision 090), read with the live membership and the
 * person's status on every call, so removal or account closure ends it at once; undefined if none.
 * Shared: the workspace's guard and the realtime channel authorisation both ask it.
 */
export async function resolveCompanySession(db: Db, clock: Clock, token: string): Promise<CompanyActor | undefined> {
  if (token.length > 200) return undefined;
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const [row] = await db
    .select({
      userId: companySessions.userId,
      companyId: companySessions.companyId,
      memberId: companyMembers.id,
      role: companyMembers.role,
    })
    .from(companySessions)
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.companyId, companySessions.companyId), eq(companyMembers.userId, companySessions.userId)),
    )
    .innerJoin(users, eq(users.id, companySessions.userId))
    .where(
      and(
        eq(companySessions.tokenHash, tokenHash),
        gt(companySessions.expiresAt, clock.now()),
        eq(users.status, 'active'),
        membershipCounts(clock.now()),
      ),
    )
    .limit(1);
  return row ? { ...row, role: row.role as CompanyRoleName } : undefined;
}
