// The undo link of every security mail (decisions 235 and 278). A token names the person, what to undo
// and the version of it (a passkey's or an added address's id, the time two-step sign-in was turned on
// or off, the first id of a batch of recovery codes, a replaced sign-in address's row, a fingerprint of
// the password's hash), signed with an HMAC under TWO_FACTOR_KEY and good for 7 days. Nothing is stored
// for the link itself: it stops working once what it names is gone or changed again. Every undo ends
// every session of the account, so a session that made the change goes with it. The mail goes to every
// address that hears of the account's changes, an attacker's included: undoing helps only the owner.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, isNull, lt, ne } from 'drizzle-orm';
import { signInRemovalLinkDays, signInRemovalPagePath, type RemovedSignIn, type UndoKind } from '../../../contract/sign-in-removal.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Queryable } from '../../db/client.ts';
import {
  formerSignInAddresses,
  loginChallenges,
  passkeys,
  removedPasskeys,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
} from '../../db/security-schema.ts';
import { accountAddresses, companies, companyMembers, users } from '../../db/schema.ts';
import { ConflictError, NotFoundError, RuleBrokenError } from '../../domain-errors.ts';
import { messageRef } from '../../../contract/validation.ts';
import { recoverAccount } from './recovery.ts';
import { openSecretWithAny } from './secret-box.ts';
import { secretContext } from './two-factor.ts';
import type { TokenStore } from './tokens.ts';

interface Claim {
  /** The person. */
  u: number;
  k: UndoKind;
  /** The version of what it names (see the module's comment). */
  v: number;
  /** Expiry, seconds since the epoch. */
  e: number;
}

const kinds = new Set<string>(['p', 't', 'e', 'r', 'd', 'a', 'w', 'o', 'k']);
const linkMs = signInRemovalLinkDays * 24 * 60 * 60 * 1000;
/** Recovery codes come ten at a time: a batch is ten ids from its first (two-factor.ts). */
const recoveryBatch = 10;

/** The link is used, expired, forged or names what is gone: one answer for all. */
export class RemovalLinkInvalidError extends NotFoundError {
  constructor() {
    super(
      'This link no longer works: what it undoes is already gone or changed again, or the link is more than 7 days old.',
      'removal_link_invalid',
    );
  }
}

/** A link that undoes a password change sets a new one: the request must bring it. */
class NewPasswordNeededError extends RuleBrokenError {
  constructor() {
    super([{ field: 'password', message: messageRef('validation.required') }]);
  }
}

const signatureOf = (key: Buffer, body: string) => createHmac('sha256', key).update(`sign-in-removal:${body}`).digest('base64url');

