// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $locale } from '../base/page-locale.ts';
import { $token } from '../base/session-token.ts';
import { changeEmail, fetchAccountStatus, requestPasswordReset, resendCode, resetPassword, signUp, verifyCode } from './accounts-api.ts';
import { createApiClient } from './request.ts';

const account = {
  user_id: 7,
  kind: 'company',
  email: 'olena@example.test',
  phone: '+380501234567',
  email_verified: false,
  phone_verified: false,
  next_step: 'email_verification',
  email_resend_available_in: 60,
  phone_resend_available_in: 0,
  companies: [],
};

function clientAnswering(body: unknown, status = 200) {
  const fetch = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  const api = createApiClient({ baseUrl: '', fetch, token: () => $token.get(), locale: () => $locale.get() });
  const call = () => {
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    return { url, method: init.method, body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined };
  };
  return { api, call };
}

afterEach(() => {
  $token.set('');
  $locale.set('en_GB');
});

describe('the accounts calls (docs/api.md)', () => {
  it('sign up with the page locale on the query and answer the new session', async () => {
    $locale.set('uk_UA');
    const { api, call } = clientAnswering({ data: { token: 'new-token', account } }, 201);
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
    expect(await signUp(input, api)).toEqual({ token: 'new-token', account });
    expect(call()).toEqual({ url: '/api/register?locale=uk_UA', method: 'POST', body: input });
    // Keeping the session is the account store's (src/lib/stores/account.test.ts), not the transport's.
    expect($token.get()).toBe('');
  });

  it('verify, resend and correct with the right paths and bodies', async () => {
    let client = clientAnswering({ data: account });
    await verifyCode('phone', '123456', client.api);
    expect(client.call()).toEqual({ url: '/api/verification/phone?locale=en_GB', method: 'POST', body: { code: '123456' } });

    client = clientAnswering({ data: { channel: 'email', resend_available_in: 60, expires_in: 600 } });
    expect((await resendCode('email', client.api)).resend_available_in).toBe(60);
    expect(client.call().body).toEqual({ channel: 'email' });

    client = clientAnswering({ data: account });
    await changeEmail('right@example.test', 'Sturdy-Passw0rd', client.api);
    expect(client.call()).toEqual({
      url: '/api/email-change?locale=en_GB',
      method: 'POST',
      body: { email: 'right@example.test', current_password: 'Sturdy-Passw0rd' },
    });

    client = clientAnswering({ data: account });
    expect((await fetchAccountStatus(client.api)).next_step).toBe('email_verification');
    expect(client.call()).toMatchObject({ url: '/api/account/status?locale=en_GB', method: 'GET' });
  });

  it('reset a forgotten password and answer the new session', async () => {
    let client = clientAnswering({ data: { resend_available_in: 60, expires_in: 600 } });
    expect(await requestPasswordReset('+380501234567', client.api)).toMatchObject({ resend_available_in: 60 });
    expect(client.call().body).toEqual({ login: '+380501234567' });

    client = clientAnswering({ data: { token: 'after-reset' } });
    const input = { login: 'a@b.test', code: '123456', password: 'Passw0rd!', password_confirmation: 'Passw0rd!' };
    expect(await resetPassword(input, client.api)).toBe('after-reset');
    expect($token.get()).toBe('');
  });

  it('leave failures to the caller as ApiError with the violations', async () => {
    const { api } = clientAnswering(
      { message: 'The code is wrong', violations: [{ field: 'code', title: 'The code The entered code is incorrect.' }] },
      422,
    );
    await expect(verifyCode('email', '000000', api)).rejects.toMatchObject({ status: 422, violations: [{ field: 'code' }] });
    expect($token.get()).toBe('');
  });
});
