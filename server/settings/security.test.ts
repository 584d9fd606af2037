// Password and security settings: the password change with SPEC §5's messages, the end of
// every other session, the session list and signing sessions out; who may call what; the rate limit.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../contract/routes.ts';
import { SessionList, settingsApiPaths } from '../../contract/settings.ts';
import { users } from '../db/schema.ts';
import { eq } from 'drizzle-orm';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer, createUser, nextAddress, type TestUser } from '../test/auth-helpers.ts';
import { sensitiveChangeLimit } from './routes.ts';
import { deviceNameOf } from '../shared/auth/user-agent.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const signIn = async (user: TestUser, userAgent = firefox, password = user.password) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: apiPaths.login,
    payload: { login: user.email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
};
const status = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: apiPaths.profileShow, headers: bearer(token) })).statusCode;
const changePassword = (token: string, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: settingsApiPaths.password, headers: bearer(token), payload: payload as object });
const sessionsOf = async (token: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: settingsApiPaths.sessions, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return SessionList.parse(res.json().data).items;
};

describe('changing the password', () => {
  it('needs the current password, keeps this session and ends every other one', async () => {
    const user = await createUser(ctx);
    const here = await signIn(user);
    const elsewhere = await signIn(user, iphone);
    ctx.realtime.sent.length = 0;
    const res = await changePassword(here, {
      current_password: user.password,
      password: 'Fresh-Passw0rd9',
      password_confirmation: 'Fresh-Passw0rd9',
    });
    expect(res.statusCode, res.body).toBe(200);
    // createUser's own session and the iPhone's.
    expect(res.json().data).toEqual({ ended_sessions: 2 });
    expect(await status(here)).toBe(200);
    expect(await status(elsewhere)).toBe(401);
    expect(await status(user.token)).toBe(401);
    // The other tabs hear of it and check their own session.
    expect(ctx.realtime.sent.filter((m) => m.channel === `private-user.${user.id}` && m.event === 'session.ended')).toHaveLength(1);
    // The new password signs in; the old one no longer does.
    await signIn(user, firefox, 'Fresh-Passw0rd9');
    const old = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { login: user.email, password: user.password },
      remoteAddress: nextAddress(),
    });
    expect(old.statusCode).toBe(401);
  });

  it('answers a wrong current password on its field and changes nothing', async () => {
    const user = await createUser(ctx);
    const other = await signIn(user);
    const res = await changePassword(user.token, {
      current_password: 'Wrong-Passw0rd1',
      password: 'Fresh-Passw0rd9',
      password_confirmation: 'Fresh-Passw0rd9',
    });
    expect(res.statusCode).toBe(403);
    expect(expectErrorAnswer(res)).toMatchObject({
      code: 'reauthentication_failed',
      violations: [{ field: 'current_password', title: 'Current password is incorrect.' }],
    });
    expect(await status(other)).toBe(200);
    await signIn(user);
  });

  it("gives SPEC §5's message for each field, in the request's language", async () => {
    const user = await createUser(ctx);
    const titles = async (payload: object, locale = 'en_GB') => {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `${settingsApiPaths.password}?locale=${locale}`,
        headers: bearer(user.token),
        payload,
      });
      expect(res.statusCode).toBe(422);
      return Object.fromEntries(expectErrorAnswer(res).violations!.map((v) => [v.field, v.title]));
    };
    expect(await titles({ current_password: 'short', password: 'short', password_confirmation: 'short' })).toEqual({
      current_password: 'Current password must be at least 8 characters long',
      password: 'New password must be at least 8 characters long',
      password_confirmation: 'Password confirmation must be at least 8 characters long',
    });
    const base = { current_password: user.password, password_confirmation: 'whatever1A' };
    expect((await titles({ ...base, password: 'NoNumbersHere' })).password).toBe('New password must include at least one number');
    expect((await titles({ ...base, password: 'no-upper-1' })).password).toBe('New password must include at least one uppercase letter');
    expect((await titles({ ...base, password: 'NO-LOWER-1' })).password).toBe('New password must include at least one lowercase letter');
    expect(
      await titles({ current_password: user.password, password: 'Fresh-Passw0rd9', password_confirmation: 'Fresh-Passw0rd8' }),
    ).toEqual({
      password_confirmation: "Passwords don't match",
    });
    // No current password at all: the re-authentication answer (decision 235), in the request's language.
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: `${settingsApiPaths.password}?locale=uk_UA`,
      headers: bearer(user.token),
      payload: {},
    });
    expect(missing.statusCode).toBe(403);
    expect(expectErrorAnswer(missing)).toMatchObject({
      code: 'reauthentication_required',
      violations: [{ field: 'current_password', title: 'Введіть поточний пароль, щоб підтвердити цю зміну.' }],
    });
    expect((await titles({ ...base, password: 'Password1', password_confirmation: 'Password1' })).password).toMatch(/too common/);
    expect((await titles({ ...base, password: user.password, password_confirmation: user.password })).password).toMatch(/differ/);
  });

  it('is rate-limited per person', async () => {
    const user = await createUser(ctx);
    const wrong = { current_password: 'Wrong-Passw0rd1', password: 'Fresh-Passw0rd9', password_confirmation: 'Fresh-Passw0rd9' };
    for (let i = 0; i < sensitiveChangeLimit.max; i += 1) expect((await changePassword(user.token, wrong)).statusCode).toBe(403);
    const limited = await changePassword(user.token, { ...wrong, current_password: user.password });
    expect(limited.statusCode).toBe(429);
    expectErrorAnswer(limited);
    // Another person is not held back by it.
    const other = await createUser(ctx);
    expect((await changePassword(other.token, wrong)).statusCode).toBe(403);
  });
});

