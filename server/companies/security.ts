// A company's sign-in rule (decision 203): when it asks for two-step sign-in, its owners and
// admins enter the workspace only with two-step sign-in on. Checked where a person enters (the
// hand-over code and its exchange) and on every workspace request of an owner or admin, so a rule
// turned on, a promotion or two-step turned off take effect at once; members are never asked. The
// check itself (assertSignInRule, which the company guard runs) is in shared/companies/sign-in-rule.ts.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { CompanySecurity, RuleAffected } from '../../contract/companies.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { companyHandoffCodes, companySessions } from '../db/company-schema.ts';
import { companies, companyMembers, profiles } from '../db/schema.ts';
import type { CompanyRoleName } from '../../contract/company-roles.ts';
import { membershipCounts } from '../shared/companies/membership.ts';
import { twoFactorSecrets } from '../db/security-schema.ts';
import type { CompanyActor } from '../shared/companies/access.ts';
import { CompanyResourceNotFoundError, TwoFactorRequiredError } from '../shared/companies/errors.ts';
import { askedRoles } from '../shared/companies/sign-in-rule.ts';
import { endCompanySessions } from '../shared/companies/session.ts';
import { notify } from '../shared/notifications/writer.ts';

/** The company's rule, for the workspace. */
export async function companySecurityOf(db: Queryable, companyId: number): Promise<CompanySecurity> {
  const [row] = await db
    .select({ requireTwoFactor: companies.requireTwoFactor })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) throw new CompanyResourceNotFoundError('Company not found.');
  return { require_two_factor: row.requireTwoFactor };
}

/**
 * The owner sets the rule. Turning it on needs two-step sign-in on for the owner first (nobody locks
 * themselves out), and ends the workspace sessions (kept as markers of `two_step_required`, decision
 * 243) and pending codes of owners and admins who have it off; `ended` names those people.
 */
export async function setCompanySecurity(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  input: CompanySecurity,
): Promise<{ security: CompanySecurity; ended: number[] }> {
  if (input.require_two_factor) {
    const [own] = await db
      .select({ enabledAt: twoFactorSecrets.enabledAt })
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, actor.userId))
      .limit(1);
    if (!own?.enabledAt) throw new TwoFactorRequiredError();
  }
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ requireTwoFactor: companies.requireTwoFactor })
      .from(companies)
      .where(eq(companies.id, actor.companyId))
      .for('update');
    if (input.require_two_factor && !before?.requireTwoFactor) await tellManagers(tx, clock, actor);
    await tx
      .update(companies)
      .set({ requireTwoFactor: input.require_two_factor, updatedAt: clock.now() })
      .where(eq(companies.id, actor.companyId));
    if (input.require_two_factor) {
      const without = await tx
        .select({ userId: companyMembers.userId })
        .from(companyMembers)
        .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, companyMembers.userId))
        .where(
          and(
            eq(companyMembers.companyId, actor.companyId),
            inArray(companyMembers.role, [...askedRoles]),
            isNull(twoFactorSecrets.enabledAt),
          ),
        );
      const ending = without.map((row) => row.userId);
      if (ending.length) {
        await endCompanySessions(
          tx,
          clock.now(),
          and(eq(companySessions.companyId, actor.companyId), inArray(companySessions.userId, ending)),
          'two_step_required',
        );
        await tx
          .delete(companyHandoffCodes)
          .where(and(eq(companyHandoffCodes.companyId, actor.companyId), inArray(companyHandoffCodes.userId, ending)));
      }
      return { security: { require_two_factor: true }, ended: ending };
    }
    return { security: { require_two_factor: input.require_two_factor }, ended: [] };
  });
}

/**
 * Switching the rule on tells every other owner and admin, by a personal notification (mailed as an
 * important one): those without two-step can no longer enter the workspace to read a company notice.
 */
async function tellManagers(tx: Queryable, clock: Clock, actor: CompanyActor): Promise<void> {
  const managers = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(
      and(eq(companyMembers.companyId, actor.companyId), inArray(companyMembers.role, [...askedRoles]), membershipCounts(clock.now())),
    );
  for (const { userId } of managers) {
    if (userId === actor.userId) continue;
    await notify(tx, {
      kind: 'two_step_rule_on',
      to: { userId },
      actorId: actor.userId,
      companyId: actor.companyId,
      subject: { type: 'company', id: actor.companyId },
    });
  }
}

/** The owners and admins without two-step sign-in, whom switching the rule on would sign out, by name. */
export async function affectedByRule(db: Queryable, clock: Clock, actor: CompanyActor): Promise<RuleAffected> {
  const rows = await db
    .select({ memberId: companyMembers.id, firstName: profiles.firstName, lastName: profiles.lastName, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(profiles, eq(profiles.userId, companyMembers.userId))
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, actor.companyId),
        inArray(companyMembers.role, [...askedRoles]),
        isNull(twoFactorSecrets.enabledAt),
        membershipCounts(clock.now()),
      ),
    )
    .orderBy(companyMembers.id);
  return {
    items: rows.map((row) => ({
      member_id: row.memberId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      role: row.role as CompanyRoleName,
    })),
  };
}
