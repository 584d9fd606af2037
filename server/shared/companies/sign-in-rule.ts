// A company's sign-in rule (issue 28, decision 203), as every workspace request meets it: when the
// company asks for two-step sign-in, an owner or admin without it is turned away (members are never
// asked). The company guard runs it; companies/security.ts sets the rule.
import { eq } from 'drizzle-orm';
import type { CompanyRoleName } from '../../../contract/company-roles.ts';
import type { Queryable } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import { twoFactorSecrets } from '../../db/security-schema.ts';
import { TwoFactorRequiredError } from './errors.ts';

/** The roles the rule asks for two-step sign-in. */
export const askedRoles: readonly CompanyRoleName[] = ['owner', 'admin'];

/** Throws TwoFactorRequiredError when `companyId` asks `role` for two-step sign-in and `userId` has it off. */
export async function assertSignInRule(db: Queryable, companyId: number, userId: number, role: CompanyRoleName): Promise<void> {
  if (!askedRoles.includes(role)) return;
  const [row] = await db
    .select({ required: companies.requireTwoFactor, enabledAt: twoFactorSecrets.enabledAt })
    .from(companies)
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, userId))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (row?.required && !row.enabledAt) throw new TwoFactorRequiredError();
}
