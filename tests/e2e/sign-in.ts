// Signs a browser context in through the API, as the login page would: token into the s-token cookie.
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { e2eAccounts, type E2eAccount } from './accounts.ts';

export interface SignedIn {
  token: string;
  userId: number;
  auth: { Authorization: string };
}

/** A made-up client address per API sign-in (see tests/e2e/serve.ts), unique across workers. */
export function forwardedAddress(): string {
  const n = Math.floor(Math.random() * 2 ** 24);
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export async function apiSignIn(request: APIRequestContext, who: E2eAccount): Promise<SignedIn> {
  const { email, password } = e2eAccounts[who];
  const login = await request.post('/api/login', { data: { login: email, password }, headers: { 'x-forwarded-for': forwardedAddress() } });
  expect(login.ok()).toBe(true);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const auth = { Authorization: `Bearer ${token}` };
  const profile = await request.get('/api/profile/show', { headers: auth });
  const userId = ((await profile.json()) as { data: { user_id: number } }).data.user_id;
  return { token, userId, auth };
}

/** Signs the browser context in; pass `session` to reuse one (sign-in is throttled per account). */
export async function signIn(context: BrowserContext, request: APIRequestContext, who: E2eAccount, session?: SignedIn): Promise<SignedIn> {
  const signedIn = session ?? (await apiSignIn(request, who));
  await context.addCookies([{ name: 's-token', value: signedIn.token, url: baseURL, sameSite: 'Strict' }]);
  return signedIn;
}

/**
 * The home page's address in a language (prefix '' or '/uk'), anchored at the host: `${prefix}/?$`
 * alone matches every address when the prefix is empty, so a wait on it passed before a sign-in had
 * landed (and closing the page then cut the sign-in's request off).
 */
export function homeAddress(prefix: string): RegExp {
  return new RegExp(`^https?://[^/]+${prefix}/?$`);
}
