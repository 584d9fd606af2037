// The sign-in call (SPEC §7): login stores data.token. Sign-out is in logout-api.ts.
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
