// POST /api/register and GET /api/account/status: personal and company sign-up, every validation
// failure, and the company and membership a company sign-up leaves behind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatusResponse, RegisterResponse } from '../../contract/auth.ts';
import { ErrorResponse } from '../../contract/envelope.ts';
import { companies, companyMembers, profiles, users, verificationCodes } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer, createUser, lastCodeSentTo, nextAddress, registerAccount, signUpBody } from '../test/auth-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const signUp = (payload: unknown, query = '') =>
  ctx.app.inject({ method: 'POST', url: `/api/register${query}`, payload: payload as object, remoteAddress: nextAddress() });

describe('personal sign-up', () => {
  it('creates the account and profile, sends an email code and signs the person in', async () => {
    const body = signUpBody('personal', { email: 'Mixed.Case@Example.test', phone: '+380 (67) 123-45-67' });
    const res = await signUp(body);
    expect(res.statusCode).toBe(201);
    const { data } = RegisterResponse.parse(res.json());
    expect(data.token).toMatch(/^[\w-]{43}$/);
    expect(data.account).toEqual({
      user_id: expect.any(Number),
      kind: 'personal',
      email: 'mixed.case@example.test',
      phone: '+380671234567',
      email_verified: false,
      phone_verified: false,
      next_step: 'email_verification',
      email_resend_available_in: 60,
      phone_resend_available_in: 0,
      companies: [],
    });
    expect(lastCodeSentTo(ctx, 'mixed.case@example.test')).toMatch(/^\d{6}$/);
    const [profile] = await ctx.database.db.select().from(profiles).where(eq(profiles.userId, data.account.user_id));
    expect(profile).toMatchObject({ firstName: 'Olena', lastName: 'Kovalenko' });

    const show = await ctx.app.inject({ method: 'GET', url: '/api/profile/show', headers: bearer(data.token) });
    expect(show.json().data).toMatchObject({ user_id: data.account.user_id, country_id: 1, skills: [] });
  });

  it('hashes the password with Argon2id and keeps no code in clear', async () => {
    const account = await registerAccount(ctx);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, account.id));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const code = lastCodeSentTo(ctx, account.email);
    const rows = await ctx.database.db.select().from(verificationCodes).where(eq(verificationCodes.userId, account.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]).toMatchObject({ purpose: 'email_verification', channel: 'email', destination: account.email });
  });

  it('never truncates a long password', async () => {
    const long = `Aa1${'x'.repeat(200)}`;
    const account = await registerAccount(ctx, 'personal', { password: long, password_confirmation: long });
    const cut = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: account.email, password: long.slice(0, 72) },
      remoteAddress: nextAddress(),
    });
    expect(cut.statusCode).toBe(401);
    const whole = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: account.email, password: long },
      remoteAddress: nextAddress(),
    });
    expect(whole.statusCode).toBe(200);
  });

  it('writes the codes in the language chosen at sign-up', async () => {
    const body = signUpBody('personal', { locale: 'uk_UA' });
    await signUp(body);
    expect(ctx.mail.at(-1)?.text).toContain('Ваш код Profiles');
  });
});

