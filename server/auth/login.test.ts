// POST /api/login and /api/logout beyond the foundation tests: throttling, a new token every time,
// enumeration, and unverified accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse } from '../../contract/envelope.ts';
import { broadcastingAuthPath } from '../../contract/realtime.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { maxSessionsPerUser } from '../shared/auth/tokens.ts';
import { loginLimits } from './login-throttle.ts';
import { bearer, createUser, nextAddress, registerAccount } from '../test/auth-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const login = (payload: object, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });

describe('login throttling', () => {
  it('answers the sixth attempt in a minute for one account and address with 429, Retry-After and { message }', async () => {
    const user = await createUser(ctx);
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await login({ login: user.email, password: 'Wrong-Passw0rd' }, address)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const limited = await login({ login: user.email, password: user.password }, address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    const body = ErrorResponse.strict().parse(limited.json());
    expect(body.message).toMatch(/too many sign-in attempts/i);
  });

  it('keys the limit on the account and the address together', async () => {
    const user = await createUser(ctx);
    const address = nextAddress();
    for (let i = 0; i < 5; i += 1) await login({ login: user.email, password: 'Wrong-Passw0rd' }, address);
    // Writing the same account differently does not make a new key.
    expect((await login({ login: ` ${user.email.toUpperCase()} `, password: user.password }, address)).statusCode).toBe(429);
    expect((await login({ login: user.email, password: user.password }, nextAddress())).statusCode).toBe(200);
    const other = await createUser(ctx);
    expect((await login({ login: other.email, password: other.password }, address)).statusCode).toBe(200);
  });
});

describe('guessing across addresses and accounts (hardening issue, point 4)', () => {
  it('limits one account across many addresses, with delays that grow and then let the owner in', async () => {
    const user = await createUser(ctx);
    const statuses: number[] = [];
    // Two guesses from each of 20 addresses: the pair limit alone would let all 40 through.
    for (let i = 0; i < 40; i += 1) statuses.push((await login({ login: user.email, password: `Wrong-${i}-Passw0rd` })).statusCode);
    expect(statuses.filter((s) => s === 401).length).toBe(loginLimits.perAccount.freeFailures + 1);
    const refused = await login({ login: user.email, password: user.password });
    expect(refused.statusCode).toBe(429);
    const first = Number(refused.headers['retry-after']);
    expect(first).toBeGreaterThan(0);
    // After the delay one attempt goes through and starts a longer one.
    ctx.clock.advance(first * 1000);
    expect((await login({ login: user.email, password: 'Still-Wrong-1' })).statusCode).toBe(401);
    const longer = await login({ login: user.email, password: user.password });
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(first);
    // The delay is capped, never a lock: the owner gets in once it passes, and the counters restart.
    ctx.clock.advance(loginLimits.perAccount.maxDelayMs);
    expect((await login({ login: user.email, password: user.password })).statusCode).toBe(200);
    expect((await login({ login: user.email, password: user.password })).statusCode).toBe(200);
  });

  // The growing delays refused the owner's correct password too.
  it('lets the owner in from an address they signed in from before, while the account is blocked elsewhere', async () => {
    const user = await createUser(ctx);
    const home = nextAddress();
    expect((await login({ login: user.email, password: user.password }, home)).statusCode).toBe(200);
    ctx.clock.advance(24 * 60 * 60_000);
    for (let i = 0; i < 40; i += 1) await login({ login: user.email, password: `Wrong-${i}-Passw0rd` });
    expect((await login({ login: user.email, password: user.password })).statusCode).toBe(429);
    expect((await login({ login: user.email, password: user.password }, home)).statusCode).toBe(200);
    // At home the pair limit still holds guesses to a few a minute.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await login({ login: user.email, password: `Home-Guess-${i}` }, home)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('limits one address across many accounts', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      statuses.push((await login({ login: `nobody-${i}-${Date.now()}@example.test`, password: 'Spray-Passw0rd1' }, address)).statusCode);
    }
    expect(statuses.filter((s) => s === 401).length).toBe(loginLimits.perAddress.max);
    const refused = await login({ login: 'someone-else@example.test', password: 'Spray-Passw0rd1' }, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('login answers', () => {
  it('issues a new token on every login', async () => {
    const user = await createUser(ctx);
    const one = (await login({ login: user.email, password: user.password })).json().data.token;
    const two = (await login({ login: user.email, password: user.password })).json().data.token;
    expect(one).not.toBe(two);
    expect(one).not.toBe(user.token);
  });

  it('gives identical bodies for an unknown account and a wrong password, by phone too', async () => {
    await createUser(ctx, { phone: '+380501110009' });
    const wrong = await login({ login: '+380501110009', password: 'Not-The-Passw0rd' });
    const unknown = await login({ login: '+380501110008', password: 'Not-The-Passw0rd' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({ message: 'These credentials do not match our records.', code: 'invalid_credentials' });
  });

  it('lets an unverified account sign in; the status tells what is left', async () => {
    const account = await registerAccount(ctx);
    const res = await login({ login: account.email, password: account.password });
    expect(res.statusCode).toBe(200);
    const status = await ctx.app.inject({ method: 'GET', url: '/api/account/status', headers: bearer(res.json().data.token) });
    expect(status.json().data).toMatchObject({ email_verified: false, next_step: 'email_verification' });
  });
});

describe('logout', () => {
  it('ends only the session it is called with', async () => {
    const user = await createUser(ctx);
    const second = (await login({ login: user.email, password: user.password })).json().data.token as string;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(user.token) })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/show', headers: bearer(user.token) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/show', headers: bearer(second) })).statusCode).toBe(200);
  });

  it('answers 401 to an unknown token and to one already ended (hardening issue, point 7)', async () => {
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer('made-up-token') });
    expect(unknown.statusCode).toBe(401);
    const user = await createUser(ctx);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(user.token) })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(user.token) })).statusCode).toBe(401);
  });

  // As signing a session out from the sessions list does: the session's open sockets must not keep
  // listening, so the hub drops those on the person's channel (every app) and each tab hears why; the
  // ended session's authorisation again is refused.
  it('drops the sockets on the person’s channel and tells their tabs the session ended', async () => {
    const user = await createUser(ctx);
    const before = ctx.realtime.sent.length;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(user.token) })).statusCode).toBe(204);
    const sent = ctx.realtime.sent.slice(before);
    expect(
      sent
        .filter((m) => m.event === 'subscriptions.revoked')
        .map((m) => [m.app, m.channel])
        .sort(),
    ).toEqual([
      ['achievements', `private-user.${user.id}`],
      ['jobs', `private-user.${user.id}`],
    ]);
    expect(sent.find((m) => m.event === 'session.ended')).toMatchObject({
      channel: `private-user.${user.id}`,
      data: { reason: 'signed_out' },
    });
    const again = await ctx.app.inject({
      method: 'POST',
      url: broadcastingAuthPath,
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: { socket_id: '1.2', channel_name: `private-user.${user.id}`, app_key: ctx.config.realtime.apps.jobs.key },
    });
    expect(again.statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(401);
  });
});

describe('sessions per person (hardening issue, point 7)', () => {
  it('keeps the newest sessions up to the cap and ends the oldest', async () => {
    const user = await createUser(ctx);
    const tokens = [user.token];
    for (let i = 0; i < maxSessionsPerUser; i += 1)
      tokens.push((await login({ login: user.email, password: user.password })).json().data.token);
    const status = async (token: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/profile/show', headers: bearer(token) })).statusCode;
    expect(await status(tokens[0]!)).toBe(401);
    for (const token of tokens.slice(1)) expect(await status(token)).toBe(200);
  });
});
