// Security activity: sign-ins with device and place, failed attempts, password and
// two-step changes, added emails and phones; the caller's own only, 90 days.
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../contract/routes.ts';
import { SecurityEventList, securityEventsPath, type SecurityEvent } from '../../contract/security-events.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { LoginChallenge } from '../../contract/auth.ts';
import { RecoveryCodes, TwoFactorSetup, twoFactorApiPaths } from '../../contract/two-factor.ts';
import { bearer, createUser, nextAddress, type TestUser } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { isLocalNetworkAddress, placeOf } from '../shared/auth/security-events.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const eventsOf = async (token: string): Promise<SecurityEvent[]> => {
  const res = await ctx.app.inject({ method: 'GET', url: securityEventsPath, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return SecurityEventList.parse(res.json().data).items;
};
const login = (user: TestUser, password: string, remoteAddress: string, userAgent = firefox) =>
  ctx.app.inject({
    method: 'POST',
    url: apiPaths.login,
    payload: { login: user.email, password },
    remoteAddress,
    headers: { 'user-agent': userAgent },
  });

describe('the security activity', () => {
  it('lists sign-ins with device and place, and failed attempts, newest first', async () => {
    const user = await createUser(ctx);
    expect((await login(user, 'Wrong-Passw0rd-1', '203.0.113.7', iphone)).statusCode).toBe(401);
    await ctx.app.afterAnswer.settled();
    ctx.clock.advance(1000);
    expect((await login(user, user.password, '192.168.1.20')).statusCode).toBe(200);
    const events = await eventsOf(user.token);
    expect(events.map((e) => [e.kind, e.browser, e.os, e.place])).toEqual([
      ['sign_in', 'Firefox', 'Linux', { kind: 'local_network', address: '192.168.1.20' }],
      ['sign_in_failed', 'Safari', 'iPhone', { kind: 'address', address: '203.0.113.7' }],
    ]);
  });

  it('records an unknown login name nowhere, and answers it exactly as a wrong password', async () => {
    const user = await createUser(ctx);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { login: `nobody-${user.id}@example.test`, password: 'Wrong-Passw0rd-1' },
      remoteAddress: nextAddress(),
    });
    const wrong = await login(user, 'Wrong-Passw0rd-1', nextAddress());
    expect([unknown.statusCode, unknown.body]).toEqual([wrong.statusCode, wrong.body]);
    await ctx.app.afterAnswer.settled();
    expect((await eventsOf(user.token)).map((e) => e.kind)).toEqual(['sign_in_failed']);
  });

  it('records password, session, address and two-step changes', async () => {
    const user = await createUser(ctx);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: settingsApiPaths.password,
      headers: bearer(user.token),
      payload: { current_password: user.password, password: 'Fresh-Passw0rd-5', password_confirmation: 'Fresh-Passw0rd-5' },
    });
    expect(put.statusCode).toBe(200);
    const password = 'Fresh-Passw0rd-5';
    expect((await ctx.app.inject({ method: 'DELETE', url: settingsApiPaths.sessions, headers: bearer(user.token) })).statusCode).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: settingsApiPaths.emails,
          headers: bearer(user.token),
          payload: { email: `second-${user.id}@example.test`, current_password: password },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: settingsApiPaths.phones,
          headers: bearer(user.token),
          payload: { phone: `+38067${String(user.id).padStart(7, '0')}`, current_password: password },
        })
      ).statusCode,
    ).toBe(201);
    const setup = TwoFactorSetup.parse(
      (await ctx.app.inject({ method: 'POST', url: twoFactorApiPaths.setup, headers: bearer(user.token) })).json().data,
    );
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.secret) });
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: twoFactorApiPaths.confirm,
      headers: bearer(user.token),
      payload: { code: totp.generate({ timestamp: ctx.clock.now().getTime() }), current_password: password },
    });
    const codes = RecoveryCodes.parse(confirmed.json().data).recovery_codes;
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: twoFactorApiPaths.recoveryCodes,
          headers: bearer(user.token),
          payload: { current_password: password },
        })
      ).statusCode,
    ).toBe(200);
    // A sign-in with two-step on: a wrong code, then a recovery code.
    const challenge = LoginChallenge.parse((await login({ ...user, password }, password, nextAddress())).json().data).challenge;
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: twoFactorApiPaths.loginSecondStep,
          payload: { challenge, code: '000000' },
          remoteAddress: nextAddress(),
        })
      ).statusCode,
    ).toBe(422);
    const fresh = RecoveryCodes.parse(
      (
        await ctx.app.inject({
          method: 'POST',
          url: twoFactorApiPaths.recoveryCodes,
          headers: bearer(user.token),
          payload: { current_password: password },
        })
      ).json().data,
    ).recovery_codes;
    expect(fresh).not.toEqual(codes);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: twoFactorApiPaths.loginSecondStep,
          payload: { challenge, code: fresh[0] },
          remoteAddress: nextAddress(),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: twoFactorApiPaths.disable,
          headers: bearer(user.token),
          payload: { current_password: password },
        })
      ).statusCode,
    ).toBe(204);
    expect((await eventsOf(user.token)).map((e) => e.kind).sort()).toEqual(
      [
        'password_changed',
        'signed_out_others',
        'email_added',
        'phone_added',
        'two_factor_enabled',
        'recovery_codes_regenerated',
        'second_step_failed',
        'recovery_codes_regenerated',
        'recovery_code_used',
        'sign_in',
        'two_factor_disabled',
      ].sort(),
    );
  });

  it('keeps 90 days', async () => {
    const user = await createUser(ctx);
    await login(user, 'Wrong-Passw0rd-1', nextAddress());
    await ctx.app.afterAnswer.settled();
    ctx.clock.advance(91 * 24 * 60 * 60 * 1000);
    expect(await eventsOf(user.token)).toEqual([]);
    await login(user, user.password, nextAddress());
    expect((await eventsOf(user.token)).map((e) => e.kind)).toEqual(['sign_in']);
  });

  it('answers 401 to an anonymous visitor, and shows each person only their own', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: securityEventsPath })).statusCode).toBe(401);
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    await login(owner, owner.password, nextAddress());
    expect((await eventsOf(owner.token)).length).toBe(1);
    expect(await eventsOf(other.token)).toEqual([]);
  });
});

