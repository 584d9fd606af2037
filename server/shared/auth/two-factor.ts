// Two-step sign-in with an authenticator app (decision 180), free of HTTP: setting it up,
// turning it on with a first code, recovery codes, turning it off, and the second step of signing in
// through a short-lived challenge. TOTP is RFC 6238 through otpauth (SHA-1, six digits, 30 s).
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import {
  loginChallengeMaxWrongTries,
  loginChallengeSeconds,
  recoveryCodeCount,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../contract/two-factor.ts';
import { messageRef } from '../../../contract/validation-messages.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { loginChallenges, twoFactorRecoveryCodes, twoFactorSecrets } from '../../db/security-schema.ts';
import { ConflictError, RuleBrokenError, UnauthenticatedError } from '../../domain-errors.ts';
import { checkProof, requireVerifiedEmail } from './reauthentication.ts';
import { openSecretWithAny, sealSecret } from './secret-box.ts';
import { hashToken } from './tokens.ts';
import { companiesAskingTwoStepOf } from '../companies/sign-in-rule.ts';

export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  /** TWO_FACTOR_KEY: the AES-256-GCM key of the secrets at rest. */
  key: Buffer;
  /** TWO_FACTOR_KEYS_RETIRED (decision 228): keys that still open what they sealed. */
  retiredKeys: readonly Buffer[];
}

export function twoFactorDepsOf(deps: {
  db: Db;
  clock: Clock;
  config: { twoFactorKey: Buffer; retiredTwoFactorKeys: readonly Buffer[] };
}): TwoFactorDeps {
  return { db: deps.db, clock: deps.clock, key: deps.config.twoFactorKey, retiredKeys: deps.config.retiredTwoFactorKeys };
}

const issuer = 'Profiles';
const period = 30;
/** Codes of the step before and after the current one pass too (a phone's clock a little off). */
const window = 1;
// Recovery codes: ten characters from an alphabet without look-alikes (no 0/o, 1/l/i), 50 bits each.
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** The second code was wrong: 422 on the `code` field, as a wrong email code is. */
class WrongCodeError extends RuleBrokenError {
  constructor() {
    super([{ field: 'code', message: messageRef('validation.code') }]);
  }
}

/** The challenge is unknown, used, expired or out of tries: the password is asked again. */
export class ChallengeExpiredError extends UnauthenticatedError {
  constructor() {
    super('Sign in again: this step has expired.', 'challenge_expired');
  }
}

export const secretContext = (userId: number) => `two-factor:${userId}`;

function totpOf(base32: string, label = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret: OTPAuth.Secret.fromBase32(base32) });
}

async function secretRowOf(db: Db, userId: number) {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).limit(1);
  return row;
}

/** Lower case, without spaces and hyphens: the form a recovery code is hashed in. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}
const hashRecoveryCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += recoveryAlphabet[randomInt(recoveryAlphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * Replaces every recovery code of the person with ten new ones, inside the caller's transaction; the
 * codes, to show once.
 */
async function replaceRecoveryCodesIn(tx: Queryable, userId: number): Promise<{ codes: string[]; firstId: number }> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  const rows = await tx
    .insert(twoFactorRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })))
    .returning({ id: twoFactorRecoveryCodes.id });
  // The batch's first id names it in the mail's undo link (decision 278).
  return { codes, firstId: Math.min(...rows.map((row) => row.id)) };
}

/** Whether two-step sign-in is on for the person, and how many recovery codes they have left. */
export async function twoFactorStatus(db: Db, userId: number, now: Date): Promise<TwoFactorStatus> {
  const row = await secretRowOf(db, userId);
  if (!row?.enabledAt) return { enabled: false, recovery_codes_left: 0, required_by: [] };
  const [left] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  // The workspaces turning it off would close: the settings warn, naming them.
  const requiredBy = (await companiesAskingTwoStepOf(db, userId, now)).map((c) => ({ company_id: c.id, company_name: c.name }));
  return { enabled: true, recovery_codes_left: left?.count ?? 0, required_by: requiredBy };
}

