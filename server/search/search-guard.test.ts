// Search's cost is bounded. An account that proved neither its email nor its phone
// does not search (403 verify_to_search, both the page's search and the header's suggestions); a
// statement that runs past the time bound answers 422 search_too_broad, not a 5xx. Both engines.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobSearchApiPaths } from '../../contract/jobs-search.ts';
import { SearchQuery, searchApiPaths } from '../../contract/search.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { searchTimer } from '../shared/search-time.ts';
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

// On PGlite a search holds the server's thread and nothing can cancel it: each person's searches (people,
// suggestions, openings together) may take so much time a minute, then 429 until the minute is over.
describe('the time budget', () => {
  it("answers 429 past the minute's search time, on every search route, and serves again after the minute", async () => {
    const budgeted = await createTestContext({ SEARCH_SECONDS_PER_MINUTE: '10' });
    // Each search is timed as taking 4 s (a crafted one at 100,000 people on PGlite took 1.4 s).
    let at = 0;
    const timer = vi.spyOn(searchTimer, 'now').mockImplementation(() => (at += 4_000));
    try {
      const searcher = await createUser(budgeted, { firstName: 'Sasha' });
      const other = await createUser(budgeted, { firstName: 'Olha' });
      const ask = (url: string, who: TestUser) => budgeted.app.inject({ method: 'GET', url, headers: bearer(who.token) });
      // Three searches spend 12 s of the 10.
      for (let i = 0; i < 3; i++) expect((await ask(urls[0]!, searcher)).statusCode).toBe(200);
      // Counted in the one store of every limit (decision 276), so with REDIS_URL every process shares it.
      expect((await budgeted.app.counters.peek(`search-ms:${searcher.id}`)).count).toBe(12_000);
      for (const url of [...urls, `${jobSearchApiPaths.search}?q=designer`]) {
        const refused = await ask(url, searcher);
        expect(refused.statusCode, url).toBe(429);
        expect(expectErrorAnswer(refused).code).toBe('too_many_requests');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another person's budget is their own.
      expect((await ask(urls[0]!, other)).statusCode).toBe(200);
      budgeted.clock.advance(60_000);
      expect((await ask(urls[0]!, searcher)).statusCode).toBe(200);
    } finally {
      timer.mockRestore();
      await budgeted.close();
    }
  });

  // Searches sent together each found the budget unspent before any had been measured, and on PGlite
  // they then ran one after another on the server's thread: the time bound held for one search at a
  // time only.
  it('holds searches sent together to the same budget: one at a time a person, each measured before the next, over every search route', async () => {
    const budgeted = await createTestContext({ SEARCH_SECONDS_PER_MINUTE: '10' });
    let at = 0;
    const timer = vi.spyOn(searchTimer, 'now').mockImplementation(() => (at += 2_000));
    try {
      const searcher = await createUser(budgeted, { firstName: 'Sasha' });
      // People search and finding openings, sent together: one budget and one queue for both.
      const routes = [urls[0]!, `${jobSearchApiPaths.search}?q=designer`];
      const ask = (_: unknown, i: number) => budgeted.app.inject({ method: 'GET', url: routes[i % 2]!, headers: bearer(searcher.token) });
      const answers = await Promise.all(Array.from({ length: 10 }, ask));
      // Each is timed as 2 s: five spend the 10 s one after another, and the other five are refused.
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(5);
      expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(5);
      expect((await budgeted.app.counters.peek(`search-ms:${searcher.id}`)).count).toBe(10_000);
    } finally {
      timer.mockRestore();
      await budgeted.close();
    }
  });
});
