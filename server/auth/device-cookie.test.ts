// Decision 245: the owner was locked out from any new address while an attacker
// spent the account's delays. A browser that signed in before carries a device cookie, and its
// attempts are counted apart from the account's delays: the owner gets in from their own browser on a
// new network, while the attacker, without it or with a forged or another account's one, is still held.
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginChallenge } from '../../contract/auth.ts';
import { apiPaths } from '../../contract/routes.ts';
import { TwoFactorSetup, twoFactorApiPaths } from '../../contract/two-factor.ts';
import { bearer, createUser, nextAddress, type TestUser } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { deviceCookieDays, deviceCookieName } from './device-cookie.ts';
import { loginLimits } from './login-throttle.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const login = (login: string, password: string, options: { cookie?: string; address?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: apiPaths.login,
    payload: { login, password },
    remoteAddress: options.address ?? nextAddress(),
    headers: options.cookie === undefined ? {} : { cookie: options.cookie },
  });

/** The `p-device=…` pair a browser sends back from an answer's Set-Cookie, and the whole header. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): { pair: string; header: string } {
  const header = [res.headers['set-cookie']].flat().find((c): c is string => typeof c === 'string' && c.startsWith(`${deviceCookieName}=`));
  expect(header, 'a device cookie is set').toBeDefined();
  return { pair: header!.split(';')[0]!, header: header! };
}

/** An attacker spends the account's free failures from many addresses: a new address now waits. */
async function spendTheDelays(user: TestUser): Promise<void> {
  for (let i = 0; i <= loginLimits.perAccount.freeFailures + 2; i++) await login(user.email, `Attacker-Guess-${i}`);
  const refused = await login(user.email, user.password);
  expect(refused.statusCode).toBe(429);
}

describe('a device cookie lets the owner past the delays an attacker spends', () => {
  it('is set on a successful sign-in only: HttpOnly, SameSite=Strict, sent to /api/login alone', async () => {
    const user = await createUser(ctx);
    const wrong = await login(user.email, 'Not-The-Passw0rd');
    expect(wrong.statusCode).toBe(401);
    expect(String(wrong.headers['set-cookie'] ?? '')).not.toContain(deviceCookieName);
    const res = await login(user.email, user.password);
    expect(res.statusCode).toBe(200);
    const { header, pair } = deviceCookieOf(res);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Path=\/api\/login(;|$)/);
    expect(header).toContain(`Max-Age=${deviceCookieDays * 24 * 60 * 60}`);
    // The login is not written in it.
    expect(pair).not.toContain(user.email.split('@')[0]!);
  });

  it('lets the owner in from their browser on a new address, while the attacker is still refused', async () => {
    const user = await createUser(ctx);
    const { pair } = deviceCookieOf(await login(user.email, user.password));
    await spendTheDelays(user);

    // The attacker: no cookie, a made-up one, or another account's real one.
    expect((await login(user.email, user.password)).statusCode).toBe(429);
    expect((await login(user.email, user.password, { cookie: `${deviceCookieName}=bm9uY2U.9999999999.c2lnbmF0dXJl` })).statusCode).toBe(
      429,
    );
    const other = await createUser(ctx);
    const othersCookie = deviceCookieOf(await login(other.email, other.password)).pair;
    expect((await login(user.email, user.password, { cookie: othersCookie })).statusCode).toBe(429);
    // A cookie with its expiry moved on does not verify.
    const [nonce, , signature] = pair.split('=')[1]!.split('.');
    expect((await login(user.email, user.password, { cookie: `${deviceCookieName}=${nonce}.9999999999.${signature}` })).statusCode).toBe(
      429,
    );

    // The owner, from their own browser on an address never seen: in, and the browser's cookie renewed.
    const owner = await login(user.email, user.password, { cookie: `theme=dark; ${pair}` });
    expect(owner.statusCode, owner.body).toBe(200);
    const renewed = deviceCookieOf(owner).pair;
    expect(renewed).not.toBe(pair);
    // The attacker is still held by the account's delays.
    expect((await login(user.email, 'Attacker-Guess-again')).statusCode).toBe(429);
    // The renewed cookie works too.
    expect((await login(user.email, user.password, { cookie: renewed })).statusCode).toBe(200);
  });

  it('stops trusting a cookie after its own ten attempts an hour (a stolen cookie guessing)', async () => {
    const user = await createUser(ctx);
    const { pair } = deviceCookieOf(await login(user.email, user.password));
    await spendTheDelays(user);
    const statuses: number[] = [];
    for (let i = 0; i < loginLimits.perDevice.max; i++) {
      statuses.push((await login(user.email, `Cookie-Guess-${i}`, { cookie: pair })).statusCode);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    // Past its ten, the cookie counts as any browser: the account's delays hold, the right password too.
    expect((await login(user.email, user.password, { cookie: pair })).statusCode).toBe(429);
  });

  it('keeps one browser’s entries for a few accounts, each trusted only for its own', async () => {
    const first = await createUser(ctx);
    const second = await createUser(ctx);
    const one = deviceCookieOf(await login(first.email, first.password)).pair;
    const both = deviceCookieOf(await login(second.email, second.password, { cookie: one })).pair;
    await spendTheDelays(first);
    await spendTheDelays(second);
    expect((await login(first.email, first.password, { cookie: both })).statusCode).toBe(200);
    expect((await login(second.email, second.password, { cookie: both })).statusCode).toBe(200);
  });

  it('expires after its days', async () => {
    const user = await createUser(ctx);
    const { pair } = deviceCookieOf(await login(user.email, user.password));
    ctx.clock.advance((deviceCookieDays + 1) * 24 * 60 * 60_000);
    await spendTheDelays(user);
    expect((await login(user.email, user.password, { cookie: pair })).statusCode).toBe(429);
  });

  it('is set after the second step with two-step sign-in on, not after the password alone', async () => {
    const user = await createUser(ctx);
    const setup = await ctx.app.inject({ method: 'POST', url: twoFactorApiPaths.setup, headers: bearer(user.token) });
    const { secret } = TwoFactorSetup.parse(setup.json().data);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const code = () => totp.generate({ timestamp: ctx.clock.now().getTime() });
    const on = await ctx.app.inject({
      method: 'POST',
      url: twoFactorApiPaths.confirm,
      headers: bearer(user.token),
      payload: { code: code(), current_password: user.password },
    });
    expect(on.statusCode, on.body).toBe(200);
    ctx.clock.advance(30_000);

    const password = await login(user.email, user.password);
    expect(String(password.headers['set-cookie'] ?? '')).not.toContain(deviceCookieName);
    const { challenge } = LoginChallenge.parse(password.json().data);
    const second = await ctx.app.inject({
      method: 'POST',
      url: twoFactorApiPaths.loginSecondStep,
      payload: { challenge, code: code() },
      remoteAddress: nextAddress(),
    });
    expect(second.statusCode, second.body).toBe(200);
    const { pair } = deviceCookieOf(second);
    ctx.clock.advance(30_000);
    await spendTheDelays(user);
    // The password step lets the owner's browser through to the second step.
    const owner = await login(user.email, user.password, { cookie: pair });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(LoginChallenge.safeParse(owner.json().data).success).toBe(true);
  });
});
