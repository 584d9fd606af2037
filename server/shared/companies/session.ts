// The company host's session (decision 090): which member a session token acts as, checked live on
// every call; how sessions end, and why one ended (decision 243).
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { CompanyRoleName } from '../../../contract/company-roles.ts';
import { companySessionHours, type CompanySessionEndReason } from '../../../contract/company-sessions.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { companySessions } from '../../db/company-schema.ts';
import { authTokens, companies, companyMembers, users } from '../../db/schema.ts';
import { twoFactorSecrets } from '../../db/security-schema.ts';
import { UnauthenticatedError } from '../../domain-errors.ts';
import type { CompanyActor } from './access.ts';
import { membershipCounts } from './membership.ts';
import { askedRoles, signInRuleRefuses } from './sign-in-rule.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** How long an ended or expired session stays as a marker, so the workspace can still say why. */
export const endedSessionKeptMs = 24 * 60 * 60_000;

/**
 * The member a company session token acts as (decision 090), read with the live membership, the
 * person's status and the profile session that opened it (decision 243) on every call, so removal,
 * account closure or signing that profile session out ends it at once; undefined if none.
 * Shared: the workspace's guard and the realtime channel authorisation both ask it.
 */
export async function resolveCompanySession(db: Db, clock: Clock, token: string): Promise<CompanyActor | undefined> {
  return (await resolveCompanySessionAndRule(db, clock, token))?.actor;
}

/**
 * The member as `resolveCompanySession` reads them, and whether the company's sign-in rule turns them
 * away (decision 203), both in the one statement: the guard asks both on every request, and a round
 * trip less is a wait less on a busy database.
 */
export async function resolveCompanySessionAndRule(
  db: Db,
  clock: Clock,
  token: string,
): Promise<{ actor: CompanyActor; ruleRefuses: boolean } | undefined> {
  if (token.length > 200) return undefined;
  const now = clock.now();
  const [row] = await db
    .select({
      userId: companySessions.userId,
      companyId: companySessions.companyId,
      memberId: companyMembers.id,
      role: companyMembers.role,
      twoStepRequired: companies.requireTwoFactor,
      twoStepSince: twoFactorSecrets.enabledAt,
    })
    .from(companySessions)
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.companyId, companySessions.companyId), eq(companyMembers.userId, companySessions.userId)),
    )
    .innerJoin(users, eq(users.id, companySessions.userId))
    .innerJoin(companies, eq(companies.id, companySessions.companyId))
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, companySessions.userId))
    .leftJoin(authTokens, eq(authTokens.tokenHash, companySessions.personalTokenHash))
    .where(
      and(
        eq(companySessions.tokenHash, sha256(token)),
        isNull(companySessions.endedAt),
        gt(companySessions.expiresAt, now),
        eq(users.status, 'active'),
        membershipCounts(now),
        // Sessions from before decision 241 name no profile session; they end by their 12 hours.
        or(isNull(companySessions.personalTokenHash), gt(authTokens.expiresAt, now)),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const { twoStepRequired, twoStepSince, ...member } = row;
  const role = member.role as CompanyRoleName;
  return { actor: { ...member, role }, ruleRefuses: signInRuleRefuses(role, twoStepRequired, twoStepSince) };
}

/**
 * When the live company session of `token` ends by itself: its own hours, the profile session that
 * opened it or the member's leaving day, whichever comes first (decision 243). Nothing marks that
 * moment, so the realtime channel's grant carries it (realtime/signatures.ts).
 */
export async function companySessionEndsAt(db: Db, token: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: companySessions.expiresAt, personalExpiresAt: authTokens.expiresAt, leavesOn: companyMembers.leavesOn })
    .from(companySessions)
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.companyId, companySessions.companyId), eq(companyMembers.userId, companySessions.userId)),
    )
    .leftJoin(authTokens, eq(authTokens.tokenHash, companySessions.personalTokenHash))
    .where(eq(companySessions.tokenHash, sha256(token)))
    .limit(1);
  if (!row) return undefined;
  const ends = [row.expiresAt, row.personalExpiresAt, row.leavesOn ? new Date(`${row.leavesOn}T00:00:00Z`) : null];
  return new Date(Math.min(...ends.filter((end): end is Date => end !== null).map((end) => end.getTime())));
}

/** Why a company session ended, in words (the answer's message; `reason` keeps the code for clients). */
const endedBecause: Record<Locale, Record<CompanySessionEndReason, string>> = {
  en_GB: {
    signed_out: 'the profile session that opened it was signed out',
    password_changed: 'your password was changed',
    two_step_turned_on: 'two-step sign-in was turned on for your account in another session',
    two_step_required: 'the company requires two-step sign-in for owners and admins',
    removed: 'you are no longer a member',
    left: 'you left the company',
    expired: `its ${companySessionHours} hours ran out`,
  },
  uk_UA: {
    signed_out: 'сеанс профілю, з якого його відкрито, завершено',
    password_changed: 'ваш пароль змінено',
    two_step_turned_on: 'для вашого облікового запису в іншому сеансі ввімкнено двоетапний вхід',
    two_step_required: 'компанія вимагає двоетапного входу від власників і адміністраторів',
    removed: 'ви більше не учасник компанії',
    left: 'ви залишили компанію',
    expired: `сплив його час, ${companySessionHours} годин`,
  },
};

