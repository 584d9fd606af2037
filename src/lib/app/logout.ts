// Logout (SPEC §4, §7, §8): clear the token, revoke it on the server only if there was one, ignore
// the answer, and 10 ms later load /login without the profile prefix (in the page's language).
import { revokeToken } from '../api/logout-api.ts';
import type { ApiClient } from '../api/request.ts';
import { pageNavigation } from '../base/page-navigation.ts';
import { buildSitePath } from '../base/site-path.ts';
import { $locale } from '../stores/locale.ts';
import { $token, discardToken } from '../stores/session.ts';

/** SPEC §9: the pause between clearing the session and leaving for /login. */
export const logoutDelayMs = 10;

/** Signs out; resolves once the page has been sent to the login page. */
export function logOut(api?: ApiClient): Promise<void> {
  const token = $token.get();
  discardToken();
  if (token) void revokeToken(token, api);
  return new Promise((resolve) => {
    setTimeout(() => {
      pageNavigation.assign(buildSitePath({ locale: $locale.get(), page: '/login' }));
      resolve();
    }, logoutDelayMs);
  });
}
