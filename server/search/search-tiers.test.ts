// Search read in rank tiers (decision 273): a tier too sparse for its walk in id order is
// listed from its indexes and answers the same people; a cursor goes on in its own tier and then down
// the tiers below, every person once, in the order one long page gives. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchQuery, searchApiPaths, type SearchResults } from '../../contract/search.ts';
import { profileLanguages, skills } from '../db/profile-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createNamedPerson, type Person } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { countingStatements } from '../test/statement-count.ts';
import type { Db } from '../db/client.ts';
import { dayOf } from '../shared/dates.ts';
import { personFilters, typedTags } from './people-filters.ts';
import { rankedPeople, walkBound, type After } from './people-tiers.ts';
import { decodeCursor, tsQueryOf, withThreshold, wordsOf } from './search-sql.ts';

let ctx: TestContext;
let viewer: Person;
/** The people of each tier for the word 'quillwright', in the order they joined. */
const tier = { name: [] as number[], textAndSkill: [] as number[], textOrSkill: [] as number[] };

const person = (first: string, last: string, headline?: string) => createNamedPerson(ctx, first, last, headline ? { headline } : {});

beforeAll(async () => {
  ctx = await createTestContext();
  viewer = await person('Tier', 'Viewer');
  const db = ctx.database.db;
  // Each tier's people far apart in id order, with people who match nothing between them, so a walk of
  // a few rows finds fewer than a page and the tier is listed from its indexes.
  const filler = async (n: number) => {
    for (let i = 0; i < n; i += 1) await person('Filler', `Nobody${i}`);
  };
  for (let i = 0; i < 3; i += 1) {
    await filler(2);
    const withSkill = await person('Ilaria', `Textskill${i}`, 'Quillwright of letters');
    await db.insert(skills).values({ userId: withSkill.id, name: 'Quillwright' });
    tier.textAndSkill.push(withSkill.id);
    await filler(2);
    const byText = await person('Bohdan', `Textonly${i}`, 'Master quillwright');
    tier.textOrSkill.push(byText.id);
    const bySkill = await person('Hanna', `Skillonly${i}`, 'Printer');
    await db.insert(skills).values({ userId: bySkill.id, name: 'Quillwright' });
    tier.textOrSkill.push(bySkill.id);
    const byName = await person('Yevhen', `Quillwright${i}`);
    tier.name.push(byName.id);
  }
  // English at B2 for every second person of each tier: a filter beside the words.
  const english = [...tier.name, ...tier.textAndSkill, ...tier.textOrSkill].filter((_, i) => i % 2 === 0);
  await db.insert(profileLanguages).values(english.map((userId) => ({ userId, code: 'en', proficiency: 'B2' })));
});

afterAll(async () => ctx.close());

/** The ids, best first, the tiers give for `params` from `after` (a cursor), reading `need` with walks of `bound` rows. */
async function ranked(params: Record<string, string>, need: number, bound: number, after?: After): Promise<number[]> {
  const query = SearchQuery.parse(params);
  const words = wordsOf(query.q);
  const today = dayOf(ctx.clock.now());
  const hits = await withThreshold(ctx.database.db, async (tx) => {
    const typed = await typedTags(tx, query, words);
    const tiers = {
      words,
      tsQuery: tsQueryOf(words),
      wordsSkill: typed.wordsSkill,
      rowFilters: personFilters(query, today, typed, 'row'),
      listFilters: personFilters(query, today, typed, 'list'),
    };
    return rankedPeople(tx, tiers, after, need, bound);
  });
  return hits.map((hit) => Number(hit.user_id));
}

/** `ranked`'s ids, and the statements the tiers sent to find them (the typed names' lookups apart). */
async function rankedCounted(params: Record<string, string>, need: number, bound: number, after?: After) {
  const query = SearchQuery.parse(params);
  const words = wordsOf(query.q);
  const today = dayOf(ctx.clock.now());
  return withThreshold(ctx.database.db, async (tx) => {
    const typed = await typedTags(tx, query, words);
    const tiers = {
      words,
      tsQuery: tsQueryOf(words),
      wordsSkill: typed.wordsSkill,
      rowFilters: personFilters(query, today, typed, 'row'),
      listFilters: personFilters(query, today, typed, 'list'),
    };
    const counted = countingStatements(tx as unknown as Db);
    const hits = await rankedPeople(counted.db, tiers, after, need, bound);
    return { ids: hits.map((hit) => Number(hit.user_id)), statements: counted.statements() };
  });
}