/** A company session that is no more (401 company_session_ended): `reason` and `company_name` say why and where. */
export class CompanySessionEndedError extends UnauthenticatedError {
  readonly #reason: CompanySessionEndReason;
  readonly #companyName: string;
  constructor(reason: CompanySessionEndReason, companyName: string) {
    super(`Your session in ${companyName}'s workspace has ended: ${endedBecause.en_GB[reason]}.`, 'company_session_ended');
    Object.assign(this.details, { reason, company_name: companyName });
    this.#reason = reason;
    this.#companyName = companyName;
  }

  override messageIn(locale: Locale): string {
    return locale === 'uk_UA'
      ? `Ваш сеанс у робочому просторі «${this.#companyName}» завершено: ${endedBecause.uk_UA[this.#reason]}.`
      : this.message;
  }
}

/**
 * Why the session of `token` ended, when it was one (called only after resolveCompanySession found
 * no live session): the reason it was ended with, else what ended it since (its time, its profile
 * session, the membership).
 */
export async function whyCompanySessionEnded(
  db: Db,
  clock: Clock,
  token: string,
): Promise<{ reason: CompanySessionEndReason; companyName: string } | undefined> {
  if (token.length > 200) return undefined;
  const now = clock.now();
  const [row] = await db
    .select({
      endReason: companySessions.endReason,
      expiresAt: companySessions.expiresAt,
      personalTokenHash: companySessions.personalTokenHash,
      personalExpiresAt: authTokens.expiresAt,
      companyName: companies.name,
      memberId: companyMembers.id,
    })
    .from(companySessions)
    .innerJoin(companies, eq(companies.id, companySessions.companyId))
    .leftJoin(authTokens, eq(authTokens.tokenHash, companySessions.personalTokenHash))
    .leftJoin(
      companyMembers,
      and(
        eq(companyMembers.companyId, companySessions.companyId),
        eq(companyMembers.userId, companySessions.userId),
        membershipCounts(now),
      ),
    )
    .where(eq(companySessions.tokenHash, sha256(token)))
    .limit(1);
  if (!row) return undefined;
  const companyName = row.companyName;
  if (row.endReason) return { reason: row.endReason as CompanySessionEndReason, companyName };
  if (row.memberId === null) return { reason: 'removed', companyName };
  if (row.expiresAt <= now) return { reason: 'expired', companyName };
  if (row.personalTokenHash !== null) {
    if (row.personalExpiresAt === null) return { reason: 'signed_out', companyName };
    if (row.personalExpiresAt <= now) return { reason: 'expired', companyName };
  }
  return undefined;
}

/** The 401 for a token that resolves to no live company session: why it ended when we know, else plain. */
export async function companySessionRefusal(db: Db, clock: Clock, token: string | undefined): Promise<UnauthenticatedError> {
  const ended = token ? await whyCompanySessionEnded(db, clock, token) : undefined;
  return ended ? new CompanySessionEndedError(ended.reason, ended.companyName) : new UnauthenticatedError();
}

/**
 * Ends the live company sessions `where` picks, keeping each as a marker of `reason` (decision 243);
 * the companies whose sessions ended, so the caller closes those sessions' sockets on their channels.
 * Markers and expired sessions past their keeping time are swept here, so the table stays small.
 */
export async function endCompanySessions(
  db: Queryable,
  now: Date,
  where: SQL | undefined,
  reason: CompanySessionEndReason,
): Promise<number[]> {
  const ended = await db
    .update(companySessions)
    .set({ endedAt: now, endReason: reason, updatedAt: now })
    .where(and(where, isNull(companySessions.endedAt)))
    .returning({ companyId: companySessions.companyId });
  await db.delete(companySessions).where(lt(companySessions.expiresAt, new Date(now.getTime() - endedSessionKeptMs)));
  return [...new Set(ended.map((row) => row.companyId))];
}

/** The live sessions a set of profile sessions opened (by their token hashes). */
export function openedBy(personalTokenHashes: readonly string[]): SQL | undefined {
  return inArray(companySessions.personalTokenHash, [...personalTokenHashes]);
}

/**
 * Ends the company sessions of `userId` that the company's sign-in rule now refuses (decision 203):
 * in companies that ask for two-step sign-in, where the person is an owner or admin and has it off.
 * Called after two-step is turned off, a promotion, an ownership transfer; the companies they were in.
 */
export async function endSessionsTheRuleRefuses(db: Queryable, now: Date, userId: number, companyId?: number): Promise<number[]> {
  const [twoStep] = await db
    .select({ enabledAt: twoFactorSecrets.enabledAt })
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId))
    .limit(1);
  if (twoStep?.enabledAt) return [];
  const refused = await db
    .select({ companyId: companies.id })
    .from(companies)
    .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .where(
      and(
        eq(companies.requireTwoFactor, true),
        eq(companyMembers.userId, userId),
        inArray(companyMembers.role, [...askedRoles]),
        companyId === undefined ? undefined : eq(companies.id, companyId),
      ),
    );
  if (!refused.length) return [];
  return endCompanySessions(
    db,
    now,
    and(
      eq(companySessions.userId, userId),
      inArray(
        companySessions.companyId,
        refused.map((row) => row.companyId),
      ),
    ),
    'two_step_required',
  );
}