function tokenOf(key: Buffer, claim: Claim): string {
  const body = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${body}.${signatureOf(key, body)}`;
}

/** The claim of a token signed under the current key or a retired one (decision 228); undefined otherwise. */
function claimOf(keys: readonly Buffer[], token: string, now: Date): Claim | undefined {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  const given = Buffer.from(signature);
  const signed = keys.some((key) => {
    const expected = Buffer.from(signatureOf(key, body));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return undefined;
  try {
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claim;
    if (!Number.isSafeInteger(claim.u) || !Number.isSafeInteger(claim.v) || !Number.isSafeInteger(claim.e)) return undefined;
    if (!kinds.has(claim.k)) return undefined;
    return claim.e * 1000 > now.getTime() ? claim : undefined;
  } catch {
    return undefined;
  }
}

/** 48 bits of the password hash's SHA-256: a link for one password stops once it changes again. */
export function passwordFingerprint(passwordHash: string): number {
  return createHash('sha256').update(passwordHash).digest().readUIntBE(0, 6);
}

/** What a link undoes, with its version. */
export type Undoable =
  | { passkeyId: number }
  | { twoFactorEnabledAt: Date }
  | { addressId: number }
  | { recoveryCodesFrom: number }
  | { twoFactorDisabledAt: Date }
  | { formerAddressId: number }
  | { passwordHash: string }
  | { ownershipGivenTo: number }
  | { removedPasskeyId: number };

function claimParts(what: Undoable): { k: UndoKind; v: number } {
  if ('passkeyId' in what) return { k: 'p', v: what.passkeyId };
  if ('twoFactorEnabledAt' in what) return { k: 't', v: what.twoFactorEnabledAt.getTime() };
  if ('addressId' in what) return { k: 'e', v: what.addressId };
  if ('recoveryCodesFrom' in what) return { k: 'r', v: what.recoveryCodesFrom };
  if ('twoFactorDisabledAt' in what) return { k: 'd', v: what.twoFactorDisabledAt.getTime() };
  if ('formerAddressId' in what) return { k: 'a', v: what.formerAddressId };
  if ('ownershipGivenTo' in what) return { k: 'o', v: what.ownershipGivenTo };
  if ('removedPasskeyId' in what) return { k: 'k', v: what.removedPasskeyId };
  return { k: 'w', v: passwordFingerprint(what.passwordHash) };
}

/** What a link needs from the app: the key that signs it, the site's address and the time. */
export function undoLinks(deps: { config: { twoFactorKey: Buffer; publicSiteUrl: string }; clock: { now(): Date } }) {
  return { key: deps.config.twoFactorKey, siteUrl: deps.config.publicSiteUrl, now: deps.clock.now() };
}

/** The page link that undoes `what` of `userId` (after the page asks once). */
export function removalLink(deps: { key: Buffer; siteUrl: string; now: Date }, locale: Locale, userId: number, what: Undoable): string {
  const claim: Claim = { u: userId, ...claimParts(what), e: Math.floor((deps.now.getTime() + linkMs) / 1000) };
  return `${deps.siteUrl}${locale === 'uk_UA' ? '/uk' : ''}${signInRemovalPagePath}?token=${tokenOf(deps.key, claim)}`;
}

export interface SignInRemovalDeps {
  db: Db;
  clock: Clock;
  tokens: TokenStore;
  key: Buffer;
  retiredKeys: readonly Buffer[];
}

/** The kind the token names when it is genuine and in date (the route hashes a new password only for `w`). */
export function genuineKindOf(deps: SignInRemovalDeps, token: string): UndoKind | undefined {
  return claimOf([deps.key, ...deps.retiredKeys], token, deps.clock.now())?.k;
}

type Undo = (
  tx: Queryable,
  claim: Claim,
  now: Date,
  newPasswordHash: string | undefined,
  keys: { key: Buffer; retiredKeys: readonly Buffer[] },
) => Promise<RemovedSignIn | undefined>;

/** Two-step sign-in cannot come back on: no key kept opens its secret (the key that sealed it was dropped). */
class TwoFactorUnreadableError extends ConflictError {
  constructor() {
    super(
      'two_factor_unreadable',
      'Two-step sign-in cannot be turned back on: its secret can no longer be read. It stays off; sign in and set it up again in Settings → Password and security.',
    );
  }
}

const undoPasskey: Undo = async (tx, claim) => {
  const [row] = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.id, claim.v), eq(passkeys.userId, claim.u)))
    .returning({ name: passkeys.name });
  return row ? { kind: 'passkey', name: row.name } : undefined;
};

const undoTwoFactorOn: Undo = async (tx, claim) => {
  const [secret] = await tx
    .select({ enabledAt: twoFactorSecrets.enabledAt })
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, claim.u));
  if (secret?.enabledAt?.getTime() !== claim.v) return undefined;
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, claim.u));
  await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, claim.u));
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, claim.u));
  return { kind: 'two_factor', name: null };
};

const undoAddressAdded: Undo = async (tx, claim) => {
  const [row] = await tx
    .delete(accountAddresses)
    .where(and(eq(accountAddresses.id, claim.v), eq(accountAddresses.userId, claim.u)))
    .returning({ value: accountAddresses.value });
  return row ? { kind: 'address', name: row.value } : undefined;
};

/** The batch's unused codes go; two-step sign-in stays on (the owner's app still signs in, and makes new codes). */
const undoRecoveryCodes: Undo = async (tx, claim) => {
  const gone = await tx
    .delete(twoFactorRecoveryCodes)
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, claim.u),
        gte(twoFactorRecoveryCodes.id, claim.v),
        lt(twoFactorRecoveryCodes.id, claim.v + recoveryBatch),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return gone.length > 0 ? { kind: 'recovery_codes', name: null } : undefined;
};

/**
 * Two-step sign-in back on with the secret and recovery codes it had, unless set up anew since. Not
 * with a secret no kept key opens (sealed under a key dropped since): on, it would ask for codes no
 * app's code could match, so it stays off and the answer says to set it up again.
 */
const undoTwoFactorOff: Undo = async (tx, claim, now, _newPasswordHash, keys) => {
  const [off] = await tx
    .select({ secret: twoFactorSecrets.secret })
    .from(twoFactorSecrets)
    .where(
      and(eq(twoFactorSecrets.userId, claim.u), eq(twoFactorSecrets.disabledAt, new Date(claim.v)), isNull(twoFactorSecrets.enabledAt)),
    );
  if (!off) return undefined;
  try {
    openSecretWithAny(keys.key, keys.retiredKeys, off.secret, secretContext(claim.u));
  } catch {
    throw new TwoFactorUnreadableError();
  }
  const back = await tx
    .update(twoFactorSecrets)
    .set({ enabledAt: now, disabledAt: null, updatedAt: now })
    .where(
      and(eq(twoFactorSecrets.userId, claim.u), eq(twoFactorSecrets.disabledAt, new Date(claim.v)), isNull(twoFactorSecrets.enabledAt)),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return back.length > 0 ? { kind: 'two_factor_restored', name: null } : undefined;
};

/**
 * The replaced sign-in address becomes the sign-in address again; the one that replaced it goes (it
 * is the change being undone). Refused when another account signs in with it by now.
 */
const undoSignInAddress: Undo = async (tx, claim, now) => {
  const [former] = await tx
    .select()
    .from(formerSignInAddresses)
    .where(and(eq(formerSignInAddresses.id, claim.v), eq(formerSignInAddresses.userId, claim.u)));
  if (!former || former.replacedAt.getTime() + linkMs <= now.getTime()) return undefined;
  const [before] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, claim.u));
  // Another account that proved the address since holds it: nothing is undone, and the answer says so.
  if (!(await restoreSignInAddress(tx, claim.u, former, now))) return undefined;
  // '' was no sign-in phone: the one that became it is removed.
  if (former.value === '') return { kind: 'address', name: before?.phone ?? null };
  return { kind: 'sign_in_address', name: former.value };
};

/**
 * In a transaction: `former` signs in to `userId` again, verified; false when another account holds it.
 * A phone's '' is none: the sign-in phone goes.
 */
export async function restoreSignInAddress(
  tx: Queryable,
  userId: number,
  former: { channel: 'email' | 'phone'; value: string },
  now: Date,
): Promise<boolean> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (former.channel === 'phone' && former.value === '') {
    await tx.update(users).set({ phone: null, phoneVerifiedAt: null, updatedAt: now }).where(eq(users.id, userId));
    await tx.delete(formerSignInAddresses).where(and(eq(formerSignInAddresses.userId, userId), eq(formerSignInAddresses.channel, 'phone')));
    return true;
  }
  const column = former.channel === 'email' ? users.email : users.phone;
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(column, former.value), ne(users.id, userId)));
  if (other) return false;
  await tx
    .delete(accountAddresses)
    .where(
      and(eq(accountAddresses.userId, userId), eq(accountAddresses.channel, former.channel), eq(accountAddresses.value, former.value)),
    );
  await tx
    .update(users)
    .set(
      former.channel === 'email'
        ? { email: former.value, emailVerifiedAt: now, updatedAt: now }
        : { phone: former.value, phoneVerifiedAt: now, updatedAt: now },
    )
    .where(eq(users.id, userId));
  await tx
    .delete(formerSignInAddresses)
    .where(and(eq(formerSignInAddresses.userId, userId), eq(formerSignInAddresses.channel, former.channel)));
  return true;
}

/** A new password while the changed one is current; then what a reset by email removes goes too. */
const undoPassword: Undo = async (tx, claim, now, newPasswordHash) => {
  const [user] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, claim.u)).for('update');
  if (!user || passwordFingerprint(user.passwordHash) !== claim.v) return undefined;
  if (!newPasswordHash) throw new NewPasswordNeededError();
  await tx.update(users).set({ passwordHash: newPasswordHash, updatedAt: now }).where(eq(users.id, claim.u));
  await recoverAccount(tx, claim.u, now, false);
  return { kind: 'password', name: null };
};

/**
 * A company's ownership back with the person who gave it away: the membership it was given to (the
 * link's version) is still the owner and the person still a member, so a later transfer (the new
 * owner's own, or one the old owner made since) is left alone. The new owner becomes an admin, as the
 * old owner became one by the transfer.
 */
const undoOwnership: Undo = async (tx, claim, now) => {
  const [given] = await tx
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(and(eq(companyMembers.id, claim.v), eq(companyMembers.role, 'owner')))
    .for('update');
  if (!given) return undefined;
  const [former] = await tx
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, given.companyId), eq(companyMembers.userId, claim.u), ne(companyMembers.id, claim.v)));
  if (!former) return undefined;
  // Demote first: one owner a company, which its unique index also holds.
  await tx.update(companyMembers).set({ role: 'admin', updatedAt: now }).where(eq(companyMembers.id, claim.v));
  await tx.update(companyMembers).set({ role: 'owner', updatedAt: now }).where(eq(companyMembers.id, former.id));
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, given.companyId));
  return { kind: 'ownership', name: company?.name ?? null };
};

/**
 * A removed passkey back, as it was (its counter too), while kept (7 days); not when its credential
 * signs in to an account again by now (the unique credential id would refuse it anyway).
 */
const undoPasskeyRemoval: Undo = async (tx, claim, now) => {
  const [kept] = await tx
    .delete(removedPasskeys)
    .where(
      and(
        eq(removedPasskeys.id, claim.v),
        eq(removedPasskeys.userId, claim.u),
        gte(removedPasskeys.removedAt, new Date(now.getTime() - linkMs)),
      ),
    )
    .returning();
  if (!kept) return undefined;
  const [taken] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, kept.credentialId));
  if (taken) return undefined;
  await tx.insert(passkeys).values({
    userId: kept.userId,
    credentialId: kept.credentialId,
    publicKey: kept.publicKey,
    counter: kept.counter,
    transports: kept.transports,
    name: kept.name,
    backedUp: kept.backedUp,
    lastUsedAt: kept.lastUsedAt,
    createdAt: kept.addedAt,
  });
  return { kind: 'passkey_restored', name: kept.name };
};

const undoes: Record<UndoKind, Undo> = {
  p: undoPasskey,
  t: undoTwoFactorOn,
  e: undoAddressAdded,
  r: undoRecoveryCodes,
  d: undoTwoFactorOff,
  a: undoSignInAddress,
  w: undoPassword,
  o: undoOwnership,
  k: undoPasskeyRemoval,
};

/** Undoes what the token names and ends every session of its person; the person and what was undone. */
export async function removeSignInByLink(
  deps: SignInRemovalDeps,
  token: string,
  newPasswordHash?: string,
): Promise<{ userId: number; removed: RemovedSignIn }> {
  const claim = claimOf([deps.key, ...deps.retiredKeys], token, deps.clock.now());
  if (!claim) throw new RemovalLinkInvalidError();
  const [person] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, claim.u), eq(users.status, 'active')));
  if (!person) throw new RemovalLinkInvalidError();
  const now = deps.clock.now();
  const removed = await deps.db.transaction((tx) => undoes[claim.k](tx, claim, now, newPasswordHash, deps));
  if (!removed) throw new RemovalLinkInvalidError();
  await deps.tokens.revokeAllOf(claim.u, 'signed_out');
  return { userId: claim.u, removed };
}

/** The person's sign-in addresses replaced in the last 7 days that may still reset the password. */
export function formerAddressLive(now: Date) {
  return gte(formerSignInAddresses.replacedAt, new Date(now.getTime() - linkMs));
}

/** Removed passkeys kept past the link's 7 days go (called as new ones are removed). */
export async function forgetOldRemovedPasskeys(db: Queryable, now: Date): Promise<void> {
  await db.delete(removedPasskeys).where(lt(removedPasskeys.removedAt, new Date(now.getTime() - linkMs)));
}

/** Replaced sign-in addresses older than the link's 7 days go (called as new ones come). */
export async function forgetOldFormerAddresses(db: Queryable, now: Date): Promise<void> {
  await db.delete(formerSignInAddresses).where(lt(formerSignInAddresses.replacedAt, new Date(now.getTime() - linkMs)));
}
