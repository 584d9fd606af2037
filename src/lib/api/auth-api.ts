// Sign-in and sign-out calls (SPEC §7): login stores data.token; logout is fire-and-forget.
import { LoginResponse, type LoginRequest } from '../../../contract/auth.ts';
import { apiPaths } from '../../../contract/routes.ts';
import { applyToken } from '../stores/session.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

/** Signs in and stores the token; a failure reaches the caller as the ApiError, with no toast. */
export async function logIn(credentials: LoginRequest, api: ApiClient = defaultApi): Promise<string> {
  const answer = await api.post(apiPaths.login, { json: credentials, schema: LoginResponse });
  applyToken(answer.data.token);
  return answer.data.token;
}

/** Revokes `token` on the server; any failure is ignored (SPEC §8). */
export async function revokeToken(token: string, api: ApiClient = defaultApi): Promise<void> {
  try {
    // keepalive: the page leaves 10 ms later, and the revocation must still arrive.
    await api.post(apiPaths.logout, { token, keepalive: true });
  } catch {
    // SPEC §8: logout failure is ignored.
  }
}
