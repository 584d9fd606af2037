import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, profileApiPaths } from '../../contract/routes.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx, { firstName: 'Olena' });
  other = await createUser(ctx, { firstName: 'Ivan', locale: 'uk_UA' });
});
afterAll(async () => ctx.close());

const put = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'PUT', url: profileApiPaths.locale, headers, payload: payload as object });
const localeOf = async (user: TestUser) =>
  (await ctx.app.inject({ method: 'GET', url: apiPaths.profileShow, headers: bearer(user.token) })).json().data.locale;

describe('PUT /api/profile/locale', () => {
  it('refuses an anonymous caller with 401', async () => {
    expect((await put({ locale: 'uk_UA' })).statusCode).toBe(401);
  });

  it('saves the caller’s own language, which the profile then reports', async () => {
    const res = await put({ locale: 'uk_UA' }, bearer(owner.token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { locale: 'uk_UA' } });
    expect(await localeOf(owner)).toBe('uk_UA');
    await put({ locale: 'en_GB' }, bearer(owner.token));
    expect(await localeOf(owner)).toBe('en_GB');
  });

  it('changes only the caller’s language, never another person’s', async () => {
    await put({ locale: 'en_GB' }, bearer(owner.token));
    expect(await localeOf(other)).toBe('uk_UA');
  });

  it.each([[{ locale: 'de_DE' }], [{ locale: '' }], [{}], [{ locale: 5 }]])('answers 422 naming the field for %j', async (body) => {
    const res = await put(body, bearer(owner.token));
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([expect.objectContaining({ field: 'locale' })]);
  });

  it.each([['null'], ['"uk_UA"'], ['{']])('answers a 4xx, never a 5xx, for the body %s', async (raw) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: profileApiPaths.locale,
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: raw,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await localeOf(owner)).toBe('en_GB');
  });
});
