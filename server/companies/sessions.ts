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

export const handoffCodeTtlMs = 60_000;

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
 * active member is refused.
 */
export async function exchangeHandoffCode(
  db: Db,
  clock: Clock,
  code: string,
  sessionTtlMs: number,
): Promise<{ token: string; actor: CompanyActor }> {
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
  const token = randomBytes(32).toString('base64url');
  await db.insert(companySessions).values({
    tokenHash: sha256(token),
    userId: actor.userId,
    companyId: actor.companyId,
    expiresAt: new Date(now.getTime() + sessionTtlMs),
    personalTokenHash: spent.personalTokenHash,
  });
  return { token, actor };
}

/** Ends one company session (signing out of the company host). */
export async function revokeCompanySession(db: Db, token: string): Promise<void> {
  await db.delete(companySessions).where(eq(companySessions.tokenHash, sha256(token)));
}

/** Ends every company session and pending code of a person in a company (removal, leaving). */
export async function revokeCompanyAccess(db: Queryable, companyId: number, userId: number): Promise<void> {
  await db.delete(companySessions).where(and(eq(companySessions.companyId, companyId), eq(companySessions.userId, userId)));
  await db.delete(companyHandoffCodes).where(and(eq(companyHandoffCodes.companyId, companyId), eq(companyHandoffCodes.userId, userId)));
}
