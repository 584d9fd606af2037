// The sign-in calls (SPEC §7): login answers data.token, or the challenge of the second step when
// two-step sign-in is on (decision 180), which completeSecondStep answers with the token. Storing the
// token is the session store's (src/lib/stores/sign-in.ts); sign-out is in logout-api.ts.
import { LoginResponse, type LoginChallenge, type LoginRequest } from '../../../contract/auth.ts';
import { apiPaths } from '../../../contract/routes.ts';
import type { LoginSecondStepRequest } from '../../../contract/two-factor.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

/**
 * Signs in: answers the new token, or with two-step sign-in on the challenge instead. A failure
 * reaches the caller as the ApiError, with no toast.
 */
export async function logIn(credentials: LoginRequest, api: ApiClient = defaultApi): Promise<string | LoginChallenge> {
  const answer = await api.post(apiPaths.login, { json: credentials, schema: LoginResponse });
  return tokenOrChallenge(answer.data);
}

/** The token of an answer that carries one; a challenge is handed back as it is. */
export function tokenOrChallenge(data: LoginResponse['data']): string | LoginChallenge {
  return 'challenge' in data ? data : data.token;
}

/** The second step: the app's code or a recovery code for the challenge; answers the token. */
export async function completeSecondStep(input: LoginSecondStepRequest, api: ApiClient = defaultApi): Promise<string> {
  const answer = await api.post(apiPaths.loginSecondStep, { json: input, schema: LoginResponse });
  const result = tokenOrChallenge(answer.data);
  if (typeof result !== 'string') throw new Error('The second step answered another challenge.');
  return result;
}