export async function twoFactorEnabled(db: Db, userId: number): Promise<boolean> {
  return Boolean((await secretRowOf(db, userId))?.enabledAt);
}

/** A new secret for the app, stored sealed and not yet on; one set up before and not confirmed is replaced. */
export async function startTwoFactorSetup(deps: TwoFactorDeps, userId: number): Promise<TwoFactorSetup> {
  await requireVerifiedEmail(deps.db, userId);
  const existing = await secretRowOf(deps.db, userId);
  if (existing?.enabledAt) throw new ConflictError('two_factor_already_on', 'Two-step sign-in is already on.');
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const sealed = sealFor(deps, userId, secret);
  const now = deps.clock.now();
  await deps.db
    .insert(twoFactorSecrets)
    .values({ userId, secret: sealed, enabledAt: null, lastUsedStep: null, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secret: sealed, enabledAt: null, disabledAt: null, lastUsedStep: null, updatedAt: now },
    });
  const uri = totpOf(secret, user?.email ?? '').toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauth_uri: uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

function sealFor(deps: TwoFactorDeps, userId: number, secret: string): string {
  return sealSecret(deps.key, secret, secretContext(userId));
}

/**
 * The app's codes can't be checked: no key opens the stored secret (a retired key was dropped before the
 * person signed in again, decision 228). 422 on `code` saying to use a recovery code, not a 500.
 */
class UnreadableSecretError extends RuleBrokenError {
  constructor() {
    super([{ field: 'code', message: messageRef('validation.codeUnreadable') }]);
  }
}

/**
 * The same during a set-up waiting for its first code: there are no recovery codes yet, and the way on is
 * to start the set-up again (a new secret under the current key). 422 on `code` saying so.
 */
class UnreadableSetUpError extends RuleBrokenError {
  constructor() {
    super([{ field: 'code', message: messageRef('validation.setUpUnreadable') }]);
  }
}

/** The stored secret opened under the current key or a retired one; UnreadableSecretError when none opens it. */
function openedSecret(deps: TwoFactorDeps, userId: number, sealed: string): { plaintext: string; stale: boolean } {
  try {
    return openSecretWithAny(deps.key, deps.retiredKeys, sealed, secretContext(userId));
  } catch {
    throw new UnreadableSecretError();
  }
}

/** A right code's time step, and the secret sealed again under the current key when a retired one opened it. */
interface AcceptedCode {
  step: number;
  resealed: string | null;
}

/**
 * The time step `code` belongs to when it is right for the secret and newer than the last one
 * accepted; undefined otherwise (a wrong code, or one used already: no replay within its window).
 */
function acceptedCode(
  deps: TwoFactorDeps,
  userId: number,
  sealed: string,
  lastUsedStep: number | null,
  code: string,
): AcceptedCode | undefined {
  const { plaintext: secret, stale } = openedSecret(deps, userId, sealed);
  const timestamp = deps.clock.now().getTime();
  const delta = totpOf(secret).validate({ token: code.replace(/\s/g, ''), timestamp, window });
  if (delta === null) return undefined;
  const step = Math.floor(timestamp / 1000 / period) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return undefined;
  return { step, resealed: stale ? sealFor(deps, userId, secret) : null };
}

/** `acceptedCode` for a set-up's first code: a secret no key opens asks for the set-up again. */
function acceptedSetUpCode(...args: Parameters<typeof acceptedCode>): AcceptedCode | undefined {
  try {
    return acceptedCode(...args);
  } catch (error) {
    if (error instanceof UnreadableSecretError) throw new UnreadableSetUpError();
    throw error;
  }
}

/**
 * Claims the code's step as the last one used; false when another request claimed it (or a later
 * one) first. A secret a retired key opened is stored sealed under the current one in the same write
 * (decision 228), so a rotation completes as people sign in.
 */
async function claimStep(db: Queryable, userId: number, { step, resealed }: AcceptedCode): Promise<boolean> {
  const claimed = await db
    .update(twoFactorSecrets)
    .set(resealed === null ? { lastUsedStep: step } : { lastUsedStep: step, secret: resealed })
    .where(and(eq(twoFactorSecrets.userId, userId), sql`coalesce(${twoFactorSecrets.lastUsedStep}, -1) < ${step}`))
    .returning({ userId: twoFactorSecrets.userId });
  return claimed.length > 0;
}