describe('active sessions', () => {
  it('lists each device and browser with its last use, this one marked', async () => {
    const user = await createUser(ctx);
    const phone = await signIn(user, iphone);
    ctx.clock.advance(10 * 60_000);
    const desktop = await signIn(user, firefox);
    const items = await sessionsOf(desktop);
    expect(items).toHaveLength(3);
    const current = items.find((s) => s.current)!;
    expect(current).toMatchObject({ browser: 'Firefox', os: 'Windows', mobile: false });
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.find((s) => s.os === 'iPhone')).toMatchObject({ browser: 'Safari', mobile: true, current: false });
    // Using a session moves its last use on (at most once per interval).
    ctx.clock.advance(10 * 60_000);
    expect(await status(phone)).toBe(200);
    const after = await sessionsOf(desktop);
    const phoneAfter = after.find((s) => s.os === 'iPhone')!;
    expect(Date.parse(phoneAfter.last_used_at)).toBe(ctx.clock.now().getTime());
    expect(Date.parse(phoneAfter.last_used_at)).toBeGreaterThan(Date.parse(items.find((s) => s.os === 'iPhone')!.last_used_at));
    // Most recently used first; the untouched session (createUser's) last.
    expect(after.at(-1)!.browser).toBeNull();
  });

  it('signs out one session, and all the others', async () => {
    const user = await createUser(ctx);
    const phone = await signIn(user, iphone);
    const desktop = await signIn(user, firefox);
    const phoneSession = (await sessionsOf(desktop)).find((s) => s.os === 'iPhone')!;
    const one = await ctx.app.inject({ method: 'DELETE', url: settingsApiPaths.session(phoneSession.id), headers: bearer(desktop) });
    expect(one.statusCode).toBe(204);
    expect(await status(phone)).toBe(401);
    expect(await status(user.token)).toBe(200);
    const all = await ctx.app.inject({ method: 'DELETE', url: settingsApiPaths.sessions, headers: bearer(desktop) });
    expect(all.json().data).toEqual({ ended_sessions: 1 });
    expect(await status(user.token)).toBe(401);
    expect(await status(desktop)).toBe(200);
    expect((await sessionsOf(desktop)).map((s) => s.current)).toEqual([true]);
  });

  it("answers 404 for another person's session and ends nothing", async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const [session] = await sessionsOf(owner.token);
    const res = await ctx.app.inject({ method: 'DELETE', url: settingsApiPaths.session(session!.id), headers: bearer(other.token) });
    expect(res.statusCode).toBe(404);
    expectErrorAnswer(res);
    expect(await status(owner.token)).toBe(200);
    for (const id of ['0', 'abc', '99999999999999999999']) {
      const bad = await ctx.app.inject({ method: 'DELETE', url: settingsApiPaths.session(id), headers: bearer(other.token) });
      expect(bad.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, id).toBeLessThan(500);
    }
  });
});

