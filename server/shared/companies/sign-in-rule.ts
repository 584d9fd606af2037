// A company's sign-in rule (decision 203), as every workspace request meets it: when the
// company asks for two-step sign-in, an owner or admin without it is turned away (members are never
// asked). The company guard runs it; companies/security.ts sets the rule.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CompanyRoleName } from '../../../contract/company-roles.ts';
import type { Queryable } from '../../db/client.ts';
import { companies, companyMembers } from '../../db/schema.ts';
import { membershipCounts } from './membership.ts';
import { twoFactorSecrets } from '../../db/security-schema.ts';
import { TwoFactorRequiredError } from './errors.ts';

/** The roles the rule asks for two-step sign-in. */
export const askedRoles: readonly CompanyRoleName[] = ['owner', 'admin'];

/** Whether a company that asks for two-step sign-in (`required`) turns away `role` with it on since `enabledAt` (or off). */
export function signInRuleRefuses(
  role: CompanyRoleName,
  required: boolean | null | undefined,
  enabledAt: Date | null | undefined,
): boolean {
  return askedRoles.includes(role) && !!required && !enabledAt;
}

/** Throws TwoFactorRequiredError when `companyId` asks `role` for two-step sign-in and `userId` has it off. */
export async function assertSignInRule(db: Queryable, companyId: number, userId: number, role: CompanyRoleName): Promise<void> {
  if (!askedRoles.includes(role)) return;
  const [row] = await db
    .select({ required: companies.requireTwoFactor, enabledAt: twoFactorSecrets.enabledAt })
    .from(companies)
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, userId))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (signInRuleRefuses(role, row?.required, row?.enabledAt)) throw new TwoFactorRequiredError();
}

/** The companies whose rule asks `userId` for two-step sign-in (they are an owner or admin there), by name. */
export async function companiesAskingTwoStepOf(db: Queryable, userId: number, now: Date): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .where(
      and(
        eq(companies.requireTwoFactor, true),
        eq(companyMembers.userId, userId),
        inArray(companyMembers.role, [...askedRoles]),
        membershipCounts(now),
      ),
    )
    .orderBy(asc(companies.name));
}
