// Signs a browser context in through the API, as the login page would: token into the s-token cookie.
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { e2eAccounts, type E2eAccount } from './accounts.ts';

export interface SignedIn {
  token: string;
  userId: number;
  auth: { Authorization: string };
}

// Each journey account signs in from an address of its own (the e2e server trusts X-Forwarded-For,
// tests/e2e/serve.ts): the suite's many API sign-ins would otherwise all count against 127.0.0.1's
// 20-per-10-minutes limit across accounts (server/auth/login-throttle.ts) and refuse each other.
function addressOf(who: E2eAccount): string {
  const index = Object.keys(e2eAccounts).indexOf(who) + 1;
  return `10.13.${index >> 8}.${index & 255}`;
}

export async function apiSignIn(request: APIRequestContext, who: E2eAccount): Promise<SignedIn> {
  const { email, password } = e2eAccounts[who];
  const login = await request.post('/api/login', { data: { login: email, password }, headers: { 'x-forwarded-for': addressOf(who) } });
  expect(login.ok()).toBe(true);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const auth = { Authorization: `Bearer ${token}` };
  const profile = await request.get('/api/profile/show', { headers: auth });
  const userId = ((await profile.json()) as { data: { user_id: number } }).data.user_id;
  return { token, userId, auth };
}

/** Signs the browser context in; pass `session` to reuse one (sign-in is throttled per account). */
export async function signIn(
  context: BrowserContext,
  request: APIRequestContext,
  who: E2eAccount,
  session?: SignedIn,
): Promise<SignedIn> {
  const signedIn = session ?? (await apiSignIn(request, who));
  await context.addCookies([{ name: 's-token', value: signedIn.token, url: baseURL, sameSite: 'Strict' }]);
  return signedIn;
}
