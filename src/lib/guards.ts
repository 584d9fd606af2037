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
  settings: 'auth',
  // The company workspace (issue 11): the switch to the company host and a company's public page.
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
 * value is resolved exactly as the browser will resolve it (the URL parser drops tabs and newlines and
 * reads `\\` as `/`, so `/\t/evil.test` is another host) and accepted only when the result stays on
 * `origin`; what comes back is the resolved path, never the raw value.
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
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
