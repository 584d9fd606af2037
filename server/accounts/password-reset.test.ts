// POST /api/password/forgot and /api/password/reset: the same answer for known and unknown accounts,
// codes by email or SMS, and a reset that ends every session.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordResponse, LoginToken, ResetPasswordResponse } from '../../contract/auth.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer, createUser, lastCodeSentTo, nextAddress } from '../test/auth-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const newPassword = 'Fresh-Garden-42';
const askForgot = (login: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { login }, remoteAddress: nextAddress() });
// The account's part runs after the answer; most tests want it done.
const forgot = async (login: string) => {
  const res = await askForgot(login);
  await ctx.app.afterAnswer.settled();
  return res;
};
const reset = (payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/password/reset',
    payload: { password: newPassword, password_confirmation: newPassword, ...payload },
    remoteAddress: nextAddress(),
  });
const login = (loginName: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { login: loginName, password }, remoteAddress: nextAddress() });
const profileWith = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/profile/show', headers: bearer(token) });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('asking for a reset code', () => {
  it('answers a known and an unknown login after the same work: the account is looked up after the answer (hardening issue, point 4)', async () => {
    const user = await createUser(ctx);
    const sentBefore = ctx.mail.length;
    const known = await askForgot(user.email);
    // Nothing account-specific has happened yet when the answer arrives.
    expect(ctx.mail.length).toBe(sentBefore);
    const unknown = await askForgot('nobody-else@example.test');
    expect(unknown.body).toBe(known.body);
    await ctx.app.afterAnswer.settled();
    expect(ctx.mail.length).toBe(sentBefore + 1);
  });

  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const user = await createUser(ctx);
    const sentBefore = ctx.mail.length;
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-at-all@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(ForgotPasswordResponse.parse(known.json())).toEqual({ data: { resend_available_in: 60, expires_in: 600 } });
    expect(ctx.mail.length).toBe(sentBefore + 1);
    expect(ctx.mail.at(-1)).toMatchObject({ to: user.email, subject: 'Reset your password' });
  });

  it('answers the same for a known and an unknown phone, and texts only the known one', async () => {
    await createUser(ctx, { phone: '+380501110001' });
    const known = await forgot('+380 50 111 00 01');
    const unknown = await forgot('+380509999999');
    expect(unknown.body).toBe(known.body);
    expect(lastCodeSentTo(ctx, '+380501110001')).toMatch(/^\d{6}$/);
    expect(ctx.sms.filter((m) => m.to === '+380509999999')).toEqual([]);
  });

  it('answers the same inside the countdown but sends nothing', async () => {
    const user = await createUser(ctx);
    const first = await forgot(user.email);
    const count = ctx.mail.filter((m) => m.to === user.email).length;
    const second = await forgot(user.email);
    expect(second.body).toBe(first.body);
    expect(ctx.mail.filter((m) => m.to === user.email).length).toBe(count);
  });

  it('refuses an empty login with a violation', async () => {
    const res = await forgot('');
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([{ field: 'login', title: 'The login Field is required' }]);
  });

  it('caps requests from one address', async () => {
    const remoteAddress = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/password/forgot',
        payload: { login: `x${i}@example.test` },
        remoteAddress,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});

