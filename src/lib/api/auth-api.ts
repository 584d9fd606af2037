// The sign-in calls (SPEC §7): login stores data.token, or answers the challenge of the second step
// when two-step sign-in is on (decision 180), which completeSecondStep answers with the token. Sign-out
// is in logout-api.ts.
import { LoginResponse, type LoginChallenge, type LoginRequest } from '../../../contract/auth.ts';
import { apiPaths } from '../../../contract/routes.ts';
import type { LoginSecondStepRequest } from '../../../contract/two-factor.ts';
import { applyToken } from '../stores/session.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

/**
 * Signs in and stores the token; with two-step sign-in on, answers the challenge instead and stores
 * nothing. A failure reaches the caller as the ApiError, with no toast.
 */
export async function logIn(credentials: LoginRequest, api: ApiClient = defaultApi): Promise<string | LoginChallenge> {
  const answer = await api.post(apiPaths.login, { json: credentials, schema: LoginResponse });
  return signedInWith(answer.data);
}

/** Stores the token of an answer that carries one; a challenge is handed back as it is. */
export function signedInWith(data: LoginResponse['data']): string | LoginChallenge {
  if ('challenge' in data) return data;
  applyToken(data.token);
  return data.token;
}

/** The second step: the app's code or a recovery code for the challenge; stores the token. */
export async function completeSecondStep(input: LoginSecondStepRequest, api: ApiClient = defaultApi): Promise<string> {
  const answer = await api.post(apiPaths.loginSecondStep, { json: input, schema: LoginResponse });
  const result = signedInWith(answer.data);
  if (typeof result !== 'string') throw new Error('The second step answered another challenge.');
  return result;
}