/**
 * Turns two-step sign-in on with the app's first code after the current password (decision 235), on an
 * account whose email is verified; the recovery codes, shown once, and when it came on.
 */
export async function confirmTwoFactor(
  deps: TwoFactorDeps,
  userId: number,
  code: string,
  password: string,
): Promise<{ codes: string[]; enabledAt: Date }> {
  await requireVerifiedEmail(deps.db, userId);
  await checkProof(deps, userId, password);
  const row = await secretRowOf(deps.db, userId);
  // A secret turned off and kept for the undo link is not a set-up waiting for its first code.
  if (!row || row.disabledAt) throw new ConflictError('two_factor_not_set_up', 'Set up two-step sign-in first.');
  if (row.enabledAt) throw new ConflictError('two_factor_already_on', 'Two-step sign-in is already on.');
  const accepted = acceptedSetUpCode(deps, userId, row.secret, row.lastUsedStep, code);
  if (accepted === undefined) throw new WrongCodeError();
  const now = deps.clock.now();
  // Its three writes (the code's step claimed, the flag that turns it on, the recovery codes) are one
  // transaction: a failure between them leaves it off, with no codes and the code
  // unused, never on without the recovery codes the person was never shown.
  const codes = await deps.db.transaction(async (tx) => {
    if (!(await claimStep(tx, userId, accepted))) throw new WrongCodeError();
    const enabled = await tx
      .update(twoFactorSecrets)
      .set({ enabledAt: now, updatedAt: now })
      .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.enabledAt)))
      .returning({ userId: twoFactorSecrets.userId });
    if (enabled.length === 0) throw new ConflictError('two_factor_already_on', 'Two-step sign-in is already on.');
    return (await replaceRecoveryCodesIn(tx, userId)).codes;
  });
  return { codes, enabledAt: now };
}

/** Ten new recovery codes after the password (the old ones stop working), and the batch's first id. */
export async function regenerateRecoveryCodes(
  deps: TwoFactorDeps,
  userId: number,
  password: string,
): Promise<{ codes: string[]; firstId: number }> {
  await checkProof(deps, userId, password);
  if (!(await twoFactorEnabled(deps.db, userId))) throw new ConflictError('two_factor_not_set_up', 'Two-step sign-in is off.');
  return deps.db.transaction((tx) => replaceRecoveryCodesIn(tx, userId));
}

/**
 * Turns two-step sign-in off after the password; when. The sealed secret and the recovery codes stay,
 * off, for the mail's undo link (decision 278) until a new set-up or a reset replaces them.
 */
export async function disableTwoFactor(deps: TwoFactorDeps, userId: number, password: string): Promise<Date> {
  await checkProof(deps, userId, password);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const off = await tx
      .update(twoFactorSecrets)
      .set({ enabledAt: null, disabledAt: now, updatedAt: now })
      .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)))
      .returning({ userId: twoFactorSecrets.userId });
    if (off.length === 0) throw new ConflictError('two_factor_not_set_up', 'Two-step sign-in is off.');
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  });
  return now;
}

/** After a right password with two-step sign-in on: a challenge for the second step, nothing more. */
export async function issueLoginChallenge(
  deps: TwoFactorDeps,
  details: { userId: number; account: string; userAgent?: string | undefined },
): Promise<{ challenge: string; expiresIn: number }> {
  const challenge = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  // Expired challenges of anyone go as new ones come: the table holds only the last few minutes.
  await deps.db.delete(loginChallenges).where(lte(loginChallenges.expiresAt, now));
  await deps.db.insert(loginChallenges).values({
    userId: details.userId,
    tokenHash: hashToken(challenge),
    account: details.account,
    userAgent: details.userAgent ? details.userAgent.slice(0, 512) : null,
    expiresAt: new Date(now.getTime() + loginChallengeSeconds * 1000),
    createdAt: now,
  });
  return { challenge, expiresIn: loginChallengeSeconds };
}