describe('who may call the settings', () => {
  const calls: [string, string][] = [
    ['PUT', settingsApiPaths.password],
    ['GET', settingsApiPaths.sessions],
    ['DELETE', settingsApiPaths.sessions],
    ['DELETE', settingsApiPaths.session(1)],
    ['GET', settingsApiPaths.dataExport],
    ['POST', settingsApiPaths.closeAccount],
    ['DELETE', settingsApiPaths.membership(1)],
    ['GET', settingsApiPaths.notificationTypes],
    ['PUT', settingsApiPaths.notificationTypes],
    ['GET', settingsApiPaths.contact],
    ['PUT', settingsApiPaths.contact],
    ['GET', settingsApiPaths.addresses],
    ['POST', settingsApiPaths.emails],
    ['POST', settingsApiPaths.phones],
    ['POST', settingsApiPaths.addressVerify(1)],
    ['POST', settingsApiPaths.addressResend(1)],
    ['POST', settingsApiPaths.addressPrimary(1)],
    ['DELETE', settingsApiPaths.address(1)],
  ];
  it.each(calls)('an anonymous visitor gets 401 from %s %s', async (method, url) => {
    const res = await ctx.app.inject({ method: method as 'GET', url, payload: method === 'PUT' || method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expectErrorAnswer(res);
  });
});

describe('signing in to a closed account', () => {
  it('answers account_closed only to the right password; a wrong one is the usual 401', async () => {
    const user = await createUser(ctx);
    await ctx.database.db.update(users).set({ status: 'closed' }).where(eq(users.id, user.id));
    const login = (password: string) =>
      ctx.app.inject({ method: 'POST', url: apiPaths.login, payload: { login: user.email, password }, remoteAddress: nextAddress() });
    const right = await login(user.password);
    expect(right.statusCode).toBe(403);
    expect(expectErrorAnswer(right).code).toBe('account_closed');
    expect((await login('Wrong-Passw0rd1')).json().code).toBe('invalid_credentials');
  });
});

describe('the settings endpoints under arbitrary input', () => {
  it('never answer with a 5xx', async () => {
    const user = await createUser(ctx);
    const targets = [
      { method: 'PUT' as const, url: settingsApiPaths.password },
      { method: 'DELETE' as const, url: settingsApiPaths.sessions },
      { method: 'PUT' as const, url: settingsApiPaths.notificationTypes },
      { method: 'PUT' as const, url: settingsApiPaths.contact },
      { method: 'POST' as const, url: settingsApiPaths.emails },
      { method: 'POST' as const, url: settingsApiPaths.phones },
      { method: 'POST' as const, url: settingsApiPaths.addressVerify(1) },
      { method: 'POST' as const, url: settingsApiPaths.addressPrimary(1) },
      // Never with the right password (that would close the account under test).
      { method: 'POST' as const, url: settingsApiPaths.closeAccount },
    ];
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom('\u0000', '\ud800', 'Sturdy-Passw0rd1', 'Wrong-Passw0rd1'),
      fc.integer(),
      fc.constant(null),
      fc.anything(),
    );
    const fields = fc.constantFrom(
      'current_password',
      'password',
      'password_confirmation',
      'like',
      'invitation_received',
      'member_left',
      'address',
      'city',
      'postal_code',
      'citizenship_country_id',
      'time_zone',
      'contact_phone',
      'contact_email',
      'visibility',
      'email',
      'phone',
      'code',
    );
    const visibility = fc.dictionary(
      fc.constantFrom('address', 'city', 'contact_email', 'x'),
      fc.oneof(value, fc.constantFrom('owner', 'signed_in', 'everyone')),
    );
    const fieldValue = fc.oneof(
      value,
      visibility,
      fc.constantFrom('app', 'email', 'none', 'Europe/Kyiv', '+380671234567', 'Etc/GMT+5', 'a@b.test', '123456', 'x@example.test'),
      fc.integer({ min: -1, max: 300 }),
    );
    const body = fc.oneof(fc.dictionary(fields, fieldValue), fc.anything());

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), body, fc.string({ maxLength: 30 }), async (target, payload, id) => {
        for (const url of [target.url, settingsApiPaths.session(encodeURIComponent(id) || 'x')]) {
          const res = await ctx.app.inject({
            method: target.method,
            url,
            headers: { ...bearer(user.token), 'content-type': 'application/json' },
            payload: JSON.stringify(payload) ?? 'null',
            remoteAddress: nextAddress(),
          });
          expect(res.statusCode, `${target.method} ${url} ${JSON.stringify(payload)} -> ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) expectErrorAnswer(res);
        }
      }),
      { numRuns: Number(process.env['PROPERTY_RUNS'] ?? 150) },
    );
  }, 120_000);
});

describe('naming a device from its User-Agent', () => {
  it.each([
    [firefox, { browser: 'Firefox', os: 'Windows', mobile: false }],
    [iphone, { browser: 'Safari', os: 'iPhone', mobile: true }],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome', os: 'Linux', mobile: false },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      { browser: 'Edge', os: 'Windows', mobile: false },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome', os: 'Android', mobile: true },
    ],
    ['curl/8.5.0', { browser: null, os: null, mobile: false }],
    [null, { browser: null, os: null, mobile: false }],
  ])('%s', (userAgent, expected) => {
    expect(deviceNameOf(userAgent)).toEqual(expected);
  });
});
