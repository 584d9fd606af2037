// Account calls of the sign-up, verification and forgotten-password pages (docs/api.md "Accounts").
// Every POST here carries the page's `locale` in its query: the transport adds it to GETs only, and
// the server writes violation titles in the language it is asked for.
import {
  AccountStatusResponse,
  CodeSentResponse,
  ForgotPasswordResponse,
  RegisterResponse,
  ResetPasswordResponse,
  type AccountStatus,
  type CodeChannel,
  type CodeSent,
  type LoginChallenge,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '../../../contract/auth.ts';
import { apiPaths } from '../../../contract/routes.ts';
import { $locale } from '../base/page-locale.ts';
import { tokenOrChallenge } from './auth-api.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

const verifyPaths = { email: apiPaths.verifyEmail, phone: apiPaths.verifyPhone } as const satisfies Record<CodeChannel, string>;

function localeQuery() {
  return { locale: $locale.get() };
}

/** Creates the account; answers its person's new session token and the account's status. */
export async function signUp(input: RegisterRequest, api: ApiClient = defaultApi): Promise<{ token: string; account: AccountStatus }> {
  const answer = await api.post(apiPaths.register, { json: input, query: localeQuery(), schema: RegisterResponse });
  return answer.data;
}

export async function fetchAccountStatus(api: ApiClient = defaultApi): Promise<AccountStatus> {
  return (await api.get(apiPaths.accountStatus, { schema: AccountStatusResponse })).data;
}

/** Checks the code sent to the account's email or phone; the answer says which step comes next. */
export async function verifyCode(channel: CodeChannel, code: string, api: ApiClient = defaultApi): Promise<AccountStatus> {
  const answer = await api.post(verifyPaths[channel], { json: { code }, query: localeQuery(), schema: AccountStatusResponse });
  return answer.data;
}

/** Sends a new code; a 429 means the countdown has not ended (fetch the status for its seconds). */
export async function resendCode(channel: CodeChannel, api: ApiClient = defaultApi): Promise<CodeSent> {
  return (await api.post(apiPaths.resendCode, { json: { channel }, query: localeQuery(), schema: CodeSentResponse })).data;
}

/** Replaces a mistyped, still unverified email address, with the password; a code goes to the new one. */
export async function changeEmail(email: string, currentPassword: string, api: ApiClient = defaultApi): Promise<AccountStatus> {
  const json = { email, current_password: currentPassword };
  return (await api.post(apiPaths.emailChange, { json, query: localeQuery(), schema: AccountStatusResponse })).data;
}

/** Asks for a reset code; the answer is the same whether or not the account exists. */
export async function requestPasswordReset(login: string, api: ApiClient = defaultApi): Promise<{ resend_available_in: number }> {
  return (await api.post(apiPaths.passwordForgot, { json: { login }, query: localeQuery(), schema: ForgotPasswordResponse })).data;
}

/**
 * Sets a new password with the code and answers the new session's token; with two-step sign-in on,
 * answers the challenge of the second step instead (decision 180).
 */
export async function resetPassword(input: ResetPasswordRequest, api: ApiClient = defaultApi): Promise<string | LoginChallenge> {
  const answer = await api.post(apiPaths.passwordReset, { json: input, query: localeQuery(), schema: ResetPasswordResponse });
  return tokenOrChallenge(answer.data);
}
