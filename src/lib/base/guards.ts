// Page access (SPEC §2, §6): which routes need a session, the permission rules, and where a
// refused visitor goes. The rules are data so the bootstrap, islands and tests read the same table.
import { buildSitePath, routeNameOf, type SitePath } from './site-path.ts';

/** The query parameter that carries the page to return to after signing in. */
export const returnToParam = 'redirect';

/** SPEC §2's access column by route name; routes not listed (public pages, 404) need nothing. */
export const routeAccess: Readonly<Record<string, 'auth'>> = {
  home: 'auth',
  achievements: 'auth',
  careers: 'auth',
  'employment-details-id': 'auth',
  notifications: 'auth',
  // Decision 262: the person's applications, and applying from a job page's Apply link.
  applications: 'auth',
  search: 'auth',
  // Finding openings (decision 269).
  jobs: 'auth',
  settings: 'auth',
  // The company workspace: the switch to the company host and a company's public page.
  'company-access': 'auth',
  'company-profile': 'auth',
};

/**
 * The permission guard's rules (SPEC §6 leaves them open; docs/decisions/014-guards.md):
 * `own-account` pages are about the signed-in user only, so a profile prefix naming somebody
 * else is dropped rather than shown; every other route is open to any signed-in user.
 */
export const permissionRules: Readonly<Record<string, 'own-account'>> = {
  settings: 'own-account',
  notifications: 'own-account',
  applications: 'own-account',
  // Careers and achievements show the reader's own jobs and unlocks: under another person's prefix they
  // showed the reader's under that person's address. That person's jobs are on
  // their profile; the address drops the prefix instead.
  careers: 'own-account',
  achievements: 'own-account',
};

/** Whether the page at `path` needs a session. */
export function needsSession(path: SitePath): boolean {
  return routeAccess[routeNameOf(path.page)] === 'auth';
}

/** The auth guard: the profile-prefixed login page remembering `returnTo`, or undefined to stay. */
export function authGuardTarget(path: SitePath, signedIn: boolean, returnTo: string): string | undefined {
  if (signedIn || !needsSession(path)) return undefined;
  const login = buildSitePath({ locale: path.locale, profileId: path.profileId, page: '/login' });
  return `${login}?${new URLSearchParams({ [returnToParam]: returnTo })}`;
}

/** The permission guard: where to go instead of `path`, or undefined when `ownUserId` may see it. */
export function permissionGuardTarget(path: SitePath, ownUserId: number): string | undefined {
  const rule = permissionRules[routeNameOf(path.page)];
  if (rule !== 'own-account' || path.profileId === undefined || path.profileId === String(ownUserId)) return undefined;
  return buildSitePath({ locale: path.locale, page: path.page });
}

/**
 * The page to return to after signing in, from the login page's query, as a same-origin path. The
 * value is resolved exactly as the browser will resolve it (the URL parser drops tabs and newlines,
 * reads `\\` as `/`, and removes dot segments, `%2e` included, so `/\t/evil.test` and `/..//evil.test`
 * are other hosts) and accepted only when the resolved path stays on `origin`. What is checked is the
 * path that is returned, never the raw value: it must open no other host when
 * the browser resolves it again, even after one round of percent-decoding (a router or a server that
 * decodes `%2F` must not turn `/.%2F%2Fevil.test` into `//evil.test`).
 */
export function returnPathFrom(search: string, origin: string): string | undefined {
  const value = new URLSearchParams(search).get(returnToParam);
  if (!value) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(value, `${origin}/`);
  } catch {
    return undefined;
  }
  // Only a value that is itself a path: not a full URL back to our own origin with credentials, and
  // not a scheme-relative one, whatever the parser made of it.
  if (resolved.origin !== origin || resolved.username || resolved.password) return undefined;
  if (!/^\/(?![/\\])/.test(value.replace(/[\t\n\r]/g, '').trimStart())) return undefined;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return isPlainSitePath(resolved.pathname, origin) ? path : undefined;
}

/**
 * Whether `pathname` (as the URL parser leaves it) is a plain path on `origin`: it starts with one
 * slash, and neither it nor its percent-decoded form holds an empty or dot segment or a backslash,
 * so resolving it again, decoded or not, cannot leave the site. The site has no such paths.
 */
function isPlainSitePath(pathname: string, origin: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  for (const form of [pathname, decoded]) {
    if (!form.startsWith('/') || form.includes('\\') || [...form].some((c) => c.charCodeAt(0) < 0x20)) return false;
    const segments = form.slice(1).split('/');
    if (segments.slice(0, -1).some((segment) => segment === '' || segment === '.' || segment === '..')) return false;
    const last = segments.at(-1);
    if (last === '.' || last === '..') return false;
    if (new URL(form, `${origin}/`).origin !== origin) return false;
  }
  return true;
}
