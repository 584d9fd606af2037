// One-time codes for sign-up verification and password reset: issued, checked and throttled on the
// app's clock (the rate-limit plugin keeps real time, which tests cannot move).
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { codeLifetimeSeconds, codeMaxWrongTries, codesPerHour, resendCountdownSeconds, type CodeChannel } from '../../../contract/auth.ts';
import { messageRef, verificationCodeLength, type ValidationMessageKey } from '../../../contract/validation.ts';
import type { Clock } from '../../clock.ts';
import { RuleBrokenError, TooSoonError } from '../../domain-errors.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { users, verificationCodes } from '../../db/schema.ts';

/** What a code proves (the stored column's values). */
export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];

/** Who a code is for, what it proves and where it goes. */
export interface CodeTarget {
  userId: number;
  purpose: CodePurpose;
  channel: CodeChannel;
  destination: string;
}

/** A new code was asked for before the countdown or the hourly cap allows one. */
export class ResendTooSoonError extends TooSoonError {
  constructor(retryAfterSeconds: number) {
    // The seconds are in the body too, for the countdown (contract ResendThrottledResponse).
    super(retryAfterSeconds, `A new code can be sent in ${retryAfterSeconds} seconds.`, { resend_available_in: retryAfterSeconds });
  }
}

export type CodeRejection = 'incorrect' | 'expired' | 'locked';

const rejectionMessages = {
  incorrect: 'validation.code',
  expired: 'validation.codeExpired',
  locked: 'validation.codeLocked',
} as const satisfies Record<CodeRejection, ValidationMessageKey>;

/** The code did not pass; `reason` says why ('expired' also covers "no code was sent"). */
export class CodeRejectedError extends RuleBrokenError {
  readonly reason: CodeRejection;
  constructor(reason: CodeRejection) {
    super([{ field: 'code', message: messageRef(rejectionMessages[reason]) }]);
    this.reason = reason;
  }
}

const hourMs = 60 * 60 * 1000;

function hashCode(code: string, salt: string): string {
  return createHmac('sha256', salt).update(code).digest('hex');
}

function newCode(): string {
  return String(randomInt(0, 10 ** verificationCodeLength)).padStart(verificationCodeLength, '0');
}

/**
 * Seconds until a code of `purpose` may be sent again (0 = now). The countdown applies to the same
 * destination only (a corrected email address gets its code at once); the hourly cap to all of them.
 */
export async function resendAvailableIn(
  db: Queryable,
  clock: Clock,
  target: Pick<CodeTarget, 'userId' | 'purpose'> & { destination?: string },
): Promise<number> {
  const now = clock.now().getTime();
  const recent = await db
    .select({ sentAt: verificationCodes.sentAt, destination: verificationCodes.destination })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, target.userId),
        eq(verificationCodes.purpose, target.purpose),
        gt(verificationCodes.sentAt, new Date(now - hourMs)),
      ),
    )
    .orderBy(asc(verificationCodes.sentAt), asc(verificationCodes.id));
  let waitMs = 0;
  if (recent.length >= codesPerHour) {
    // The oldest code that must leave the hour window before another fits under the cap.
    const leaving = recent[recent.length - codesPerHour]!;
    waitMs = Math.max(waitMs, leaving.sentAt.getTime() + hourMs - now);
  }
  const latest = recent.at(-1);
  if (latest && (target.destination === undefined || latest.destination === target.destination)) {
    waitMs = Math.max(waitMs, latest.sentAt.getTime() + resendCountdownSeconds * 1000 - now);
  }
  return Math.max(0, Math.ceil(waitMs / 1000));
}

/**
 * Sends-to-be: checks the throttle, revokes the person's earlier codes of this purpose and stores a
 * new one. Returns the code in clear for delivery; only its hash is kept. Run it inside a transaction.
 */
