// Passkeys (decision 206), free of HTTP: adding one (options, then the authenticator's answer
// checked), the list, removing one with the password, and signing in with one: alone (a discoverable
// passkey with user verification) or as the second step after the password. WebAuthn itself is
// @simplewebauthn/server's; what is ours is where the challenges live (the database, one use each,
// so any API process checks any other's), which origins count, and the counter.
import { createHash, createHmac } from 'node:crypto';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';

type AuthenticatorTransportFuture = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';
import { isCompanyHostname } from '../../contract/company-hosts.ts';
import {
  maxPasskeys,
  passkeyChallengeSeconds,
  type Passkey,
  type PasskeyAuthenticationCredential,
  type PasskeyOptions,
  type PasskeyRegistrationCredential,
} from '../../contract/passkeys.ts';
import { messageRef } from '../../contract/validation-messages.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { passkeyChallenges, passkeys, removedPasskeys } from '../db/security-schema.ts';
import { forgetOldRemovedPasskeys } from '../shared/auth/sign-in-removal.ts';
import { ConflictError, NotFoundError, RuleBrokenError, UnauthenticatedError } from '../domain-errors.ts';
import { checkProof, requireVerifiedEmail } from '../shared/auth/reauthentication.ts';

export interface PasskeyDeps {
  db: Db;
  clock: Clock;
  /** The relying party: the personal site's host name (never the company host's, decision 206). */
  rpId: string;
  /** Origins a browser's answer may come from: the personal site's, and any allowed one on its host. */
  origins: string[];
  /** Keys the opaque user handle (TWO_FACTOR_KEY): stable per person, telling nothing about them. */
  key: Buffer;
  /** Keys TWO_FACTOR_KEY replaced (decision 228): a passkey made under one names its person by that key's handle. */
  retiredKeys: readonly Buffer[];
}

export function passkeyDepsOf(deps: {
  db: Db;
  clock: Clock;
  config: { publicSiteUrl: string; allowedOrigins: string[]; twoFactorKey: Buffer; retiredTwoFactorKeys: readonly Buffer[] };
}): PasskeyDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    key: deps.config.twoFactorKey,
    retiredKeys: deps.config.retiredTwoFactorKeys,
    ...relyingPartyOf(deps.config.publicSiteUrl, deps.config.allowedOrigins),
  };
}

/**
 * The RP ID is the personal site's host name; the origins are its own and every other allowed origin
 * on that same host name (a development server on another port), never the company host: passkeys
 * are made and used on the personal site, where /login and the settings are.
 */
export function relyingPartyOf(publicSiteUrl: string, allowedOrigins: string[]): { rpId: string; origins: string[] } {
  const rpId = new URL(publicSiteUrl).hostname;
  const origins = new Set([new URL(publicSiteUrl).origin]);
  for (const origin of allowedOrigins) {
    const url = new URL(origin);
    if (url.hostname === rpId && !isCompanyHostname(url.hostname)) origins.add(url.origin);
  }
  return { rpId, origins: [...origins] };
}

const rpName = 'Profiles';
type Purpose = 'registration' | 'sign_in' | 'second_step';
const hashChallenge = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/** The answer could not be checked: 422 on `credential` (a signed-in person adding one). */
class PasskeyNotCheckedError extends RuleBrokenError {
  constructor() {
    super([{ field: 'credential', message: messageRef('validation.passkey') }]);
  }
}

/** Signing in: the passkey is unknown here, its answer is wrong or its challenge is gone. */
export class PasskeyNotRecognisedError extends UnauthenticatedError {
  constructor() {
    super('This passkey is not recognised. Try again or sign in with your password.', 'passkey_not_recognised');
  }
}

/** The opaque WebAuthn user handle of a person: 32 bytes, the same on every device. */
function userHandleOf(deps: PasskeyDeps, userId: number, key = deps.key): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHmac('sha256', key).update(`passkey-user:${userId}`).digest());
}

/** Whether `handle` (base64url) names the person under the current key or a retired one (decision 228). */
function namesPerson(deps: PasskeyDeps, handle: string, userId: number): boolean {
  return [deps.key, ...deps.retiredKeys].some((key) => Buffer.from(userHandleOf(deps, userId, key)).toString('base64url') === handle);
}

