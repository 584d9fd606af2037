// The person's own account (SPEC §2, §4): signing in and up, the verification steps, a forgotten
// password. A call that answers a new session keeps its token here, never in the transport (decision
// 214). The sign-in and sign-up forms load this module with their validation, on first use (decision
// 158), so it stays small: the companies of Account management are in settings.ts.
import type {
  AccountStatus,
  CodeChannel,
  CodeSent,
  LoginChallenge,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
} from '../../../contract/auth.ts';
import type { LoginSecondStepRequest } from '../../../contract/two-factor.ts';
import * as accountsApi from '../api/accounts-api.ts';
import * as authApi from '../api/auth-api.ts';
import type { ApiClient } from '../api/request.ts';
import { applyToken } from './session.ts';

/** Keeps the token of an answer that carries one; a challenge of the second step is handed back. */
function keepSession(answer: string | LoginChallenge): string | LoginChallenge {
  if (typeof answer === 'string') applyToken(answer);
  return answer;
}

/**
 * Signs in and keeps the session; with two-step sign-in on, answers the challenge instead. A failure
 * reaches the caller as the ApiError, with no toast.
 */
export async function logIn(credentials: LoginRequest, api?: ApiClient): Promise<string | LoginChallenge> {
  return keepSession(await authApi.logIn(credentials, api));
}

/** The second step: the app's code or a recovery code for the challenge; keeps the session. */
export async function completeSecondStep(input: LoginSecondStepRequest): Promise<void> {
  applyToken(await authApi.completeSecondStep(input));
}

/** Creates the account and signs its person in. */
export async function signUp(input: RegisterRequest, api?: ApiClient): Promise<AccountStatus> {
  const { token, account } = await accountsApi.signUp(input, api);
  applyToken(token);
  return account;
}

/** Sets a new password with the code and signs in; with two-step sign-in on, answers the challenge. */
export async function resetPassword(input: ResetPasswordRequest, api?: ApiClient): Promise<string | LoginChallenge> {
  return keepSession(await accountsApi.resetPassword(input, api));
}

/** Asks for a reset code; the answer is the same whether or not the account exists. */
export function requestPasswordReset(login: string): Promise<{ resend_available_in: number }> {
  return accountsApi.requestPasswordReset(login);
}

/** Where the signed-in person's sign-up stands (the next step, the countdowns, their companies). */
export function fetchAccountStatus(): Promise<AccountStatus> {
  return accountsApi.fetchAccountStatus();
}

/** Checks the code sent to the account's email or phone; the answer says which step comes next. */
export function verifyCode(channel: CodeChannel, code: string): Promise<AccountStatus> {
  return accountsApi.verifyCode(channel, code);
}

/** Sends a new code; a 429 means the countdown has not ended. */
export function resendCode(channel: CodeChannel): Promise<CodeSent> {
  return accountsApi.resendCode(channel);
}

/** Replaces a mistyped, still unverified email address; a code goes to the new one. */
export function changeEmail(email: string, currentPassword: string): Promise<AccountStatus> {
  return accountsApi.changeEmail(email, currentPassword);
}
