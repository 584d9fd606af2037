// The sign-out call (SPEC §7, §8): fire-and-forget. Kept apart from the sign-in call so the logout
// every page can trigger does not bring the login answer's schema into every page's first script.
import { apiPaths } from '../../../contract/routes.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

/** Revokes `token` on the server; any failure is ignored (SPEC §8). */
export async function revokeToken(token: string, api: ApiClient = defaultApi): Promise<void> {
  try {
    // keepalive: the page leaves 10 ms later, and the revocation must still arrive.
    await api.post(apiPaths.logout, { token, keepalive: true });
  } catch {
    // SPEC §8: logout failure is ignored.
  }
}
