// Inputs PostgreSQL cannot store or the calendar does not have, and request paths no URL parser
// accepts: each gets a 4xx naming the field, never a 5xx (hardening issue, point 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBodyLimit } from '../app.ts';
import { apiPaths, profileApiPaths } from '../../contract/routes.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer, createUser, nextAddress, signUpBody, type TestUser } from '../test/auth-helpers.ts';

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await createUser(ctx);
});
afterAll(async () => ctx.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, method: 'POST' | 'PUT' = 'POST') =>
  ctx.app.inject({ method, url, payload: payload as object, headers, remoteAddress: nextAddress() });

const header = { first_name: 'Olena', last_name: 'Kovalenko', open_to_work: false };

describe('a NUL character in a text value', () => {
  it.each([
    ['sign-in', apiPaths.login, { login: 'a\u0000@b.co', password: 'x' }, 'login'],
    ['sign-in password', apiPaths.login, { login: 'a@b.co', password: 'Pass\u0000word1' }, 'password'],
    ['forgot password', apiPaths.passwordForgot, { login: 'someone\u0000@example.test' }, 'login'],
    [
      'reset',
      apiPaths.passwordReset,
      { login: 'x\u0000@example.test', code: '123456', password: 'Sturdy-Passw0rd', password_confirmation: 'Sturdy-Passw0rd' },
      'login',
    ],
    ['sign-up', apiPaths.register, signUpBody('personal', { first_name: 'Ole\u0000na' }), 'first_name'],
  ])('is refused with 422 on the %s field, anonymously', async (_name, url, payload, field) => {
    const res = await post(url, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().violations.map((v: { field: string }) => v.field)).toContain(field);
  });

  it('is refused on a profile field with the field named, and nothing is stored', async () => {
    const res = await post(profileApiPaths.update, { ...header, headline: 'Chief\u0000Officer' }, bearer(user.token), 'PUT');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().violations).toEqual([{ field: 'headline', title: expect.stringMatching(/^The headline /) }]);
  });

  it('is refused deep inside an import', async () => {
    const res = await post(profileApiPaths.importResume, { skills: [{ name: 'Ty\u0000peScript' }] }, bearer(user.token));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().violations[0].field).toBe('skills.0.name');
  });
});

describe('dates', () => {
  const job = (start_date: string, end_date: string | null = null) => ({
    position: 'Engineer',
    company_name: 'Acme',
    start_date,
    end_date,
    is_current: end_date === null,
  });
  it.each(['2021-02-30', '2021-04-31', '2023-02-29', '0000-01-01', '1800-01-01', '2021-13-01', '2021-00-10'])(
    'refuses the impossible or insane date %s with 422 on the field',
    async (date) => {
      const res = await post(profileApiPaths.section('employments'), job(date), bearer(user.token));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().violations[0].field).toBe('start_date');
    },
  );

  it('accepts 29 February of a leap year', async () => {
    const res = await post(profileApiPaths.section('employments'), job('2024-02-29'), bearer(user.token));
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each(['1899-12-31', '2999-01-01'])('refuses the birth date %s (before 1900 or in the future)', async (birth_date) => {
    const res = await post(profileApiPaths.update, { ...header, birth_date }, bearer(user.token), 'PUT');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().violations[0].field).toBe('birth_date');
  });

  it('refuses an end before the start', async () => {
    const res = await post(profileApiPaths.section('employments'), job('2021-05-01', '2021-04-30'), bearer(user.token));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0].field).toBe('end_date');
  });
});

describe('malformed request paths', () => {
  it.each(['//[', '//%', '/%E0%A4%A', '//user@[::1', '/%00', '/..%2F..%2Fetc%2Fpasswd', '//example.com/x'])(
    'GET %s answers 404 or 400, never 500',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    },
  );
});

describe('a huge body wrong everywhere', () => {
  it('is refused 413 before it is parsed when over the 64 KiB a form takes (decision 268)', async () => {
    // About 900 KB of JSON with 50,000 fields PostgreSQL could not store: it once cost 0.35 s each.
    const payload: Record<string, string> = { login: 'someone@example.test', password: 'Sturdy-Passw0rd' };
    for (let i = 0; i < 50_000; i++) payload[`f${i}`] = '\u0000';
    const body = JSON.stringify(payload);
    expect(body.length).toBeGreaterThan(800_000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: body,
      headers: { 'content-type': 'application/json' },
      remoteAddress: nextAddress(),
    });
    expect([res.statusCode, res.json().code]).toEqual([413, 'body_too_large']);
    expect(res.body.length).toBeLessThan(1_000);
  });

  it('gets the first 20 violations and how many fields were wrong, not an answer the size of the body', async () => {
    // Just under 64 KiB of JSON with 3,500 fields PostgreSQL could not store.
    const payload: Record<string, string> = { login: 'someone@example.test', password: 'Sturdy-Passw0rd' };
    for (let i = 0; i < 3_500; i++) payload[`f${i}`] = '\u0000';
    const body = JSON.stringify(payload);
    expect(body.length).toBeLessThan(defaultBodyLimit);
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: body,
      headers: { 'content-type': 'application/json' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(422);
    const answer = res.json();
    expect(answer.code).toBe('validation_failed');
    expect(answer.violations).toHaveLength(20);
    expect(answer.violations[0]).toEqual({ field: 'f0', title: expect.stringMatching(/^The f0 /) });
    expect(answer.violations_total).toBe(3_500);
    expect(res.body.length).toBeLessThan(5_000);
  });

  it('lists every violation, and no total, while there are 20 or fewer', async () => {
    const res = await post(apiPaths.login, { login: 'a\u0000@b.co', password: 'Pass\u0000word1' });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .violations.map((v: { field: string }) => v.field)
        .sort(),
    ).toEqual(['login', 'password']);
    expect(res.json().violations_total).toBeUndefined();
  });
});
