// Re-authentication (issue 41; decision 235): a change that could hand the account to someone else
// (a passkey, two-step sign-in, recovery codes, the password, an email or phone, closing the account)
// carries its own proof in the request, the current password as `current_password`, whatever the
// session's age. A route asks for it with `proofRequired` (before the body's schema, so a missing
// proof is 403 `reauthentication_required`, never a 422) and checks it with `checkProof` first thing
// in its handler, after the per-person rate limit has counted the try.
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { messageRef } from '../../../contract/message-refs.ts';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { ForbiddenError, NotFoundError, ReauthenticationError } from '../../domain-errors.ts';
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

/** Throws ReauthenticationFailedError unless `password` is the active person's current password. */
export async function checkProof(db: Queryable, userId: number, password: string | undefined, field = proofField): Promise<void> {
  if (password === undefined || password === '') throw new ReauthenticationRequiredError(field);
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .limit(1);
  // Routes resolve the user from a live token first; a closed account has no live token.
  if (!user) throw new NotFoundError();
  if (!(await verifyPassword(user.passwordHash, password))) throw new ReauthenticationFailedError(field);
}

/** An account whose email is unverified adds no passkey, two-step sign-in or phone (issue 41 point 2). */
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
