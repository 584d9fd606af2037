// Re-authentication (decision 235): a change that could hand the account to someone else
// (a passkey, two-step sign-in, recovery codes, the password, an email or phone, closing the account)
// carries its own proof in the request, the current password as `current_password`, whatever the
// session's age. A route asks for it with `proofRequired` (before the body's schema, so a missing
// proof is 403 `reauthentication_required`, never a 422) and checks it with `checkProof` first thing
// in its handler, after the per-person rate limit has counted the try; wrong proofs are also counted
// over every such change together.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { messageRef } from '../../../contract/message-refs.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { securityEvents } from '../../db/security-schema.ts';
import { ForbiddenError, NotFoundError, ReauthenticationError, TooManyError } from '../../domain-errors.ts';
import { verifyPassword } from './passwords.ts';

/** The field the proof travels in: the product's existing name for the current password. */
export const proofField = 'current_password';

/** The request carries no proof: nothing changed, the password is asked for. */
export class ReauthenticationRequiredError extends ReauthenticationError {
  constructor(field = proofField) {
    super('reauthentication_required', 'Enter your current password to confirm this change.', [
      { field, message: messageRef('validation.reauthenticationRequired') },
    ]);
  }
}

/** The proof does not match: nothing changed; shown under the password field. */
export class ReauthenticationFailedError extends ReauthenticationError {
  constructor(field = proofField) {
    super('reauthentication_failed', 'Current password is incorrect.', [{ field, message: messageRef('validation.currentPasswordWrong') }]);
  }
}

/**
 * A route's preValidation hook (after the sign-in guard): the body must carry a non-empty
 * `current_password`, or the answer is 403 `reauthentication_required` whatever else it holds.
 */
export async function proofRequired(request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown> | null | undefined;
  const given = body && typeof body === 'object' ? body[proofField] : undefined;
  if (typeof given !== 'string' || given.trim() === '') throw new ReauthenticationRequiredError();
}

/**
 * Wrong proofs a person may give in an hour, over every sensitive change together: each route's own
 * limit alone would leave a stolen session a guess at the password on each of them. Counted since the
 * password last changed (a reset included), so the budget a thief spent does not outlive their access.
 */
export const wrongProofsPerHour = 10;
const hourMs = 60 * 60 * 1000;

/**
 * Throws ReauthenticationFailedError unless `password` is the active person's current password. Each
 * wrong one is kept as a security event (the person sees it in their security activity); after
 * `wrongProofsPerHour` of them in an hour every proof is refused (429) until the oldest is an hour old.
 */
export async function checkProof(
  deps: { db: Queryable; clock: Clock },
  userId: number,
  password: string | undefined,
  field = proofField,
): Promise<void> {
  if (password === undefined || password === '') throw new ReauthenticationRequiredError(field);
  const { db } = deps;
  const now = deps.clock.now();
  // The try is kept before the password is checked and counted with it, so guesses sent together
  // cannot all pass a count none of them has added to yet (the login throttle's rule). A try the
  // budget refuses, or the right password, takes its row back.
  const [attempt] = await db
    .insert(securityEvents)
    .values({ userId, kind: 'reauthentication_failed', createdAt: now })
    .returning({ id: securityEvents.id });
  const takeBack = () => db.delete(securityEvents).where(eq(securityEvents.id, attempt!.id));
  const [recent] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${securityEvents.createdAt})` })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        eq(securityEvents.kind, 'reauthentication_failed'),
        gte(securityEvents.createdAt, new Date(now.getTime() - hourMs)),
        // A new password starts a new budget: wrong guesses a thief spent before the owner reset it
        // never lock the owner out of securing the account afterwards.
        sql`${securityEvents.createdAt} > coalesce((select max(e.created_at) from security_events e
          where e.user_id = ${userId} and e.kind in ('password_changed', 'password_reset')), '-infinity'::timestamptz)`,
      ),
    );
  if ((recent?.count ?? 0) > wrongProofsPerHour) {
    await takeBack();
    const oldest = recent?.oldest ? new Date(recent.oldest).getTime() : now.getTime();
    throw new TooManyError(Math.max(1, Math.ceil((oldest + hourMs - now.getTime()) / 1000)));
  }
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .limit(1);
  // Routes resolve the user from a live token first; a closed account has no live token.
  if (!user) {
    await takeBack();
    throw new NotFoundError();
  }
  // A wrong one stays: it is the security event the person sees in their security activity.
  if (!(await verifyPassword(user.passwordHash, password))) throw new ReauthenticationFailedError(field);
  await takeBack();
}

/** An account whose email is unverified adds no passkey, two-step sign-in or phone. */
export class VerifyEmailFirstError extends ForbiddenError {
  constructor() {
    super('Verify your email address first: until then no passkey, two-step sign-in or phone can be added.', 'verify_email_first');
  }
}

/**
 * Throws VerifyEmailFirstError unless the person has proved their primary email. Whoever registers
 * someone else's address first gathers nothing that survives the owner's reset (pre-hijacking).
 */
export async function requireVerifiedEmail(db: Queryable, userId: number): Promise<void> {
  const [user] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.verifiedAt) throw new VerifyEmailFirstError();
}