async function storeChallenge(deps: PasskeyDeps, challenge: string, purpose: Purpose, userId: number | null): Promise<void> {
  const now = deps.clock.now();
  // Expired challenges of anyone go as new ones come: the table holds only the last few minutes.
  await deps.db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now));
  await deps.db.insert(passkeyChallenges).values({
    challengeHash: hashChallenge(challenge),
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + passkeyChallengeSeconds * 1000),
    createdAt: now,
  });
}

/** The challenge the browser signed, read from its clientDataJSON; undefined when unreadable. */
function challengeIn(clientDataJSON: string): string | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' && parsed.challenge.length <= 200 ? parsed.challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Uses up the challenge an answer signed: deleted in one statement, so two requests with one answer
 * cannot both pass. True when it was live, of this purpose and (where it has one) of this person.
 */
async function claimChallenge(
  deps: PasskeyDeps,
  clientDataJSON: string,
  purpose: Purpose,
  userId: number | null,
): Promise<string | undefined> {
  const challenge = challengeIn(clientDataJSON);
  if (!challenge) return undefined;
  const claimed = await deps.db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challengeHash, hashChallenge(challenge)),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, deps.clock.now()),
        userId === null ? sql`${passkeyChallenges.userId} is null` : eq(passkeyChallenges.userId, userId),
      ),
    )
    .returning({ id: passkeyChallenges.id });
  return claimed.length > 0 ? challenge : undefined;
}

const transportsOf = (stored: string[]) => stored as AuthenticatorTransportFuture[];

/** The person's passkeys, newest first. */
export async function passkeysOf(db: Db, userId: number): Promise<Passkey[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    synced: row.backedUp,
  }));
}

export async function hasPasskey(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return Boolean(row);
}

/**
 * Options for creating a passkey: discoverable, user verification required, none of theirs again.
 * Asked with the current password (decision 235), so a wrong one stops before the device's ceremony;
 * only on an account whose email is verified.
 */
export async function registrationOptions(deps: PasskeyDeps, userId: number, password: string): Promise<PasskeyOptions> {
  await requireVerifiedEmail(deps.db, userId);
  await checkProof(deps, userId, password);
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new UnauthenticatedError();
  const existing = await deps.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  if (existing.length >= maxPasskeys) throw new ConflictError('passkey_limit_reached', `At most ${maxPasskeys} passkeys.`);
  const options = await generateRegistrationOptions({
    rpName,
    rpID: deps.rpId,
    userName: user.email,
    userDisplayName: user.email,
    userID: userHandleOf(deps, userId),
    attestationType: 'none',
    timeout: passkeyChallengeSeconds * 1000,
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row.transports) })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    // ES256 (every authenticator) and RS256 (Windows Hello's older keys); EdDSA too.
    supportedAlgorithmIDs: [-7, -8, -257],
  });
  await storeChallenge(deps, options.challenge, 'registration', userId);
  return { ...options };
}

