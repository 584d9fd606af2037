// Cacheable reads (decision 197): a profile, a company page and the achievements answer with
// an ETag and 304 to a matching If-None-Match; the tag changes with the answer and with who asks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementApiPaths } from '../../contract/achievements.ts';
import { companyPublicPaths } from '../../contract/company-routes.ts';
import { apiPaths, profileApiPaths } from '../../contract/routes.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createCompany, createPerson, type Person } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { matches } from './etag.ts';

let ctx: TestContext;
let owner: Person;
let viewer: Person;
let companyId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createPerson(ctx);
  viewer = await createPerson(ctx);
  companyId = await createCompany(ctx, owner);
});
afterAll(async () => ctx.close());

const get = (url: string, person: Person, ifNoneMatch?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(person.token), ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) } });

describe('ETag and If-None-Match', () => {
  it.each([
    ['the own profile', () => apiPaths.profileShow],
    ["another person's profile", () => apiPaths.profileShowOf(owner.id)],
    ["another person's profile extras", () => apiPaths.profileShowExtraOf(owner.id)],
    ['a company page', () => companyPublicPaths.publicPage(companyId)],
    ['the achievements', () => achievementApiPaths.own],
    ["another person's achievements", () => achievementApiPaths.of(owner.id)],
  ])('%s answers 304 with no body to its own ETag, 200 to a stale one', async (_name, url) => {
    const first = await get(url(), viewer);
    expect(first.statusCode).toBe(200);
    const tag = first.headers['etag'] as string;
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['vary']).toContain('authorization');
    const again = await get(url(), viewer, tag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['etag']).toBe(tag);
    expect((await get(url(), viewer, 'W/"stale"')).statusCode).toBe(200);
  });

  it('changes the tag when the profile changes', async () => {
    const before = (await get(apiPaths.profileShowOf(owner.id), viewer)).headers['etag'] as string;
    const saved = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.section('skills'),
      headers: bearer(owner.token),
      payload: { name: 'Cartography' },
    });
    expect(saved.statusCode).toBeLessThan(300);
    const after = await get(apiPaths.profileShowOf(owner.id), viewer, before);
    expect(after.statusCode).toBe(200);
    expect(after.headers['etag']).not.toBe(before);
  });

  it('still refuses the anonymous (401) whatever If-None-Match says', async () => {
    const tag = (await get(apiPaths.profileShowOf(owner.id), viewer)).headers['etag'] as string;
    const anonymous = await ctx.app.inject({ method: 'GET', url: apiPaths.profileShowOf(owner.id), headers: { 'if-none-match': tag } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('compares weakly and takes a list or *', () => {
    expect(matches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matches('"abc"', 'W/"abc"')).toBe(true);
    expect(matches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matches('*', 'W/"abc"')).toBe(true);
    expect(matches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matches(undefined, 'W/"abc"')).toBe(false);
  });
});
