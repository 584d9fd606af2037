// Finding openings reads the top rank newest first (decision 287): the openings with every word as
// written and the phrase's similarity 1 are walked down the index of published openings, and a walk too
// short for the page reads the page from the trigram index instead, with the same openings in the same
// order; a cursor goes on in the top rank and then down the ranks below, every opening once, in the order
// one long page gives; an opening whose neighbouring words only happen to hold the word's trigrams ranks
// below the ones that have the word. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobSearchQuery } from '../../contract/jobs-search.ts';
import { createCompany, createPerson, enterCompany } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer } from '../test/auth-helpers.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { publishedOpening } from './fixtures.ts';
import { searchJobs } from './search.ts';

let ctx: TestContext;
let publish: (title: string, remote?: boolean) => Promise<number>;
/** The openings for 'quillwright', in the order they were published (the oldest first). */
const exact: number[] = [];
const typo: number[] = [];
let java = 0;
let lavaJavelin = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createPerson(ctx);
  const companyId = await createCompany(ctx, owner, 'Tier Works');
  const session = await enterCompany(ctx, owner, companyId);
  const page = await ctx.app.inject({
    method: 'PUT',
    url: workspacePaths.publicPageSettings(companyId),
    headers: { ...bearer(session), 'content-type': 'application/json' },
    payload: JSON.stringify({ address: `tier-works-${Date.now().toString(36)}`, is_public: true, noindex: false }),
  });
  expect(page.statusCode, page.body).toBe(200);
  // An opening not remote has a place.
  publish = (title, remote = true) => publishedOpening(ctx, companyId, session, { title, remote, location: remote ? null : 'Lviv' });
  // The top rank far apart among the newest, with openings that match nothing between them, so a walk
  // of a few openings finds fewer than a page and the page is read from the index.
  const filler = async () => {
    await publish('Accountant');
    await publish('Bookkeeper');
  };
  for (let i = 0; i < 3; i += 1) {
    exact.push(await publish(i === 1 ? 'Senior quillwright' : 'Quillwright', i !== 2));
    await filler();
    typo.push(await publish(i === 1 ? 'Quillwrite lead' : 'Quillwrite', i !== 0));
    await filler();
  }
  java = await publish('Java developer');
  lavaJavelin = await publish('Lava javelin');
});

afterAll(async () => ctx.close());

/** One page's ids and cursor for `params`, with walks of `bound` openings (the default without one). */
async function page(params: Record<string, string>, bound?: number) {
  const found = await searchJobs(ctx.database.db, ctx.clock, JobSearchQuery.parse(params), bound);
  return { ids: found.items.map((item) => item.id), next: found.next_cursor };
}

/** Every page of `limit` for `params` after one another (at most 30 pages), with walks of `bound` openings. */
async function allPages(params: Record<string, string>, limit: number, bound?: number): Promise<number[]> {
  const seen: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    pages += 1;
    if (pages > 30) throw new Error(`more than 30 pages of ${limit}: a cursor goes round`);
    const { ids, next } = await page({ ...params, limit: String(limit), ...(cursor ? { cursor } : {}) }, bound);
    seen.push(...ids);
    cursor = next;
  } while (cursor);
  return seen;
}

describe('the top rank walked newest first', () => {
  it('lists the openings with the word first, newest first, then the typos', async () => {
    const { ids } = await page({ q: 'quillwright', limit: '50' });
    expect(ids.slice(0, 3)).toEqual([...exact].reverse());
    expect(ids.slice(3).sort((a, b) => a - b)).toEqual(typo);
  });

  it('answers the same first page when the walk is too short for it and the index is read instead', async () => {
    const queries: Record<string, string>[] = [{ q: 'quillwright' }, { q: 'quillwright', remote: 'true' }, { q: 'senior quillwright' }];
    for (const params of queries) {
      const whole = await page({ ...params, limit: '50' });
      expect(whole.ids.length).toBeGreaterThan(0);
      for (const bound of [1, 3, 8]) {
        expect((await page({ ...params, limit: '2' }, bound)).ids, `${JSON.stringify(params)}, walks of ${bound}`).toEqual(
          whole.ids.slice(0, 2),
        );
      }
    }
  });

  it('fills the page from a walk that finds it, as the index would', async () => {
    // The two newest 'quillwright' openings are within the newest nine published.
    expect((await page({ q: 'quillwright', limit: '2' }, 9)).ids).toEqual([exact[2], exact[1]]);
    expect((await page({ q: 'quillwright', limit: '2' }, 1)).ids).toEqual([exact[2], exact[1]]);
  });

  it('pages by cursor through the top rank and down the ranks below, every opening once in one long page’s order', async () => {
    const queries: Record<string, string>[] = [{ q: 'quillwright' }, { q: 'quillwright', remote: 'true' }];
    for (const params of queries) {
      const whole = (await page({ ...params, limit: '50' })).ids;
      for (const [limit, bound] of [
        [1, 1],
        [2, 1],
        [2, 4000],
        [1, 6],
        [4, 3],
      ] as const) {
        expect(await allPages(params, limit, bound), `${JSON.stringify(params)}, ${limit} a page, walks of ${bound}`).toEqual(whole);
      }
    }
  });

  it('ranks an opening with the word as written above one whose neighbouring words only hold its trigrams', async () => {
    // 'Lava javelin' holds every trigram of 'java' side by side ('…ava', 'va ', then 'jav…'): its
    // similarity is 1 as the Java developer's, and it is newer, but the word is not in it.
    expect((await page({ q: 'java' })).ids).toEqual([java, lavaJavelin]);
  });
});
