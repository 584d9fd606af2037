// @vitest-environment happy-dom
// The account actions keep the session a call answers (decision 214: the transport only answers it).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/request.ts';
import { readSessionCookie } from '../base/session-cookie.ts';
import { logIn, resetPassword, signUp } from './account.ts';
import { $token, discardToken } from './session.ts';

function answering(body: unknown, status = 200) {
  const fetch = vi.fn(async () => Response.json(body, { status }));
  return createApiClient({ baseUrl: '', fetch, token: () => $token.get(), locale: () => 'en_GB' });
}

const account = {
  user_id: 7,
  kind: 'personal',
  email: 'olena@example.test',
  phone: '+380501234567',
  email_verified: false,
  phone_verified: false,
  next_step: 'email_verification',
  email_resend_available_in: 60,
  phone_resend_available_in: 0,
  companies: [],
};

afterEach(() => discardToken());

describe('the account actions', () => {
  it('sign-up keeps the new session in the atom and the cookie, and answers the account', async () => {
    const input = {
      kind: 'personal' as const,
      first_name: 'Olena',
      last_name: 'K',
      email: 'olena@example.test',
      phone: '+380501234567',
      password: 'Passw0rd!',
      password_confirmation: 'Passw0rd!',
      terms: true as const,
    };
    expect(await signUp(input, answering({ data: { token: 'new-token', account } }, 201))).toEqual(account);
    expect($token.get()).toBe('new-token');
    expect(readSessionCookie()).toBe('new-token');
  });

  it('sign-in keeps data.token without a reload', async () => {
    await expect(logIn({ login: 'a@b.c', password: 'x' }, answering({ data: { token: 'fresh' } }))).resolves.toBe('fresh');
    expect($token.get()).toBe('fresh');
  });

  it('sign-in with two-step sign-in on keeps nothing and answers the challenge', async () => {
    const challenge = { two_factor_required: true, challenge: 'c', expires_in: 300 };
    await expect(logIn({ login: 'a@b.c', password: 'x' }, answering({ data: challenge }))).resolves.toMatchObject({ challenge: 'c' });
    expect($token.get()).toBe('');
  });

  it('a failed sign-in reaches the caller and keeps nothing', async () => {
    await expect(logIn({ login: 'a@b.c', password: 'x' }, answering({ message: 'Invalid credentials' }, 401))).rejects.toMatchObject({
      status: 401,
    });
    expect($token.get()).toBe('');
  });

  it('a reset password signs in with the session it answers', async () => {
    const input = { login: 'a@b.test', code: '123456', password: 'Passw0rd!', password_confirmation: 'Passw0rd!' };
    expect(await resetPassword(input, answering({ data: { token: 'after-reset' } }))).toBe('after-reset');
    expect($token.get()).toBe('after-reset');
  });
});
