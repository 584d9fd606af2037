// The session token cookie `s-token` (SPEC §3, §9): path /, the current host only, Secure, SameSite
// strict, 365 days. Host-only (no Domain attribute): a Domain cookie of `profiles.example` would also
// be sent to `company.profiles.example`, whose session is its own (decisions 090, 091). Plain-http
// loopback drops Secure, because browsers refuse Secure cookies there (decision 011).
import Cookies from 'js-cookie';
import { sessionCookieName } from '../../../contract/auth.ts';

export const sessionCookieDays = 365;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isLoopback(hostname: string): boolean {
  return loopbackHosts.has(hostname) || hostname.endsWith('.localhost');
}

/** The cookie attributes for a page at `where`: never a Domain, so the cookie stays on this host. */
export function sessionCookieAttributes(where: Pick<Location, 'protocol' | 'hostname'> = globalThis.location): Cookies.CookieAttributes {
  return {
    path: '/',
    sameSite: 'strict',
    expires: sessionCookieDays,
    secure: !(where.protocol === 'http:' && isLoopback(where.hostname)),
  };
}

/** The token in the cookie, '' when signed out. */
export function readSessionCookie(): string {
  return Cookies.get(sessionCookieName) ?? '';
}

/** Stores `token`; an empty token removes the cookie. */
export function writeSessionCookie(token: string, where: Pick<Location, 'protocol' | 'hostname'> = globalThis.location): void {
  const attributes = sessionCookieAttributes(where);
  // Before decision 091 the cookie carried Domain={hostname}; that one is a different cookie to the
  // browser, so it is removed here or it would keep reaching the company host.
  if (!isLoopback(where.hostname)) Cookies.remove(sessionCookieName, { ...attributes, domain: where.hostname });
  if (token) Cookies.set(sessionCookieName, token, attributes);
  else Cookies.remove(sessionCookieName, attributes);
}
