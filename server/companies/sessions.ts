// The hand-over to the company host (decision 090): the personal site asks for a single-use code that
// lives 60 s and names one person and one company; the company host trades it for a session of its
// own, bound to that company. Every request re-reads the membership, so removal ends access at once.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { companyHandoffCodes, companySessions } from '../db/company-schema.ts';
import { membershipOf, type CompanyActor, type Queryable } from '../shared/companies/access.ts';
import { CompanyAccessDeniedError } from './errors.ts';
import { assertSignInRule } from '../shared/companies/sign-in-rule.ts';
import { endCompanySessions } from '../shared/companies/session.ts';
import { companySessionHours, type CompanySessionEndReason } from '../../contract/company-sessions.ts';
import { authTokens, users } from '../db/schema.ts';
import { ForbiddenError } from '../domain-errors.ts';

export const handoffCodeTtlMs = 60_000;
/** A company session's longest life (decision 243); it never outlives the profile session that opened it. */
export const companySessionTtlMs = companySessionHours * 60 * 60_000;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A new code for `userId` to enter `companyId`; throws CompanyAccessDeniedError for a non-member. */
export async function issueHandoffCode(
  db: Db,
  clock: Clock,
  userId: number,
  companyId: number,
  /** The personal session asking (decision 241): turning two-step on in it keeps the workspace it opens. */
  personalToken?: string,
): Promise<{ code: string; expiresAt: Date }> {
  const member = await membershipOf(db, companyId, userId, clock.now());
  if (!member) throw new CompanyAccessDeniedError();
  // Pre-hijacking (decision 235): a company signed up with someone else's email must let nobody in
  // (invitations, join requests, a new owner) before that email is proved, or whoever it let in would
  // stay in the company the email's owner takes back with a reset.
  const [user] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.verifiedAt) throw new ForbiddenError('Verify your email address to open the company workspace.', 'verify_email_for_workspace');
  await assertSignInRule(db, companyId, userId, member.role);
  const code = randomBytes(32).toString('base64url');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + handoffCodeTtlMs);
  // Spent and stale codes of anyone are swept here, so the table stays small without a timer.
  await db.delete(companyHandoffCodes).where(lt(companyHandoffCodes.expiresAt, now));
  const personalTokenHash = personalToken === undefined ? null : sha256(personalToken);
  await db.insert(companyHandoffCodes).values({ codeHash: sha256(code), userId, companyId, expiresAt, personalTokenHash });
  return { code, expiresAt };
}

/**
 * Trades a live, unused code for a company session token. The code is spent by one conditional
 * update, so two exchanges of the same code make one session; a code for someone who is no longer an
 * active member, or whose profile session has ended since, is refused. The session lives
 * `companySessionTtlMs` at most and never past that profile session (decision 243).
 */
export async function exchangeHandoffCode(db: Db, clock: Clock, code: string): Promise<{ token: string; actor: CompanyActor }> {
  const now = clock.now();
  const [spent] = await db
    .update(companyHandoffCodes)
    .set({ usedAt: now, updatedAt: now })
    .where(and(eq(companyHandoffCodes.codeHash, sha256(code)), isNull(companyHandoffCodes.usedAt), gt(companyHandoffCodes.expiresAt, now)))
    .returning({
      userId: companyHandoffCodes.userId,
      companyId: companyHandoffCodes.companyId,
      personalTokenHash: companyHandoffCodes.personalTokenHash,
    });
  if (!spent) throw new CompanyAccessDeniedError();
  const actor = await membershipOf(db, spent.companyId, spent.userId, now);
  if (!actor) throw new CompanyAccessDeniedError();
  await assertSignInRule(db, actor.companyId, actor.userId, actor.role);
  let expiresAt = new Date(now.getTime() + companySessionTtlMs);
  if (spent.personalTokenHash !== null) {
    const [personal] = await db
      .select({ expiresAt: authTokens.expiresAt })
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, spent.personalTokenHash), gt(authTokens.expiresAt, now)))
      .limit(1);
    if (!personal) throw new CompanyAccessDeniedError();
    if (personal.expiresAt < expiresAt) expiresAt = personal.expiresAt;
  }
  const token = randomBytes(32).toString('base64url');
  await db.insert(companySessions).values({
    tokenHash: sha256(token),
    userId: actor.userId,
    companyId: actor.companyId,
    expiresAt,
    personalTokenHash: spent.personalTokenHash,
  });
  return { token, actor };
}

/** Ends one company session (signing out of the company host); the companies whose channel loses its sockets. */
export async function revokeCompanySession(db: Db, clock: Clock, token: string): Promise<number[]> {
  return endCompanySessions(db, clock.now(), eq(companySessions.tokenHash, sha256(token)), 'signed_out');
}

/** Ends every company session (kept as a marker of `reason`) and pending code of a person in a company (removal). */
export async function revokeCompanyAccess(
  db: Queryable,
  now: Date,
  companyId: number,
  userId: number,
  reason: CompanySessionEndReason,
): Promise<void> {
  await endCompanySessions(db, now, and(eq(companySessions.companyId, companyId), eq(companySessions.userId, userId)), reason);
  await db.delete(companyHandoffCodes).where(and(eq(companyHandoffCodes.companyId, companyId), eq(companyHandoffCodes.userId, userId)));
}