async function page(params: Record<string, string>): Promise<SearchResults> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${searchApiPaths.search}?${new URLSearchParams(params)}`,
    headers: bearer(viewer.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SearchResults;
}

const ids = (results: SearchResults) => results.items.map((item) => (item.type === 'person' ? item.user_id : 0));

describe('the tiers', () => {
  it('rank the name hits first, then the words found in the text and a skill, then in one of the two', async () => {
    const found = ids(await page({ q: 'quillwright', limit: '50' }));
    expect(found.slice(0, 3).sort((a, b) => a - b)).toEqual(tier.name);
    expect(found.slice(3, 6)).toEqual(tier.textAndSkill);
    expect(found.slice(6)).toEqual(tier.textOrSkill);
  });

  it('list a tier from its indexes when a walk of a few rows finds too few, and find the same people', async () => {
    const cases: Record<string, string>[] = [
      { q: 'quillwright' },
      { q: 'quillwright', language: 'en', level: 'B2' },
      { skill: 'quillwright' },
    ];
    for (const params of cases) {
      const walked = await ranked(params, 50, walkBound);
      // A walk of two rows finds at most one person of a tier: every tier falls back to its list.
      expect(await ranked(params, 50, 2), JSON.stringify(params)).toEqual(walked);
      expect(await ranked(params, 4, 2), JSON.stringify(params)).toEqual(walked.slice(0, 4));
    }
    // Without words, one tier: everyone with the skill, in id order.
    const withSkill = [...tier.textAndSkill, ...tier.textOrSkill.filter((_, i) => i % 2 === 1)].sort((a, b) => a - b);
    expect(await ranked({ skill: 'quillwright' }, 50, 2)).toEqual(withSkill);
  });

  it('read on past the first window in one statement, as far as the rate found so far says', async () => {
    // Without words, one tier: everyone with the skill, in id order, one of them in every four ids.
    const withSkill = [...tier.textAndSkill, ...tier.textOrSkill.filter((_, i) => i % 2 === 1)].sort((a, b) => a - b);
    const bound = 8;
    const from = withSkill[0]! - 1;
    const { ids, statements } = await rankedCounted({ skill: 'quillwright' }, withSkill.length, bound, { rank: '0', id: from });
    expect(ids).toEqual(withSkill);
    // Windows of eight ids hold two each, so the walk spans at least three: the first window, then the
    // rest read at once, and one statement to know where the ids end (not a statement a window and a
    // second read of each for its last id).
    expect(Math.ceil((withSkill.at(-1)! - from) / bound)).toBeGreaterThanOrEqual(3);
    expect(statements).toBe(3);
  });

  it('a walk that reaches the last person before the bound ends the tier there, without a fallback', async () => {
    const last = tier.textOrSkill.at(-1)!;
    // After the last of them nobody is left to find, whatever the bound.
    expect(await ranked({ q: 'quillwright' }, 10, 2, { rank: '0.3000', id: last })).toEqual([]);
    expect(await ranked({ q: 'quillwright' }, 10, walkBound, { rank: '0.3000', id: last })).toEqual([]);
  });
});

describe('cursor pages across the tiers', () => {
  it.each([['1'], ['2'], ['4']])('pages of %s give every person once, in the order of one long page', async (limit) => {
    const cases: Record<string, string>[] = [{ q: 'quillwright' }, { q: 'quillwright', language: 'en', level: 'B2' }];
    for (const params of cases) {
      const whole = ids(await page({ ...params, limit: '50' }));
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const next: SearchResults = await page({ ...params, limit, ...(cursor ? { cursor } : {}) });
        seen.push(...ids(next));
        cursor = next.next_cursor;
        pages += 1;
      } while (cursor && pages < 20);
      expect(seen).toEqual(whole);
      expect(pages).toBe(Math.ceil(whole.length / Number(limit)));
    }
  });

  it('a cursor in a tier below the name hits goes on after its id, then down', async () => {
    const whole = await ranked({ q: 'quillwright' }, 50, walkBound);
    const first = await page({ q: 'quillwright', limit: '4' });
    // The fourth is the first of the 0.6 tier: the next page starts in that tier, after it.
    expect(decodeCursor(first.next_cursor!)).toEqual({ rank: '0.6000', id: tier.textAndSkill[0] });
    const after = decodeCursor(first.next_cursor!)!;
    expect(await ranked({ q: 'quillwright' }, 50, 2, after)).toEqual(whole.slice(4));
  });
});

describe('the name hits, in tiers of their own', () => {
  /** Who 'zephyrine' finds by name, in the order one long page gives (rank, then the order they joined). */
  const expected: number[] = [];
  /** Those 'zephyrine moss' finds by name. */
  const twoWords: number[] = [];

  beforeAll(async () => {
    const db = ctx.database.db;
    const filler = async () => {
      for (let i = 0; i < 3; i += 1) await person('Filler', 'Nobody');
    };
    // How alike each name is to 'zephyrine' sets its rank: the same word 2.0 (so 'Zefirine', spelt
    // another way), 'Zephyrines' and 'Zephyrinette' 1.8889, 'Zephyrina' 1.7778, 'Zephyr' 1.5556; the word
    // in the headline adds 0.3 (2.3), a skill of that name 0.3 (1.7778 + 0.3). Each tier's people are
    // far apart in id order, so a window of a few rows holds too few of a tier and it is listed.
    const byRank: Record<string, number[]> = { bonusText: [], bonusSkill: [], exact: [], near: [], nearer: [], far: [] };
    for (let i = 0; i < 3; i += 1) {
      await filler();
      byRank.exact!.push((await person('Ada', 'Zephyrine')).id);
      await filler();
      byRank.near!.push((await person('Bo', i % 2 ? 'Zephyrinette' : 'Zephyrines')).id);
      byRank.far!.push((await person('Cy', 'Zephyr')).id);
      await filler();
      byRank.exact!.push((await person('Di', 'Zefirine')).id);
      byRank.nearer!.push((await person('Ed', 'Zephyrina')).id);
    }
    byRank.bonusText!.push((await person('Fay', 'Zephyrine', 'Zephyrine keeper')).id);
    const withSkill = await person('Gus', 'Zephyrina');
    await db.insert(skills).values({ userId: withSkill.id, name: 'Zephyrine' });
    byRank.bonusSkill!.push(withSkill.id);
    // 'zephyrine moss' finds these three by name (and by skill the one with the skill); 'zephyrine' finds them too.
    twoWords.push((await person('Moss', 'Zephyrine')).id);
    byRank.exact!.push(twoWords.at(-1)!);
    await filler();
    twoWords.push((await person('Mossa', 'Zephyrina')).id);
    byRank.nearer!.push(twoWords.at(-1)!);
    await filler();
    twoWords.push((await person('Moss', 'Zephyrines')).id);
    byRank.near!.push(twoWords.at(-1)!);
    const inOrder = (list: number[]) => [...list].sort((a, b) => a - b);
    expected.push(
      ...byRank.bonusText!,
      ...byRank.bonusSkill!,
      ...inOrder(byRank.exact!),
      ...inOrder(byRank.near!),
      ...inOrder(byRank.nearer!),
      ...inOrder(byRank.far!),
    );
    // English at B2 for every second one: a filter beside the words.
    await db
      .insert(profileLanguages)
      .values(expected.filter((_, i) => i % 2 === 0).map((userId) => ({ userId, code: 'en', proficiency: 'B2' })));
  });

  /**
   * The hits, with their ranks, the tiers give for `params`. `fewNames` 0: however few people have such
   * a name, the name hits are read in windows and tiers; the default here: they are few, all ranked.
   */
  async function hits(params: Record<string, string>, need: number, bound: number, after?: After, fewNames = 0) {
    const query = SearchQuery.parse(params);
    const words = wordsOf(query.q);
    const today = dayOf(ctx.clock.now());
    return withThreshold(ctx.database.db, async (tx) => {
      const typed = await typedTags(tx, query, words);
      const q = {
        words,
        tsQuery: tsQueryOf(words),
        wordsSkill: typed.wordsSkill,
        rowFilters: personFilters(query, today, typed, 'row'),
        listFilters: personFilters(query, today, typed, 'list'),
      };
      return (await rankedPeople(tx, q, after, need, bound, fewNames)).map((hit) => ({ id: Number(hit.user_id), rank: hit.rank }));
    });
  }

  it('rank as one long page does, whether a tier is taken from the window read in id order or listed past it', async () => {
    const whole = await hits({ q: 'zephyrine' }, 50, walkBound);
    expect(whole.map((hit) => hit.id)).toEqual(expected);
    expect(new Set(whole.map((hit) => hit.rank))).toEqual(new Set(['2.3000', '2.0778', '2.0000', '1.8889', '1.7778', '1.5556']));
    const cases: Record<string, string>[] = [{ q: 'zephyrine' }, { q: 'zephyrine', language: 'en', level: 'B2' }, { q: 'zephyrine moss' }];
    for (const params of cases) {
      const all = await hits(params, 50, walkBound);
      // The same as every name hit ranked at once.
      expect(await hits(params, 50, walkBound, undefined, 2000), JSON.stringify(params)).toEqual(all);
      if (params['q'] === 'zephyrine moss') expect(all.map((hit) => hit.id)).toEqual(expect.arrayContaining(twoWords));
      // Windows of one to three rows hold at most one person of a tier: the tiers are listed.
      for (const bound of [1, 2, 3]) {
        expect(await hits(params, 50, bound), JSON.stringify({ params, bound })).toEqual(all);
        expect(await hits(params, 4, bound), JSON.stringify({ params, bound })).toEqual(all.slice(0, 4));
      }
    }
  });

  it('a cursor at any name hit goes on after it, in its own tier and then down', async () => {
    const cases: Record<string, string>[] = [{ q: 'zephyrine' }, { q: 'zephyrine', language: 'en', level: 'B2' }];
    for (const params of cases) {
      const all = await hits(params, 50, walkBound);
      for (const [k, hit] of all.entries())
        for (const bound of [2, walkBound])
          expect(await hits(params, 3, bound, { rank: hit.rank, id: hit.id }), JSON.stringify({ params, k, bound })).toEqual(
            all.slice(k + 1, k + 4),
          );
    }
  });
});
