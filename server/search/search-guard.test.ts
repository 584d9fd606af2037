// Search's cost is bounded. An account that proved neither its email nor its phone
// does not search (403 verify_to_search, both the page's search and the header's suggestions); a
// statement that runs past the time bound answers 422 search_too_broad, not a 5xx. Both engines.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchQuery, searchApiPaths } from '../../contract/search.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { isStatementTimeout, search, SearchTooBroadError } from './service.ts';

let ctx: TestContext;
let verified: TestUser;
let unproven: TestUser;
let phoneOnly: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  verified = await createUser(ctx, { firstName: 'Vera' });
  unproven = await createUser(ctx, { firstName: 'Una' });
  phoneOnly = await createUser(ctx, { firstName: 'Pavlo', phone: '+380501112233' });
  await ctx.database.db.update(users).set({ emailVerifiedAt: null, phoneVerifiedAt: null }).where(eq(users.id, unproven.id));
  await ctx.database.db.update(users).set({ emailVerifiedAt: null, phoneVerifiedAt: ctx.clock.now() }).where(eq(users.id, phoneOnly.id));
});
afterAll(async () => ctx.close());

const urls = [`${searchApiPaths.search}?q=vera`, `${searchApiPaths.suggestions}?q=vera`];
const get = (url: string, who: TestUser | null) => ctx.app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });

describe('who may search', () => {
  it('answers 401 to an anonymous caller', async () => {
    for (const url of urls) expect((await get(url, null)).statusCode, url).toBe(401);
  });

  it('answers 403 verify_to_search to an account that proved neither its email nor its phone', async () => {
    for (const url of urls) {
      const res = await get(url, unproven);
      expect(res.statusCode, url).toBe(403);
      expect(expectErrorAnswer(res).code).toBe('verify_to_search');
    }
  });

  it('lets an account search once it proved its email or its phone', async () => {
    for (const who of [verified, phoneOnly]) for (const url of urls) expect((await get(url, who)).statusCode, url).toBe(200);
  });
});

describe('the time bound', () => {
  it('turns a statement cancelled at its time bound into 422 search_too_broad', async () => {
    const cancelled = Object.assign(new Error('Failed query'), {
      cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    });
    expect(isStatementTimeout(cancelled)).toBe(true);
    expect(isStatementTimeout(new Error('other'))).toBe(false);
    const timingOut = {
      transaction: async () => {
        throw cancelled;
      },
    } as unknown as Db;
    await expect(search(timingOut, ctx.clock, SearchQuery.parse({ q: 'vera' }))).rejects.toBeInstanceOf(SearchTooBroadError);
    expect(new SearchTooBroadError().code).toBe('search_too_broad');
  });
});