describe('mail about security events', () => {
  const mailsTo = (email: string) => ctx.mail.filter((m) => m.to === email);

  it('tells of a sign-in from a new device, not from a known one nor the very first, with the way to a reset', async () => {
    const user = await createUser(ctx);
    await login(user, user.password, nextAddress());
    await login(user, user.password, nextAddress());
    await ctx.app.afterAnswer.settled();
    expect(mailsTo(user.email)).toEqual([]);
    await login(user, user.password, '198.51.100.4', iphone);
    await ctx.app.afterAnswer.settled();
    const [mail] = mailsTo(user.email);
    expect(mail!.subject).toBe('New sign-in to your Profiles account');
    expect(mail!.text).toContain('Device: Safari on iPhone');
    expect(mail!.text).toContain('Where: 198.51.100.4');
    expect(mail!.text).toContain('This wasn’t me: reset your password now. A reset signs you out on every device:');
    expect(mail!.text).toContain(`${ctx.config.publicSiteUrl}/login/forgot-password`);
  });

  it('tells of every security change, in the person’s language', async () => {
    const user = await createUser(ctx, { locale: 'uk_UA' });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: settingsApiPaths.password,
      headers: { ...bearer(user.token), 'user-agent': firefox },
      payload: { current_password: user.password, password: 'Fresh-Passw0rd-6', password_confirmation: 'Fresh-Passw0rd-6' },
      remoteAddress: '10.0.0.9',
    });
    expect(put.statusCode).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: settingsApiPaths.emails,
      headers: bearer(user.token),
      payload: { email: `another-${user.id}@example.test`, current_password: 'Fresh-Passw0rd-6' },
    });
    await ctx.app.afterAnswer.settled();
    const subjects = mailsTo(user.email).map((m) => m.subject);
    expect(subjects).toEqual(['Пароль Profiles змінено', 'До вашого облікового запису Profiles додано електронну адресу']);
    const [changed] = mailsTo(user.email);
    expect(changed!.text).toContain('Пристрій: Firefox, Linux');
    expect(changed!.text).toContain('Де: локальна мережа (10.0.0.9)');
    expect(changed!.text).toContain(`${ctx.config.publicSiteUrl}/uk/login/forgot-password`);
  });

  it('mails nothing about failed attempts (they are listed, not mailed)', async () => {
    const user = await createUser(ctx);
    await login(user, 'Wrong-Passw0rd-1', nextAddress());
    await ctx.app.afterAnswer.settled();
    expect(mailsTo(user.email)).toEqual([]);
  });
});

describe('the place of an address', () => {
  it('is the local network for private, loopback and link-local ranges, otherwise the address', () => {
    for (const local of [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '127.0.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:192.168.1.1',
    ]) {
      expect(isLocalNetworkAddress(local), local).toBe(true);
    }
    for (const outside of ['8.8.8.8', '172.32.0.1', '203.0.113.7', '2001:db8::1', '::ffff:8.8.8.8', 'not an address']) {
      expect(isLocalNetworkAddress(outside), outside).toBe(false);
    }
    expect(placeOf(null)).toEqual({ kind: 'unknown', address: null });
  });
});
