// Search across Latin and Cyrillic, and by job titles (decision 237): a name or a place typed in
// either alphabet, or in the spellings people use ("Andrey", "Kiev"), finds the same people, and says
// why; a word of any job title finds its person; the company filter forgives a typo. On PGlite and
// PostgreSQL (TEST_DB): the folding is the database's own function.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { searchApiPaths, type PersonResult, type SearchResults, type Suggestions } from '../../contract/search.ts';
import { companyEmployments } from '../db/careers-schema.ts';
import { employments } from '../db/profile-schema.ts';
import type { profiles } from '../db/schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createCompany, createNamedPerson, type Person } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let viewer: Person;
let olena: Person;
let oksana: Person;
let andrii: Person;
let andriiUk: Person;
let taras: Person;
let northwind: number;

const person = (first: string, last: string, extra: Partial<typeof profiles.$inferInsert> = {}): Promise<Person> =>
  createNamedPerson(ctx, first, last, extra);

async function searchFor(params: Record<string, string>): Promise<SearchResults> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${searchApiPaths.search}?${new URLSearchParams(params)}`,
    headers: bearer(viewer.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SearchResults;
}

const ids = (results: SearchResults | Suggestions) => results.items.map((i) => (i.type === 'person' ? i.user_id : -i.company_id)).sort();
const matchesOf = (results: SearchResults, who: Person) =>
  (results.items.find((i) => i.type === 'person' && i.user_id === who.id) as PersonResult | undefined)?.matches ?? [];

async function fold(value: string): Promise<string> {
  const result = (await ctx.database.db.execute(sql`select search_fold(${value}) as folded`)) as unknown as { rows: { folded: string }[] };
  return result.rows[0]!.folded;
}

beforeAll(async () => {
  ctx = await createTestContext();
  viewer = await person('Viewer', 'Searching');
  const owner = await person('Owner', 'Of-Northwind');
  northwind = await createCompany(ctx, owner, 'Northwind Studio');
  olena = await person('Olena', 'Kovalenko', { location: 'Kyiv, Ukraine' });
  oksana = await person('Оксана', 'Шевчук', { location: 'Київ' });
  andrii = await person('Andrii', 'Melnyk', { location: 'Lviv' });
  andriiUk = await person('Андрій', 'Мельник', { city: 'Kiev' });
  taras = await person('Taras', 'Hnatiuk', { headline: 'Curious mind' });
  await ctx.database.db
    .insert(companyEmployments)
    .values({ companyId: northwind, userId: taras.id, position: 'Junior researcher', startDate: '2025-01-01', source: 'workspace' });
  await ctx.database.db
    .insert(employments)
    .values({ userId: oksana.id, position: 'Data analyst', companyName: 'Northwind Studio', startDate: '2024-01-01', isCurrent: true });
});

afterAll(async () => ctx.close());

describe('the folding of names and places', () => {
  it('gives one key to a name in Cyrillic (KMU 2010), in Latin and in the spellings people type', async () => {
    const same = [
      ['Олена Коваленко', 'Olena Kovalenko'],
      ['Оксана Шевчук', 'Oksana Shevchuk'],
      ['Київ', 'Kyiv'],
      ['Kiev', 'Kyiv'],
      ['Киев', 'Kyiv'],
      ['Андрій', 'Andrii'],
      ['Andrey', 'Andrii'],
      ['Andriy', 'Андрей'],
      ['Юлія', 'Yulia'],
      ['Julia', 'Yuliia'],
      ['Ольга', 'Olga'],
      ['Olha', 'Olga'],
      ['Сергій', 'Sergey'],
      ['Одеса', 'Odessa'],
      ['Щербак', 'Shcherbak'],
      ['Жанна', 'Zhanna'],
      ['Мар’яна', 'Mariana'],
      ["O'Neill", 'ONeill'],
      ['Євген', 'Yevhen'],
      ['Alex', 'Aleks'],
    ];
    for (const [a, b] of same) expect(await fold(a!), `${a} and ${b}`).toBe(await fold(b!));
    const different = [
      ['Olena', 'Oksana'],
      ['Kyiv', 'Lviv'],
      ['Taras', 'Tetiana'],
    ];
    for (const [a, b] of different) expect(await fold(a!), `${a} and ${b}`).not.toBe(await fold(b!));
    // LIKE's characters pass through untouched (the place filter escapes them before folding).
    expect(await fold('50\\%_x')).toBe('50\\%_ks');
  });
});

describe('people across scripts', () => {
  it('finds "Olena Kovalenko" by "Олена Коваленко" and says the name was typed in another alphabet', async () => {
    const found = await searchFor({ q: 'Олена Коваленко' });
    expect(ids(found)).toEqual([olena.id]);
    expect(matchesOf(found, olena)).toContainEqual(expect.objectContaining({ kind: 'name_spelling', value: 'Олена Коваленко' }));
  });

  it('finds "Оксана Шевчук" by "Oksana Shevchuk"', async () => {
    expect(ids(await searchFor({ q: 'Oksana Shevchuk' }))).toEqual([oksana.id]);
  });

  it('finds Andrii, Андрій and Andrey as one name', async () => {
    const expected = [andrii.id, andriiUk.id].sort();
    expect(ids(await searchFor({ q: 'Andrey' }))).toEqual(expected);
    expect(ids(await searchFor({ q: 'Андрій Melnik' }))).toEqual(expected);
  });

  it('gives no "another spelling" reason for a name typed as it is, or with a typo', async () => {
    const exact = await searchFor({ q: 'Olena Kovalenko' });
    expect(matchesOf(exact, olena).map((m) => m.kind)).not.toContain('name_spelling');
    const typo = await searchFor({ q: 'Kovalneko' });
    expect(ids(typo)).toContain(olena.id);
    expect(matchesOf(typo, olena).map((m) => m.kind)).not.toContain('name_spelling');
  });

  it('finds the same people by "Kyiv", "Київ" and "Kiev", from the place or the city', async () => {
    const expected = [olena.id, oksana.id, andriiUk.id].sort();
    for (const location of ['Kyiv', 'Київ', 'Kiev', 'kyiv, ukraine']) {
      const found = await searchFor({ location });
      expect(ids(found), location).toEqual(location === 'kyiv, ukraine' ? [olena.id] : expected);
    }
  });

  it('suggests a person by a name typed in the other alphabet', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${searchApiPaths.suggestions}?q=${encodeURIComponent('Олена Ков')}`,
      headers: bearer(viewer.token),
    });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().data as Suggestions)).toEqual([olena.id]);
  });
});