export async function issueCode(tx: Tx, clock: Clock, target: CodeTarget): Promise<string> {
  // Locking the user row serialises concurrent requests for one person on PostgreSQL, so two resends
  // cannot both pass the countdown; PGlite runs one transaction at a time anyway.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, target.userId)).for('update');
  const wait = await resendAvailableIn(tx, clock, target);
  if (wait > 0) throw new ResendTooSoonError(wait);
  await revokeCodes(tx, clock, target.userId, target.purpose);
  const now = clock.now();
  const code = newCode();
  const salt = randomBytes(16).toString('base64url');
  await tx.insert(verificationCodes).values({
    userId: target.userId,
    purpose: target.purpose,
    channel: target.channel,
    destination: target.destination,
    codeHash: hashCode(code, salt),
    codeSalt: salt,
    sentAt: now,
    expiresAt: new Date(now.getTime() + codeLifetimeSeconds * 1000),
  });
  return code;
}

/** Revokes every live code of `purpose` (an email change makes the old address's code worthless). */
export async function revokeCodes(tx: Queryable, clock: Clock, userId: number, purpose: CodePurpose): Promise<void> {
  const now = clock.now();
  await tx
    .update(verificationCodes)
    .set({ revokedAt: now, updatedAt: now })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
        isNull(verificationCodes.revokedAt),
      ),
    );
}

/** Counts a wrong try at code `id` (none for 0), guarded by the limit; the count after it, if any. */
async function countWrongTry(db: Db, id: number, now: Date): Promise<{ wrongTries: number } | undefined> {
  const [counted] = await db
    .update(verificationCodes)
    .set({ wrongTries: sql`${verificationCodes.wrongTries} + 1`, updatedAt: now })
    .where(and(eq(verificationCodes.id, id), lt(verificationCodes.wrongTries, codeMaxWrongTries)))
    .returning({ wrongTries: verificationCodes.wrongTries });
  return counted;
}

/**
 * Checks `code` against the person's live code for this purpose, channel and destination and uses it
 * up; throws CodeRejectedError otherwise. A wrong try counts against the code; the last allowed one
 * locks it.
 */
export async function consumeCode(db: Db, clock: Clock, target: CodeTarget, code: string): Promise<void> {
  const now = clock.now();
  const [row] = await db
    .select({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      codeSalt: verificationCodes.codeSalt,
      wrongTries: verificationCodes.wrongTries,
      expiresAt: verificationCodes.expiresAt,
    })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, target.userId),
        eq(verificationCodes.purpose, target.purpose),
        eq(verificationCodes.channel, target.channel),
        eq(verificationCodes.destination, target.destination),
        isNull(verificationCodes.usedAt),
        isNull(verificationCodes.revokedAt),
      ),
    )
    .orderBy(desc(verificationCodes.sentAt), desc(verificationCodes.id))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.wrongTries >= codeMaxWrongTries) {
    // The same hashing and the same counting update as a wrong try at a live code (on no row), so
    // the answer time does not tell a live code, hence an account, from none.
    hashCode(code, row?.codeSalt ?? 'no live code');
    await countWrongTry(db, 0, now);
    throw new CodeRejectedError(
      row && row.wrongTries >= codeMaxWrongTries && row.expiresAt.getTime() > now.getTime() ? 'locked' : 'expired',
    );
  }

  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(code, row.codeSalt), 'hex');
  if (!timingSafeEqual(expected, given)) {
    // Counted in the database, guarded by the limit, so concurrent wrong tries cannot exceed it.
    const counted = await countWrongTry(db, row.id, now);
    throw new CodeRejectedError(!counted || counted.wrongTries >= codeMaxWrongTries ? 'locked' : 'incorrect');
  }
  // Single use even under a race: only one request can set used_at, and not once wrong tries sent
  // with it have locked the code (each guess was read before any was counted).
  const [used] = await db
    .update(verificationCodes)
    .set({ usedAt: now, updatedAt: now })
    .where(
      and(
        eq(verificationCodes.id, row.id),
        isNull(verificationCodes.usedAt),
        isNull(verificationCodes.revokedAt),
        lt(verificationCodes.wrongTries, codeMaxWrongTries),
      ),
    )
    .returning({ id: verificationCodes.id });
  if (!used) {
    const [after] = await db
      .select({ wrongTries: verificationCodes.wrongTries })
      .from(verificationCodes)
      .where(eq(verificationCodes.id, row.id));
    throw new CodeRejectedError(after && after.wrongTries >= codeMaxWrongTries ? 'locked' : 'expired');
  }
}
