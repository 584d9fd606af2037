// POST /api/verification/{email,phone,resend} and /api/email-change: codes, their expiry, wrong-try
// lock, channels kept apart, the resend countdown and hourly cap, and who may call them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatusResponse, CodeSentResponse, ResendThrottledResponse } from '../../contract/auth.ts';
import { companies } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer, createUser, lastCodeSentTo, registerAccount, type RegisteredAccount } from '../test/auth-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const post = (url: string, token: string | undefined, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
const verifyEmail = (a: RegisteredAccount, code: string) => post('/api/verification/email', a.token, { code });
const verifyPhone = (a: RegisteredAccount, code: string) => post('/api/verification/phone', a.token, { code });
const resend = (a: RegisteredAccount, channel: string) => post('/api/verification/resend', a.token, { channel });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const minutes = (n: number) => n * 60 * 1000;

describe('the sign-up verification flow', () => {
  it('verifies the email, sends the phone code, verifies the phone and completes a company', async () => {
    const account = await registerAccount(ctx, 'company');
    const email = await verifyEmail(account, lastCodeSentTo(ctx, account.email));
    expect(email.statusCode).toBe(200);
    expect(AccountStatusResponse.parse(email.json()).data).toMatchObject({
      email_verified: true,
      phone_verified: false,
      next_step: 'phone_verification',
      phone_resend_available_in: 60,
    });
    const phone = await verifyPhone(account, lastCodeSentTo(ctx, account.phone));
    expect(phone.statusCode).toBe(200);
    const { data } = AccountStatusResponse.parse(phone.json());
    expect(data).toMatchObject({ email_verified: true, phone_verified: true, next_step: 'completed' });
    expect(data.companies[0]?.verification_status).toBe('verified');
    const [company] = await ctx.database.db.select().from(companies).where(eq(companies.id, data.companies[0]!.id));
    expect(company?.verifiedAt).toEqual(ctx.clock.now());
  });

  it('answers a second verification of a done step with the status, unchanged', async () => {
    const account = await registerAccount(ctx);
    const code = lastCodeSentTo(ctx, account.email);
    await verifyEmail(account, code);
    const again = await verifyEmail(account, '000000');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.email_verified).toBe(true);
  });
});

describe('code failures', () => {
  it('refuses a wrong code with the SPEC text', async () => {
    const account = await registerAccount(ctx);
    const res = await verifyEmail(account, wrongCode(lastCodeSentTo(ctx, account.email)));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The entered code is incorrect.',
      code: 'validation_failed',
      violations: [{ field: 'code', title: 'The entered code is incorrect.' }],
    });
  });

  it.each(['12345', '1234567', 'abcdef', '', 123456])('refuses the malformed code %j', async (code) => {
    const account = await registerAccount(ctx);
    const res = await post('/api/verification/email', account.token, { code });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([{ field: 'code', title: 'The entered code is incorrect.' }]);
  });

  it('expires a code after 10 minutes', async () => {
    const account = await registerAccount(ctx);
    const code = lastCodeSentTo(ctx, account.email);
    ctx.clock.advance(minutes(10));
    const res = await verifyEmail(account, code);
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([{ field: 'code', title: 'This code has expired. Request a new one.' }]);
  });

  it('accepts a code just before it expires', async () => {
    const account = await registerAccount(ctx);
    const code = lastCodeSentTo(ctx, account.email);
    ctx.clock.advance(minutes(10) - 1000);
    expect((await verifyEmail(account, code)).statusCode).toBe(200);
  });

  it('locks a code on the fifth wrong try, even against the right code after', async () => {
    const account = await registerAccount(ctx);
    const code = lastCodeSentTo(ctx, account.email);
    const titles: string[] = [];
    for (let i = 0; i < 5; i += 1) titles.push((await verifyEmail(account, wrongCode(code))).json().violations[0].title);
    expect(titles.slice(0, 4)).toEqual(Array(4).fill('The entered code is incorrect.'));
    expect(titles[4]).toBe('Too many wrong tries. Request a new code.');
    const right = await verifyEmail(account, code);
    expect(right.statusCode).toBe(422);
    expect(right.json().violations[0].title).toBe('Too many wrong tries. Request a new code.');

    ctx.clock.advance(minutes(1));
    expect((await resend(account, 'email')).statusCode).toBe(200);
    expect((await verifyEmail(account, lastCodeSentTo(ctx, account.email))).statusCode).toBe(200);
  });

  it('never takes an email code at the phone step', async () => {
    const account = await registerAccount(ctx);
    const emailCode = lastCodeSentTo(ctx, account.email);
    ctx.clock.advance(minutes(1));
    const sent = await resend(account, 'phone');
    expect(sent.statusCode).toBe(200);
    const phoneCode = lastCodeSentTo(ctx, account.phone);
    if (phoneCode === emailCode) return; // one chance in a million: the codes happen to be equal
    const res = await verifyPhone(account, emailCode);
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0].title).toBe('The entered code is incorrect.');
    expect((await verifyEmail(account, emailCode)).statusCode).toBe(200);
  });
});

