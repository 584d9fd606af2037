// The session token cookie `s-token` (SPEC §3, §9): path /, domain the current hostname, Secure,
// SameSite strict, 365 days. Plain-http loopback drops Secure, because browsers refuse Secure cookies
// there (docs/decisions/011-session-cookie-and-cross-tab-changes.md).
import Cookies from 'js-cookie';

export const sessionCookieName = 's-token';
export const sessionCookieDays = 365;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isLoopback(hostname: string): boolean {
  return loopbackHosts.has(hostname) || hostname.endsWith('.localhost');
}

/** The cookie attributes for a page at `where`. */
export function sessionCookieAttributes(
  where: Pick<Location, 'protocol' | 'hostname'> = globalThis.location,
): Cookies.CookieAttributes {
  const attributes: Cookies.CookieAttributes = {
    path: '/',
    sameSite: 'strict',
    expires: sessionCookieDays,
    secure: !(where.protocol === 'http:' && isLoopback(where.hostname)),
  };
  // Browsers refuse an explicit Domain=localhost; a host-only cookie on loopback is the same thing.
  if (!isLoopback(where.hostname)) attributes.domain = where.hostname;
  return attributes;
}

/** The token in the cookie, '' when signed out. */
export function readSessionCookie(): string {
  return Cookies.get(sessionCookieName) ?? '';
}

/** Stores `token`; an empty token removes the cookie. */
export function writeSessionCookie(token: string, where?: Pick<Location, 'protocol' | 'hostname'>): void {
  const attributes = sessionCookieAttributes(where);
  if (token) Cookies.set(sessionCookieName, token, attributes);
  else Cookies.remove(sessionCookieName, attributes);
}