describe('company sign-up', () => {
  it('creates the company, pending, with the representative as owner', async () => {
    const res = await signUp(signUpBody('company', { company_name: 'Northwind', industry_id: 8 }));
    expect(res.statusCode).toBe(201);
    const { data } = RegisterResponse.parse(res.json());
    expect(data.account.kind).toBe('company');
    expect(data.account.companies).toEqual([
      {
        id: expect.any(Number),
        name: 'Northwind',
        industry: 'Transport and logistics',
        role: 'owner',
        verification_status: 'pending',
        leaves_on: null,
      },
    ]);
    const companyId = data.account.companies[0]!.id;
    const [company] = await ctx.database.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company).toMatchObject({ name: 'Northwind', industryId: 8, verificationStatus: 'pending', verifiedAt: null });
    const members = await ctx.database.db.select().from(companyMembers).where(eq(companyMembers.companyId, companyId));
    expect(members).toEqual([expect.objectContaining({ userId: data.account.user_id, role: 'owner' })]);
  });

  it("asks for the representative's personal email with the SPEC text", async () => {
    const res = await signUp(signUpBody('company', { email: 'not-an-email' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([{ field: 'email', title: 'Please enter your personal email.' }]);
  });

  it.each([
    ['company_name', { company_name: '' }, 'The company name Field is required'],
    ['industry_id', { industry_id: undefined }, 'The industry id Field is required'],
    // The brand page's list, not free text.
    ['industry_id', { industry_id: 'Logistics' }, 'The industry id Field is required'],
    ['industry_id', { industry_id: 999 }, 'The industry id Invalid field'],
    ['company_name', { company_name: 'x'.repeat(201) }, 'The company name Exceeded maximum character length of 200'],
  ])('refuses a bad %s', async (field, overrides, title) => {
    const res = await signUp(signUpBody('company', overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toContainEqual({ field, title });
  });
});

describe('sign-up validation', () => {
  it.each([
    ['kind', { kind: 'robot' }, 'The kind Invalid field'],
    ['first_name', { first_name: '  ' }, 'The first name Field is required'],
    ['last_name', { last_name: undefined }, 'The last name Field is required'],
    ['last_name', { last_name: 'x'.repeat(101) }, 'The last name Exceeded maximum character length of 100'],
    ['email', { email: 'nope' }, 'Invalid email address'],
    ['email', { email: '' }, 'The email Field is required'],
    ['phone', { phone: '12345' }, 'Invalid phone number'],
    ['phone', { phone: undefined }, 'The phone Field is required'],
    [
      'password',
      { password: 'short1A', password_confirmation: 'short1A' },
      'The password Must be at least 8 characters long, include a number, an uppercase and a lowercase letter.',
    ],
    [
      'password',
      { password: 'alllowercase1', password_confirmation: 'alllowercase1' },
      'The password Must be at least 8 characters long, include a number, an uppercase and a lowercase letter.',
    ],
    [
      'password',
      { password: 'NoDigitsHere', password_confirmation: 'NoDigitsHere' },
      'The password Must be at least 8 characters long, include a number, an uppercase and a lowercase letter.',
    ],
    ['password_confirmation', { password_confirmation: 'short' }, 'Password confirmation must be at least 8 characters long'],
    ['password_confirmation', { password_confirmation: 'Other-Passw0rd' }, "Passwords don't match"],
    ['terms', { terms: false }, 'You must accept the terms and conditions'],
    ['terms', { terms: undefined }, 'You must accept the terms and conditions'],
    ['locale', { locale: 'fr_FR' }, 'The locale Invalid field'],
  ])('refuses a bad %s (%j)', async (field, overrides, title) => {
    const res = await signUp(signUpBody('personal', overrides));
    expect(res.statusCode).toBe(422);
    const body = ErrorResponse.parse(res.json());
    expect(body.violations).toContainEqual({ field, title });
    expect(body.message).toBe(body.violations?.[0]?.title);
  });

  it.each(['Password1', 'Qwerty123', 'PASSw0rd'])('refuses the common password %s', async (password) => {
    const res = await signUp(signUpBody('personal', { password, password_confirmation: password }));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([
      { field: 'password', title: 'This password is too common. Choose one that is harder to guess.' },
    ]);
  });

  it('answers in the request locale', async () => {
    const res = await signUp(signUpBody('personal', { terms: false }), '?locale=uk_UA');
    expect(res.json().violations).toEqual([{ field: 'terms', title: 'Ви маєте прийняти умови використання' }]);
  });

  it('refuses an email or phone that is already registered, case aside', async () => {
    const existing = await createUser(ctx, { phone: '+380991234500' });
    const res = await signUp(signUpBody('personal', { email: existing.email.toUpperCase(), phone: '+380991234500' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([
      { field: 'email', title: 'This email address is already registered.' },
      { field: 'phone', title: 'This phone number is already registered.' },
    ]);
  });

  it('keeps one account when two sign-ups race for one address', async () => {
    const body = signUpBody('personal');
    const answers = await Promise.all([signUp(body), signUp({ ...body, phone: '+380991234599' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const rows = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, String(body['email'])));
    expect(rows).toHaveLength(1);
  });

  it('caps sign-ups from one address', async () => {
    const remoteAddress = nextAddress();
    const existing = await createUser(ctx);
    const statuses: number[] = [];
    // Well-formed attempts count (the limit runs after schema validation), refused ones included.
    for (let i = 0; i < 21; i += 1) {
      const payload = signUpBody('personal', { email: existing.email });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('the account status', () => {
  it('tells the signed-in person what is verified and what comes next', async () => {
    const account = await registerAccount(ctx, 'company');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account/status', headers: bearer(account.token) });
    expect(res.statusCode).toBe(200);
    const { data } = AccountStatusResponse.parse(res.json());
    expect(data).toMatchObject({ user_id: account.id, email_verified: false, next_step: 'email_verification' });
  });

  it('answers 401 to anonymous callers and to made-up tokens', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/status' })).statusCode).toBe(401);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account/status', headers: bearer('made-up') });
    expect(res.statusCode).toBe(401);
  });

  it("shows only the caller's own account", async () => {
    const one = await registerAccount(ctx, 'company');
    const two = await registerAccount(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account/status', headers: bearer(two.token) });
    expect(res.json().data).toMatchObject({ user_id: two.id, companies: [] });
    expect(res.body).not.toContain(one.email);
  });
});

describe('the OpenAPI document', () => {
  it('declares every account route with its contract schemas and tags', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    for (const path of [
      '/api/register',
      '/api/verification/email',
      '/api/verification/phone',
      '/api/verification/resend',
      '/api/email-change',
      '/api/password/forgot',
      '/api/password/reset',
    ]) {
      expect(doc.paths[path].post.tags, path).toEqual(['accounts']);
      expect(doc.paths[path].post.requestBody, path).toBeDefined();
    }
    expect(doc.paths['/api/account/status'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/verification/resend'].post.responses['429']).toBeDefined();
  });
});