describe('resending a code', () => {
  it('waits for the countdown, tells the seconds left, and invalidates the previous code', async () => {
    const account = await registerAccount(ctx);
    const first = lastCodeSentTo(ctx, account.email);
    ctx.clock.advance(20_000);
    const early = await resend(account, 'email');
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('40');
    expect(ResendThrottledResponse.parse(early.json())).toEqual({
      message: 'A new code can be sent in 40 seconds.',
      code: 'too_soon',
      retry_after: 40,
      resend_available_in: 40,
    });
    const status = await ctx.app.inject({ method: 'GET', url: '/api/account/status', headers: bearer(account.token) });
    expect(status.json().data.email_resend_available_in).toBe(40);

    ctx.clock.advance(40_000);
    const sent = await resend(account, 'email');
    expect(sent.statusCode).toBe(200);
    expect(CodeSentResponse.parse(sent.json())).toEqual({ data: { channel: 'email', resend_available_in: 60, expires_in: 600 } });
    const second = lastCodeSentTo(ctx, account.email);
    if (second !== first) {
      const old = await verifyEmail(account, first);
      expect(old.statusCode).toBe(422);
    }
    expect((await verifyEmail(account, second)).statusCode).toBe(200);
  });

  it('sends at most 6 codes an hour', async () => {
    const account = await registerAccount(ctx);
    for (let i = 0; i < 5; i += 1) {
      ctx.clock.advance(minutes(1));
      expect((await resend(account, 'email')).statusCode).toBe(200);
    }
    ctx.clock.advance(minutes(1));
    const capped = await resend(account, 'email');
    expect(capped.statusCode).toBe(429);
    // Six codes went out at minutes 0-5 of the hour; the first leaves the window at minute 60.
    expect(capped.json().resend_available_in).toBe(54 * 60);
    expect(capped.headers['retry-after']).toBe(String(54 * 60));
    ctx.clock.advance(minutes(54));
    expect((await resend(account, 'email')).statusCode).toBe(200);
  });

  it('refuses a verified channel, an unknown channel and a missing phone', async () => {
    const account = await registerAccount(ctx);
    await verifyEmail(account, lastCodeSentTo(ctx, account.email));
    const done = await resend(account, 'email');
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ message: 'Your email address is already verified.', code: 'already_verified' });
    const bad = await resend(account, 'pigeon');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations).toEqual([{ field: 'channel', title: 'The channel Invalid field' }]);

    const noPhone = await createUser(ctx);
    const res = await post('/api/verification/resend', noPhone.token, { channel: 'phone' });
    expect(res.statusCode).toBe(409);
  });
});