describe('resetting the password', () => {
  it('sets the new password, ends every session and opens a new one', async () => {
    const user = await createUser(ctx);
    const otherSession = await ctx.tokens.issue(user.id);
    await forgot(user.email);
    const res = await reset({ login: user.email, code: lastCodeSentTo(ctx, user.email) });
    expect(res.statusCode).toBe(200);
    const data = LoginToken.parse(ResetPasswordResponse.parse(res.json()).data);
    expect((await profileWith(user.token)).statusCode).toBe(401);
    expect((await profileWith(otherSession)).statusCode).toBe(401);
    expect((await profileWith(data.token)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, newPassword)).statusCode).toBe(200);
  });

  it('resets by phone with the SMS code', async () => {
    const user = await createUser(ctx, { phone: '+380501110002' });
    await forgot('+380501110002');
    const res = await reset({ login: '+380501110002', code: lastCodeSentTo(ctx, '+380501110002') });
    expect(res.statusCode).toBe(200);
    expect((await login('+380501110002', newPassword)).statusCode).toBe(200);
    expect((await login(user.email, newPassword)).statusCode).toBe(200);
  });

  it('uses a code once', async () => {
    const user = await createUser(ctx);
    await forgot(user.email);
    const code = lastCodeSentTo(ctx, user.email);
    expect((await reset({ login: user.email, code })).statusCode).toBe(200);
    const again = await reset({ login: user.email, code, password: 'Another-Garden-43', password_confirmation: 'Another-Garden-43' });
    expect(again.statusCode).toBe(422);
    expect((await login(user.email, newPassword)).statusCode).toBe(200);
  });

  it('never takes a code sent by email when the phone is given', async () => {
    const user = await createUser(ctx, { phone: '+380501110003' });
    await forgot(user.email);
    const res = await reset({ login: '+380501110003', code: lastCodeSentTo(ctx, user.email) });
    expect(res.statusCode).toBe(422);
  });

  it('gives one answer for a wrong code, an unknown account, an expired and a locked code', async () => {
    const user = await createUser(ctx);
    await forgot(user.email);
    const code = lastCodeSentTo(ctx, user.email);
    const wrong = await reset({ login: user.email, code: wrongCode(code) });
    const unknown = await reset({ login: 'nobody-at-all@example.test', code });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json().violations).toEqual([{ field: 'code', title: 'The entered code is incorrect.' }]);
    for (let i = 0; i < 4; i += 1) await reset({ login: user.email, code: wrongCode(code) });
    const locked = await reset({ login: user.email, code });
    expect(locked.body).toBe(wrong.body);

    const later = await createUser(ctx);
    await forgot(later.email);
    const laterCode = lastCodeSentTo(ctx, later.email);
    ctx.clock.advance(10 * 60 * 1000);
    const expired = await reset({ login: later.email, code: laterCode });
    expect(expired.body).toBe(wrong.body);
    expect((await login(later.email, later.password)).statusCode).toBe(200);
  });

  it.each([
    [{ code: '12' }, 'code', 'The entered code is incorrect.'],
    [
      { password: 'weakpass', password_confirmation: 'weakpass' },
      'password',
      'The password Must be at least 8 characters long, include a number, an uppercase and a lowercase letter.',
    ],
    [{ password_confirmation: 'Other-Garden-42' }, 'password_confirmation', "Passwords don't match"],
    [{ password_confirmation: '' }, 'password_confirmation', 'The password confirmation Field is required'],
    [{ login: '' }, 'login', 'The login Field is required'],
  ])('refuses %j', async (overrides, field, title) => {
    const res = await reset({ login: 'someone@example.test', code: '123456', ...overrides });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toContainEqual({ field, title });
  });

  it('refuses a common new password before looking at the code', async () => {
    const res = await reset({
      login: 'someone@example.test',
      code: '123456',
      password: 'Password123',
      password_confirmation: 'Password123',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([
      { field: 'password', title: 'This password is too common. Choose one that is harder to guess.' },
    ]);
  });
});

// A wrong code for a known account that had asked for one did one statement
// more (counting the wrong try) than an unknown login, about 0.6 ms that told accounts apart.
describe('a refused reset, timed by the work it does', () => {
  /** The statements one refused reset sends to the database, by kind. */
  async function statementsOf(payload: Record<string, unknown>) {
    const { db } = ctx.database;
    const spies = (['select', 'update', 'insert', 'delete', 'execute'] as const).map((kind) => [kind, vi.spyOn(db, kind)] as const);
    try {
      const res = await reset(payload);
      expect(res.statusCode, res.body).toBe(422);
      return Object.fromEntries(spies.map(([kind, spy]) => [kind, spy.mock.calls.length]));
    } finally {
      for (const [, spy] of spies) spy.mockRestore();
    }
  }

  it('does the same statements for an unknown login, a known one without a code and a known one with a live code', async () => {
    const asked = await createUser(ctx);
    await forgot(asked.email);
    const code = lastCodeSentTo(ctx, asked.email);
    const quiet = await createUser(ctx);
    const withLiveCode = await statementsOf({ login: asked.email, code: wrongCode(code) });
    const unknown = await statementsOf({ login: 'nobody-here@example.test', code: wrongCode(code) });
    const withoutCode = await statementsOf({ login: quiet.email, code: wrongCode(code) });
    expect(withLiveCode.update).toBe(1);
    expect(unknown).toEqual(withLiveCode);
    expect(withoutCode).toEqual(withLiveCode);
  });
});
