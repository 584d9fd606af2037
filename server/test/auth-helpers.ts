// Shortcuts API tests share: create a user with a profile, sign in, build auth headers.
import { apiPaths } from '../../contract/routes.ts';
import { hashPassword } from '../shared/auth/passwords.ts';
import { profiles, users } from '../db/schema.ts';
import type { TestContext } from './harness.ts';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
}

let counter = 0;

/** Inserts an active user with a profile and returns it signed in. */
export async function createUser(
  ctx: TestContext,
  overrides: { email?: string; password?: string; firstName?: string; locale?: 'en_GB' | 'uk_UA'; phone?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const email = (overrides.email ?? `person${counter}-${Date.now()}@example.test`).toLowerCase();
  const password = overrides.password ?? 'Sturdy-Passw0rd';
  const now = ctx.clock.now();
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      email,
      phone: overrides.phone ?? null,
      passwordHash: await hashPassword(password),
      emailVerifiedAt: now,
      locale: overrides.locale ?? 'en_GB',
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  await ctx.database.db.insert(profiles).values({
    userId: user.id,
    firstName: overrides.firstName ?? 'Test',
    lastName: `Person${counter}`,
  });
  const token = await ctx.tokens.issue(user.id);
  return { id: user.id, email, password, token };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

let addressCounter = 0;

/** A fresh client address, so per-address rate limits of one test do not spill into the next. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** A valid sign-up body; `kind: 'company'` adds the company fields. */
export function signUpBody(kind: 'personal' | 'company' = 'personal', overrides: Record<string, unknown> = {}): Record<string, unknown> {
  // Each test file has its own database, so a per-process counter keeps addresses unique.
  counter += 1;
  return {
    kind,
    first_name: 'Olena',
    last_name: 'Kovalenko',
    email: `signup${counter}@example.test`,
    phone: `+38050${String(counter).padStart(7, '0')}`,
    password: 'Sturdy-Passw0rd',
    password_confirmation: 'Sturdy-Passw0rd',
    terms: true,
    ...(kind === 'company' ? { company_name: 'Acme Ltd', industry_id: 1 } : {}),
    ...overrides,
  };
}

export interface RegisteredAccount {
  id: number;
  token: string;
  email: string;
  phone: string;
  password: string;
}

/** Signs up through the API and returns the new, signed-in, unverified account. */
export async function registerAccount(
  ctx: TestContext,
  kind: 'personal' | 'company' = 'personal',
  overrides: Record<string, unknown> = {},
): Promise<RegisteredAccount> {
  const body = signUpBody(kind, overrides);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/register', payload: body, remoteAddress: nextAddress() });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { token: string; account: { user_id: number; email: string; phone: string } };
  return {
    id: data.account.user_id,
    token: data.token,
    email: data.account.email,
    phone: data.account.phone,
    password: String(body['password']),
  };
}

/** The code in the latest mail or SMS sent to `to`. */
export function lastCodeSentTo(ctx: TestContext, to: string): string {
  // Mail without a code (a security alert) is not the code's message.
  const texts = [...ctx.mail.filter((m) => m.to === to), ...ctx.sms.filter((m) => m.to === to)]
    .map((m) => m.text)
    .filter((text) => /\b\d{6}\b/.test(text));
  const last = texts.at(-1);
  const code = last && /\b(\d{6})\b/.exec(last)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** The password `resetByEmail` sets. */
export const resetPassword = 'Reset-Garden-42';

/**
 * Resets `email`'s password through the forgotten-password mail, as its owner would: asks for the code,
 * then sets `resetPassword` with it; answers the reset's reply once every mail it sends is out. Throws
 * when either step is refused (plain checks: bench scripts import these helpers outside vitest).
 */
export async function resetByEmail(ctx: TestContext, email: string) {
  const forgot = await ctx.app.inject({
    method: 'POST',
    url: apiPaths.passwordForgot,
    payload: { login: email },
    remoteAddress: nextAddress(),
  });
  if (forgot.statusCode !== 200) throw new Error(`the code was not sent (${forgot.statusCode}): ${forgot.body}`);
  await ctx.app.afterAnswer.settled();
  const res = await ctx.app.inject({
    method: 'POST',
    url: apiPaths.passwordReset,
    payload: { login: email, code: lastCodeSentTo(ctx, email), password: resetPassword, password_confirmation: resetPassword },
    remoteAddress: nextAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`the reset failed (${res.statusCode}): ${res.body}`);
  await ctx.app.afterAnswer.settled();
  return res;
}