export interface LiveChallenge {
  id: number;
  userId: number;
  account: string;
  userAgent: string | null;
}

/** The live challenge of `challenge`; ChallengeExpiredError when there is none. */
export async function liveChallenge(deps: TwoFactorDeps, challenge: string): Promise<LiveChallenge> {
  const [row] = await deps.db
    .select({
      id: loginChallenges.id,
      userId: loginChallenges.userId,
      account: loginChallenges.account,
      userAgent: loginChallenges.userAgent,
    })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(
      and(
        eq(loginChallenges.tokenHash, hashToken(challenge)),
        gt(loginChallenges.expiresAt, deps.clock.now()),
        sql`${loginChallenges.wrongTries} < ${loginChallengeMaxWrongTries}`,
        eq(users.status, 'active'),
      ),
    )
    .limit(1);
  if (!row) throw new ChallengeExpiredError();
  return row;
}

/** The throttle's account key of the second step: apart from the login names' keys. */
export const secondStepAccount = (userId: number) => `second-step:${userId}`;

/**
 * Checks the second step's code (the app's, or an unused recovery code) for a live challenge. Right:
 * the challenge is used up and how the person got through is answered. Wrong: the challenge counts a
 * wrong try (its last one ends it) and 422 on `code`.
 */
export async function completeLoginChallenge(
  deps: TwoFactorDeps,
  challenge: LiveChallenge,
  code: string,
): Promise<'app' | 'recovery_code'> {
  return completeLoginChallengeWith(deps, challenge, async () => {
    const way = await checkSecondFactor(deps, challenge.userId, code);
    if (!way) throw new WrongCodeError();
    return way;
  });
}

/**
 * The second step with any factor: `check` answers how the person got through, or throws. Each check
 * takes one of the challenge's tries first (a throw keeps it counted: its last one ends the challenge);
 * a pass uses the challenge up.
 */
export async function completeLoginChallengeWith<Way extends string>(
  deps: TwoFactorDeps,
  challenge: LiveChallenge,
  check: () => Promise<Way>,
): Promise<Way> {
  // The try is counted before the check, and only while tries are left: requests sent together were
  // each read live before any was counted, so counting after the check let them try more than the
  // limit. A check that passes uses the challenge up, so its counted try never matters.
  const [claimed] = await deps.db
    .update(loginChallenges)
    .set({ wrongTries: sql`${loginChallenges.wrongTries} + 1` })
    .where(
      and(
        eq(loginChallenges.id, challenge.id),
        gt(loginChallenges.expiresAt, deps.clock.now()),
        lt(loginChallenges.wrongTries, loginChallengeMaxWrongTries),
      ),
    )
    .returning({ id: loginChallenges.id });
  if (!claimed) throw new ChallengeExpiredError();
  const way = await check();
  const used = await deps.db.delete(loginChallenges).where(eq(loginChallenges.id, challenge.id)).returning({ id: loginChallenges.id });
  // Two requests with one challenge and two right answers: only the first signs in.
  if (used.length === 0) throw new ChallengeExpiredError();
  return way;
}

async function checkSecondFactor(deps: TwoFactorDeps, userId: number, code: string): Promise<'app' | 'recovery_code' | undefined> {
  const row = await secretRowOf(deps.db, userId);
  if (!row?.enabledAt) return undefined;
  if (/^\d{3} ?\d{3}$/.test(code)) {
    const accepted = acceptedCode(deps, userId, row.secret, row.lastUsedStep, code);
    return accepted !== undefined && (await claimStep(deps.db, userId, accepted)) ? 'app' : undefined;
  }
  const used = await deps.db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: deps.clock.now() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  if (used.length > 0) return 'recovery_code';
  // A code of theirs used before is not simply "incorrect": say so, so the person takes another
  // (it still counts as a wrong try).
  const [spent] = await deps.db
    .select({ id: twoFactorRecoveryCodes.id })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(code))))
    .limit(1);
  if (spent) throw new RuleBrokenError([{ field: 'code', message: messageRef('validation.recoveryCodeUsed') }]);
  return undefined;
}