/** Checks the current password and the new passkey's answer, and keeps it under `name`. */
export async function addPasskey(
  deps: PasskeyDeps,
  userId: number,
  name: string,
  credential: PasskeyRegistrationCredential,
  password: string,
): Promise<Passkey> {
  await requireVerifiedEmail(deps.db, userId);
  await checkProof(deps, userId, password);
  const challenge = await claimChallenge(deps, credential.response.clientDataJSON, 'registration', userId);
  if (!challenge) throw new PasskeyNotCheckedError();
  const verification = await verifyRegistrationResponse({
    response: {
      ...credential,
      clientExtensionResults: credential.clientExtensionResults ?? {},
      response: { ...credential.response, transports: credential.response.transports as AuthenticatorTransportFuture[] | undefined },
    },
    expectedChallenge: challenge,
    expectedOrigin: deps.origins,
    expectedRPID: deps.rpId,
    requireUserVerification: true,
    supportedAlgorithmIDs: [-7, -8, -257],
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw new PasskeyNotCheckedError();
  const { credential: made, credentialBackedUp } = verification.registrationInfo;
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(passkeys)
    .values({
      userId,
      credentialId: made.id,
      publicKey: Buffer.from(made.publicKey).toString('base64url'),
      counter: made.counter,
      transports: (made.transports ?? []).slice(0, 10),
      name,
      backedUp: credentialBackedUp,
      createdAt: now,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) throw new ConflictError('passkey_already_added', 'This passkey is already added.');
  return { id: row.id, name: row.name, created_at: row.createdAt.toISOString(), last_used_at: null, synced: row.backedUp };
}

/** Removes one of the person's passkeys after their password; another's is not found. */
/**
 * Removes the passkey, keeping it whole for the removal mail's undo link (decision 297); the kept row's
 * id, which the link names. Kept rows past the link's 7 days go as new ones come.
 */
export async function removePasskey(deps: PasskeyDeps, userId: number, passkeyId: number, password: string): Promise<number> {
  await checkProof(deps, userId, password);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
      .returning();
    if (!removed) throw new NotFoundError('No such passkey.');
    await forgetOldRemovedPasskeys(tx, now);
    const [kept] = await tx
      .insert(removedPasskeys)
      .values({
        userId,
        credentialId: removed.credentialId,
        publicKey: removed.publicKey,
        counter: removed.counter,
        transports: removed.transports,
        name: removed.name,
        backedUp: removed.backedUp,
        lastUsedAt: removed.lastUsedAt,
        addedAt: removed.createdAt,
        removedAt: now,
      })
      .returning({ id: removedPasskeys.id });
    return kept!.id;
  });
}

/** Options for signing in with a passkey alone: any discoverable passkey of this site, verified. */
export async function signInOptions(deps: PasskeyDeps): Promise<PasskeyOptions> {
  const options = await generateAuthenticationOptions({
    rpID: deps.rpId,
    userVerification: 'required',
    timeout: passkeyChallengeSeconds * 1000,
  });
  await storeChallenge(deps, options.challenge, 'sign_in', null);
  return { ...options };
}

/** Options for the second step with a passkey: only the person's own passkeys are offered. */
export async function secondStepOptions(deps: PasskeyDeps, userId: number): Promise<PasskeyOptions> {
  const mine = await deps.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  if (mine.length === 0) throw new PasskeyNotRecognisedError();
  const options = await generateAuthenticationOptions({
    rpID: deps.rpId,
    userVerification: 'required',
    timeout: passkeyChallengeSeconds * 1000,
    allowCredentials: mine.map((row) => ({ id: row.credentialId, transports: transportsOf(row.transports) })),
  });
  await storeChallenge(deps, options.challenge, 'second_step', userId);
  return { ...options };
}

/**
 * Checks a passkey's answer to a sign-in challenge (`userId` null: alone from /login; a person: the
 * second step). The challenge is used up first, then the signature, the origin, the RP ID, user
 * verification, the user handle, and the counter (one that does not go up, where the authenticator
 * counts, marks a cloned key). Answers the person; PasskeyNotRecognisedError otherwise.
 */
export async function verifyPasskeySignIn(
  deps: PasskeyDeps,
  credential: PasskeyAuthenticationCredential,
  userId: number | null,
): Promise<number> {
  const [row] = await deps.db
    .select()
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(and(eq(passkeys.credentialId, credential.id), eq(users.status, 'active')))
    .limit(1);
  const challenge = await claimChallenge(deps, credential.response.clientDataJSON, userId === null ? 'sign_in' : 'second_step', userId);
  if (!row || !challenge) throw new PasskeyNotRecognisedError();
  const key = row.passkeys;
  if (userId !== null && key.userId !== userId) throw new PasskeyNotRecognisedError();
  // A discoverable passkey names its person: it must be the one the passkey was made for.
  if (credential.response.userHandle && !namesPerson(deps, credential.response.userHandle, key.userId)) {
    throw new PasskeyNotRecognisedError();
  }
  const verification = await verifyAuthenticationResponse({
    response: { ...credential, clientExtensionResults: credential.clientExtensionResults ?? {} },
    expectedChallenge: challenge,
    expectedOrigin: deps.origins,
    expectedRPID: deps.rpId,
    requireUserVerification: true,
    credential: {
      id: key.credentialId,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
      counter: key.counter,
      transports: transportsOf(key.transports),
    },
  }).catch(() => undefined);
  if (!verification?.verified) throw new PasskeyNotRecognisedError();
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  // The counter is claimed like the app's time step: a concurrent answer with the same count loses.
  const updated = await deps.db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: deps.clock.now(), backedUp: credentialBackedUp })
    .where(and(eq(passkeys.id, key.id), newCounter > 0 ? sql`${passkeys.counter} < ${newCounter}` : sql`${passkeys.counter} = 0`))
    .returning({ id: passkeys.id });
  if (updated.length === 0) throw new PasskeyNotRecognisedError();
  return key.userId;
}