describe('correcting the email address during sign-up', () => {
  it('moves the account to the new address, sends it a code and voids the old one', async () => {
    const account = await registerAccount(ctx);
    const oldCode = lastCodeSentTo(ctx, account.email);
    const res = await post('/api/email-change', account.token, {
      email: ' Fixed.Address@Example.test ',
      current_password: account.password,
    });
    expect(res.statusCode).toBe(200);
    expect(AccountStatusResponse.parse(res.json()).data).toMatchObject({
      email: 'fixed.address@example.test',
      email_verified: false,
      email_resend_available_in: 60,
    });
    const newCode = lastCodeSentTo(ctx, 'fixed.address@example.test');
    if (newCode !== oldCode) expect((await verifyEmail(account, oldCode)).statusCode).toBe(422);
    expect((await verifyEmail(account, newCode)).statusCode).toBe(200);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'fixed.address@example.test', password: account.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('throttles a change back to the same address like a resend', async () => {
    const account = await registerAccount(ctx);
    const res = await post('/api/email-change', account.token, { email: account.email, current_password: account.password });
    expect(res.statusCode).toBe(429);
    expect(res.json().resend_available_in).toBe(60);
  });

  it('refuses a taken address, a malformed one and a verified account', async () => {
    const account = await registerAccount(ctx);
    const other = await createUser(ctx);
    const taken = await post('/api/email-change', account.token, { email: other.email, current_password: account.password });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().violations).toEqual([{ field: 'email', title: 'This email address is already registered.' }]);
    const malformed = await post('/api/email-change', account.token, { email: 'nope', current_password: account.password });
    expect(malformed.json().violations).toEqual([{ field: 'email', title: 'Invalid email address' }]);

    await verifyEmail(account, lastCodeSentTo(ctx, account.email));
    const verified = await post('/api/email-change', account.token, { email: 'late@example.test', current_password: account.password });
    expect(verified.statusCode).toBe(409);
  });

  // A session alone, taken a minute after sign-up, must not put its own address on the account, prove
  // it and reset the password with it (decision 235).
  it('needs the password: without it, empty or wrong, 403 and the address stays', async () => {
    const account = await registerAccount(ctx);
    for (const [proof, code] of [
      [{}, 'reauthentication_required'],
      [{ current_password: '' }, 'reauthentication_required'],
      [{ current_password: 'Not-The-Passw0rd' }, 'reauthentication_failed'],
    ] as const) {
      const res = await post('/api/email-change', account.token, { email: 'thief@example.test', ...proof });
      expect([res.statusCode, res.json().code]).toEqual([403, code]);
      expect(res.json().violations[0].field).toBe('current_password');
    }
    const status = await ctx.app.inject({ method: 'GET', url: '/api/account/status', headers: bearer(account.token) });
    expect(status.json().data.email).toBe(account.email);
    expect(ctx.mail.some((mail) => mail.to === 'thief@example.test')).toBe(false);
  });

  // Wrong proofs are counted over every sensitive change together (decision 235); past them the
  // correction answers the same 429 as every other one, not a 500 for a body its answer did not list.
  it('answers 429 too_many_requests once ten wrong proofs are spent, and the address stays', async () => {
    const account = await registerAccount(ctx);
    for (let i = 0; i < 10; i += 1) {
      const wrong = await post('/api/email-change', account.token, {
        email: 'thief@example.test',
        current_password: `Not-The-Passw0rd${i}`,
      });
      expect(wrong.statusCode).toBe(403);
    }
    const res = await post('/api/email-change', account.token, { email: 'thief@example.test', current_password: account.password });
    expect([res.statusCode, res.json().code]).toEqual([429, 'too_many_requests']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const status = await ctx.app.inject({ method: 'GET', url: '/api/account/status', headers: bearer(account.token) });
    expect(status.json().data.email).toBe(account.email);
  });
});

describe('who may call the verification endpoints', () => {
  it.each(['/api/verification/email', '/api/verification/phone', '/api/verification/resend', '/api/email-change'])(
    'answers 401 to an anonymous caller of %s, before looking at the body',
    async (url) => {
      const res = await post(url, undefined, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
    },
  );

  it("checks a code against the caller's own code only", async () => {
    const owner = await registerAccount(ctx);
    const intruder = await registerAccount(ctx);
    const ownerCode = lastCodeSentTo(ctx, owner.email);
    if (ownerCode === lastCodeSentTo(ctx, intruder.email)) return;
    const res = await verifyEmail(intruder, ownerCode);
    expect(res.statusCode).toBe(422);
    const status = await ctx.app.inject({ method: 'GET', url: '/api/account/status', headers: bearer(owner.token) });
    expect(status.json().data.email_verified).toBe(false);
  });

  it('refuses a token ended by logout', async () => {
    const account = await registerAccount(ctx);
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(account.token) });
    expect((await verifyEmail(account, lastCodeSentTo(ctx, account.email))).statusCode).toBe(401);
  });
});