describe('job titles and the company filter', () => {
  it('finds a person by a word of a verified job title and names the title', async () => {
    const found = await searchFor({ q: 'researcher' });
    expect(ids(found)).toEqual([taras.id]);
    expect(matchesOf(found, taras)).toContainEqual(expect.objectContaining({ kind: 'position', value: 'Junior researcher' }));
  });

  it('finds a person by a job they list, and follows a renamed or removed job', async () => {
    expect(ids(await searchFor({ q: 'analyst' }))).toEqual([oksana.id]);
    await ctx.database.db.update(employments).set({ position: 'Statistician' }).where(eq(employments.userId, oksana.id));
    expect(ids(await searchFor({ q: 'analyst' }))).toEqual([]);
    const found = await searchFor({ q: 'statistician' });
    expect(ids(found)).toEqual([oksana.id]);
    expect(matchesOf(found, oksana)).toContainEqual(expect.objectContaining({ kind: 'position', value: 'Statistician' }));
    await ctx.database.db.update(companyEmployments).set({ position: 'Senior scientist' }).where(eq(companyEmployments.userId, taras.id));
    expect(ids(await searchFor({ q: 'researcher' }))).toEqual([]);
    expect(ids(await searchFor({ q: 'scientist' }))).toEqual([taras.id]);
  });

  it('forgives a typo in the current company, verified or listed, as the header does', async () => {
    const expected = [oksana.id, taras.id].sort();
    expect(ids(await searchFor({ company: 'Northwind' }))).toEqual(expected);
    expect(ids(await searchFor({ company: 'Northwnd' }))).toEqual(expected);
    // A short word is matched as written: three letters hold no typo to forgive.
    expect(ids(await searchFor({ company: 'nwx' }))).toEqual([]);
  });
});
