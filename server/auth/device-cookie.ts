// Device cookies (decision 245), after OWASP's "Slow Down Online Guessing Attacks
// with Device Cookies": a browser that signed in to an account successfully carries a cookie naming
// that account, and the sign-in limits count its attempts on a counter of its own instead of the
// account's growing delays. An attacker spending the account's delays from anywhere else cannot keep
// its owner out of their own browser, wherever that browser now is.
//
// The cookie `p-device` holds up to three entries (a shared computer, a person with two accounts),
// newest first, each `nonce.expiry.signature`: a random nonce, its expiry in seconds since the epoch,
// and an HMAC under TWO_FACTOR_KEY (retired keys still verify, decision 228) over the normalised login
// it was issued for, the nonce and the expiry. The login itself is not in it. HttpOnly, SameSite=Strict,
// sent only to /api/login (the password and the second step), Secure over https. Nothing is stored: the
// nonce keys the device's counter in the throttle's store.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const deviceCookieName = 'p-device';
/** A device stays trusted this long after its last successful sign-in. */
export const deviceCookieDays = 180;
/** Entries one browser keeps, newest first. */
const maxEntries = 3;
const cookiePath = '/api/login';

const signatureOf = (key: Buffer, account: string, nonce: string, expiry: string) =>
  createHmac('sha256', key).update(`device-cookie:${account}|${nonce}|${expiry}`).digest('base64url');

function signedBy(keys: readonly Buffer[], account: string, entry: string): boolean {
  const [nonce, expiry, signature, extra] = entry.split('.');
  if (!nonce || !expiry || !signature || extra !== undefined) return false;
  const given = Buffer.from(signature);
  return keys.some((key) => {
    const expected = Buffer.from(signatureOf(key, account, nonce, expiry));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** The entries of the request's device cookie (at most `maxEntries`, each bounded), unchecked. */
function entriesOf(cookieHeader: string | undefined): string[] {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== deviceCookieName) continue;
    return value
      .join('=')
      .split('~')
      .filter((entry) => entry.length > 0 && entry.length <= 120)
      .slice(0, maxEntries);
  }
  return [];
}

/**
 * The nonce of the request's device cookie for `account` (the normalised login), when one of its
 * entries was signed for that account under one of `keys` and has not expired; undefined otherwise.
 */
export function trustedDevice(keys: readonly Buffer[], cookieHeader: string | undefined, account: string, now: Date): string | undefined {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  for (const entry of entriesOf(cookieHeader)) {
    if (!signedBy(keys, account, entry)) continue;
    const [nonce, expiry] = entry.split('.') as [string, string];
    if (Number(expiry) > nowSeconds) return nonce;
  }
  return undefined;
}

/**
 * The `Set-Cookie` value after a successful sign-in to `account`: a new entry for it first (a fresh
 * nonce, so the device's counter starts again), then the other accounts' entries this browser held,
 * signed under a current or retired key and not expired.
 */
export function deviceCookieAfterSignIn(
  key: Buffer,
  keys: readonly Buffer[],
  cookieHeader: string | undefined,
  account: string,
  now: Date,
  secure: boolean,
): string {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const maxAge = deviceCookieDays * 24 * 60 * 60;
  const nonce = randomBytes(16).toString('base64url');
  const expiry = String(nowSeconds + maxAge);
  const fresh = `${nonce}.${expiry}.${signatureOf(key, account, nonce, expiry)}`;
  // Others' entries are kept without checking whose they are (their login is not in them); this
  // account's old one, and anything expired or malformed, goes.
  const kept = entriesOf(cookieHeader).filter((entry) => {
    const [, entryExpiry, signature] = entry.split('.');
    if (!signature || !(Number(entryExpiry) > nowSeconds)) return false;
    return !signedBy(keys, account, entry);
  });
  const value = [fresh, ...kept].slice(0, maxEntries).join('~');
  return `${deviceCookieName}=${value}; Path=${cookiePath}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
