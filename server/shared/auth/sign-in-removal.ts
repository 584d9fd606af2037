// One-click removal of a sign-in method from a mail (issue 41; decision 235). The mail a password reset
// by email sends lists the passkeys and two-step sign-in that stayed; each comes with a link whose
// token names the person, the method and the version of it (a passkey's id, two-step sign-in's time it
// was turned on), signed with an HMAC under TWO_FACTOR_KEY and good for 7 days. Nothing is stored: a
// link stops working once its method is gone (a passkey id is never reused; two-step sign-in turned on
// again is another version). Removing ends every session of the account, so a session that added the
// method goes with it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { signInRemovalLinkDays, signInRemovalPagePath, type RemovedSignIn } from '../../../contract/sign-in-removal.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { loginChallenges, passkeys, twoFactorRecoveryCodes, twoFactorSecrets } from '../../db/security-schema.ts';
import { users } from '../../db/schema.ts';
import { NotFoundError } from '../../domain-errors.ts';
import type { TokenStore } from './tokens.ts';

interface Claim {
  /** The person. */
  u: number;
  /** `p`: a passkey; `t`: two-step sign-in. */
  k: 'p' | 't';
  /** The passkey's id, or the time (ms) two-step sign-in was turned on. */
  v: number;
  /** Expiry, seconds since the epoch. */
  e: number;
}

/** The link is used, expired, forged or names a method that is gone: one answer for all. */
export class RemovalLinkInvalidError extends NotFoundError {
  constructor() {
    super('This link no longer works: the sign-in method is already gone, or the link is more than 7 days old.', 'removal_link_invalid');
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
    if (claim.k !== 'p' && claim.k !== 't') return undefined;
    return claim.e * 1000 > now.getTime() ? claim : undefined;
  } catch {
    return undefined;
  }
}

/** The page link that removes `what` of `userId` in one click (after the page asks once). */
export function removalLink(
  deps: { key: Buffer; siteUrl: string; now: Date },
  locale: Locale,
  userId: number,
  what: { passkeyId: number } | { twoFactorEnabledAt: Date },
): string {
  const claim: Claim = {
    u: userId,
    k: 'passkeyId' in what ? 'p' : 't',
    v: 'passkeyId' in what ? what.passkeyId : what.twoFactorEnabledAt.getTime(),
    e: Math.floor(deps.now.getTime() / 1000) + signInRemovalLinkDays * 24 * 60 * 60,
  };
  return `${deps.siteUrl}${locale === 'uk_UA' ? '/uk' : ''}${signInRemovalPagePath}?token=${tokenOf(deps.key, claim)}`;
}

export interface SignInRemovalDeps {
  db: Db;
  clock: Clock;
  tokens: TokenStore;
  key: Buffer;
  retiredKeys: readonly Buffer[];
}

/** Removes what the token names and ends every session of its person; the person and what went. */
export async function removeSignInByLink(deps: SignInRemovalDeps, token: string): Promise<{ userId: number; removed: RemovedSignIn }> {
  const claim = claimOf([deps.key, ...deps.retiredKeys], token, deps.clock.now());
  if (!claim) throw new RemovalLinkInvalidError();
  const [person] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, claim.u), eq(users.status, 'active')));
  if (!person) throw new RemovalLinkInvalidError();
  const removed = await deps.db.transaction(async (tx): Promise<RemovedSignIn | undefined> => {
    if (claim.k === 'p') {
      const [row] = await tx
        .delete(passkeys)
        .where(and(eq(passkeys.id, claim.v), eq(passkeys.userId, claim.u)))
        .returning({ name: passkeys.name });
      return row ? { kind: 'passkey', name: row.name } : undefined;
    }
    const [secret] = await tx
      .select({ enabledAt: twoFactorSecrets.enabledAt })
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, claim.u));
    if (secret?.enabledAt?.getTime() !== claim.v) return undefined;
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, claim.u));
    await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, claim.u));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, claim.u));
    return { kind: 'two_factor', name: null };
  });
  if (!removed) throw new RemovalLinkInvalidError();
  await deps.tokens.revokeAllOf(claim.u, 'signed_out');
  return { userId: claim.u, removed };
}
