// Search: matching with typos, parts of words and both scripts; every filter; visibility
// (hidden cities, closed accounts, private review rounds); cursor pagination; per-person limits;
// authorisation and validation. Runs on PGlite and PostgreSQL (TEST_DB).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { searchApiPaths, searchLimits, type CompanyResult, type PersonResult, type SearchResults } from '../../contract/search.ts';
import { companyEmployments, competencies, employmentReviewRatings, employmentReviews } from '../db/careers-schema.ts';
import { employments, profileLanguages, skills } from '../db/profile-schema.ts';
import { profiles, users } from '../db/schema.ts';
import { companyDomains } from '../db/company-schema.ts';
import { eq, sql } from 'drizzle-orm';
import { bearer } from '../test/auth-helpers.ts';
import { createCompany, createNamedPerson, createPerson, type Person } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import type { Rating } from '../../contract/employment-scores.ts';
import { proficiencies } from '../../contract/profile-sections.ts';

let ctx: TestContext;
let viewer: Person;
let olena: Person;
let olenaUk: Person;
let petro: Person;
let closed: Person;
let acme: number;

const person = (first: string, last: string, extra: Partial<typeof profiles.$inferInsert> = {}): Promise<Person> =>
  createNamedPerson(ctx, first, last, extra);

async function addSkills(p: Person, names: string[]) {
  await ctx.database.db.insert(skills).values(names.map((name) => ({ userId: p.id, name })));
}

/** `companyId` proved control of `domain` (the check itself is server/domains/'s to test). */
async function proveDomain(companyId: number, domain: string) {
  const [row] = await ctx.database.db
    .insert(companyDomains)
    .values({ companyId, domain, token: `token-${domain}`, status: 'verified', method: 'dns', verifiedAt: ctx.clock.now() })
    .returning();
  return row!.id;
}

/** A verified employment at `companyId` with one review round rating `competency` as `rating`. */
async function verifiedReview(p: Person, companyId: number, competency: string, rating: Rating, isPublic: boolean, position = 'Engineer') {
  const db = ctx.database.db;
  const [employment] = await db
    .insert(companyEmployments)
    .values({ companyId, userId: p.id, position, startDate: '2025-01-01', source: 'workspace' })
    .returning();
  let [comp] = await db.select().from(competencies).where(eq(competencies.name, competency));
  if (!comp || comp.companyId !== companyId)
    [comp] = await db.insert(competencies).values({ companyId, name: competency, weight: 1 }).returning();
  const [review] = await db
    .insert(employmentReviews)
    .values({ employmentId: employment!.id, reviewerName: 'Reviewer', reviewedOn: '2026-06-01', isPublic })
    .returning();
  await db.insert(employmentReviewRatings).values({ reviewId: review!.id, competencyId: comp!.id, rating });
}

async function get(url: string, who: Person | null = viewer) {
  return ctx.app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
}

async function searchFor(params: Record<string, string>, who: Person = viewer): Promise<SearchResults> {
  const res = await get(`${searchApiPaths.search}?${new URLSearchParams(params)}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SearchResults;
}

const names = (results: SearchResults) => results.items.map((i) => (i.type === 'person' ? `${i.first_name} ${i.last_name}` : i.name));

beforeAll(async () => {
  ctx = await createTestContext();
  viewer = await person('Viewer', 'Searching');
  const owner = await person('Owner', 'Of-Acme');
  acme = await createCompany(ctx, owner, 'Acme Accessibility Ltd');
  const other = await createCompany(ctx, owner, 'Globex');
  // Acme proved its domain (the ladder's top, decision 265); Globex did not.
  await proveDomain(acme, 'acme.test');
  olena = await person('Olena', 'Kovalenko', {
    headline: 'Accessibility engineer',
    location: 'Kyiv, Ukraine',
    profileStatus: 'open_to_work',
  });
  olenaUk = await person('Олена', 'Коваленко', { headline: 'Інженерка з доступності', location: 'Львів' });
  petro = await person('Petro', 'Shevchenko', { headline: 'Backend developer', location: 'Lviv', city: 'Odesa' });
  closed = await person('Olena', 'Zakharchuk', { headline: 'Accessibility engineer' });
  await person('Iryna', 'Bondar', { city: 'Kharkiv', contactVisibility: { city: 'owner' } });
  await ctx.database.db.update(users).set({ status: 'closed' }).where(eq(users.id, closed.id));
  await addSkills(olena, ['TypeScript', 'WAI-ARIA']);
  await addSkills(petro, ['PostgreSQL', 'TypeScript']);
  await addSkills(closed, ['TypeScript']);
  await ctx.database.db.insert(profileLanguages).values([
    { userId: olena.id, code: 'uk', proficiency: 'native' },
    { userId: olena.id, code: 'en', proficiency: 'C1' },
    { userId: petro.id, code: 'en', proficiency: 'B1' },
  ]);
  await ctx.database.db
    .insert(employments)
    .values({ userId: petro.id, position: 'Developer', companyName: 'Initech', startDate: '2024-01-01', isCurrent: true });
  await verifiedReview(olena, acme, 'Accessibility', 'exceptional', true, 'Accessibility lead');
  await verifiedReview(petro, other, 'Accessibility', 'exceptional', false);
  await verifiedReview(closed, acme, 'Accessibility', 'exceptional', true);
});

afterAll(async () => ctx.close());

describe('matching', () => {
  it("finds Olena Kovalenko by parts of both names ('olen kov')", async () => {
    const found = await searchFor({ q: 'olen kov' });
    // And the same name in Cyrillic (decision 237); equally alike, the one who joined first comes first.
    expect(names(found)).toEqual(['Olena Kovalenko', 'Олена Коваленко']);
    expect(found.items[0]!.matches).toContainEqual(expect.objectContaining({ kind: 'name', value: 'Olena Kovalenko' }));
  });

  it('finds a name by a typo', async () => {
    expect(names(await searchFor({ q: 'Kovalneko' }))).toContain('Olena Kovalenko');
    expect(names(await searchFor({ q: 'Shevcenko' }))).toEqual(['Petro Shevchenko']);
  });

  it('matches a name in either script, whichever it was written in (decision 237)', async () => {
    const both = ['Olena Kovalenko', 'Олена Коваленко'];
    expect(names(await searchFor({ q: 'Коваленко' })).sort()).toEqual(both);
    expect(names(await searchFor({ q: 'олен ковал' })).sort()).toEqual(both);
    expect(names(await searchFor({ q: 'Kovalenko' })).sort()).toEqual(both);
  });

  it('matches headline words in either language, and says so', async () => {
    const en = await searchFor({ q: 'accessib' });
    expect(names(en)).toEqual(['Olena Kovalenko']);
    expect(en.items[0]!.matches).toContainEqual(expect.objectContaining({ kind: 'headline', value: 'Accessibility engineer' }));
    expect(names(await searchFor({ q: 'доступн' }))).toEqual(['Олена Коваленко']);
  });

  it('matches a skill and names it', async () => {
    const found = await searchFor({ q: 'postgres' });
    expect(names(found)).toEqual(['Petro Shevchenko']);
    expect(found.items[0]!.matches).toContainEqual(expect.objectContaining({ kind: 'skill', value: 'PostgreSQL' }));
  });

  it('shows the current verified position', async () => {
    const [first] = (await searchFor({ q: 'olena kovalenko' })).items as PersonResult[];
    expect(first!.verified_position).toEqual({
      position: 'Accessibility lead',
      company: 'Acme Accessibility Ltd',
      verified_domain: 'acme.test',
    });
    expect(first!.profile_status).toBe('open_to_work');
  });

  it('never lists a closed account, by name, skill or score', async () => {
    expect(names(await searchFor({ q: 'Zakharchuk' }))).toEqual([]);
    expect(names(await searchFor({ q: 'accessibility engineer' }))).toEqual(['Olena Kovalenko']);
    expect(names(await searchFor({ skill: 'TypeScript' }))).not.toContain('Olena Zakharchuk');
    expect(names(await searchFor({ competency: 'Accessibility', min_score: '6' }))).not.toContain('Olena Zakharchuk');
  });

  it('finds companies by name with a typo, and not people', async () => {
    const found = await searchFor({ q: 'acme accesibility', type: 'companies' });
    expect(found.items).toEqual([
      expect.objectContaining({ type: 'company', company_id: acme, name: 'Acme Accessibility Ltd', industry: 'Software' }),
    ]);
    expect((found.items[0] as CompanyResult).matches).toContainEqual(expect.objectContaining({ kind: 'name' }));
  });

  it('lists nothing when nothing is asked', async () => {
    expect(await searchFor({})).toEqual({ items: [], next_cursor: null });
  });
});

describe('filters', () => {
  it('by skill, with the skill that matched', async () => {
    const found = await searchFor({ skill: 'typescript' });
    expect(names(found).sort()).toEqual(['Olena Kovalenko', 'Petro Shevchenko']);
    expect(found.items[0]!.matches).toContainEqual(expect.objectContaining({ kind: 'skill', value: 'TypeScript' }));
    // A typo in a word long enough to have one; a short word as written.
    expect(names(await searchFor({ skill: 'typscript' })).sort()).toEqual(['Olena Kovalenko', 'Petro Shevchenko']);
    expect(names(await searchFor({ skill: 'postgre' }))).toEqual(['Petro Shevchenko']);
    expect(names(await searchFor({ skill: 'ts' }))).toEqual([]);
  });

  it('by language at a level or above', async () => {
    expect(names(await searchFor({ language: 'en', level: 'B2' }))).toEqual(['Olena Kovalenko']);
    const found = await searchFor({ language: 'en' });
    expect(names(found).sort()).toEqual(['Olena Kovalenko', 'Petro Shevchenko']);
    expect(found.items.find((i) => i.type === 'person' && i.user_id === petro.id)!.matches).toContainEqual(
      expect.objectContaining({ kind: 'language', value: 'en', level: 'B1' }),
    );
  });

  it('by location, never by a city the person keeps to themselves', async () => {
    expect(names(await searchFor({ location: 'kyiv' }))).toEqual(['Olena Kovalenko']);
    expect(names(await searchFor({ location: 'odesa' }))).toEqual(['Petro Shevchenko']);
    expect(names(await searchFor({ location: 'kharkiv' }))).toEqual([]);
  });

  it('by current company, verified or self-declared', async () => {
    expect(names(await searchFor({ company: 'acme' }))).toEqual(['Olena Kovalenko']);
    expect(names(await searchFor({ company: 'initech' }))).toEqual(['Petro Shevchenko']);
  });

  it('by profile status and verified only, combined with a query', async () => {
    expect(names(await searchFor({ status: 'open_to_work' }))).toEqual(['Olena Kovalenko']);
    // Petro's job is confirmed by Globex, which has not proved its domain: not by default, only widened.
    expect(names(await searchFor({ verified: 'true', q: 'shevchenko' }))).toEqual([]);
    expect(names(await searchFor({ verified: 'true', q: 'shevchenko', trust: 'company_confirmed' }))).toEqual(['Petro Shevchenko']);
    expect(names(await searchFor({ verified: 'true', q: 'bondar', trust: 'company_confirmed' }))).toEqual([]);
  });

  it('says which company vouched when widened', async () => {
    const widened = await searchFor(
      { verified: 'true', q: 'shevchenko', trust: 'company_confirmed' },
      await person('Widening', 'Searcher'),
    );
    expect(widened.items[0]!.matches).toContainEqual(expect.objectContaining({ kind: 'verified_job', value: 'Globex' }));
    // And the result says the company's identity is not verified (no domain), as every page does.
    const first = widened.items[0]!;
    expect(first.type === 'person' && first.verified_position).toEqual({ position: 'Engineer', company: 'Globex', verified_domain: null });
  });

  it('by verified competency and minimum score: public review rounds only, and says which', async () => {
    const found = await searchFor({ competency: 'accessib', min_score: '5' });
    // Petro's round is private: it never counts.
    expect(names(found)).toEqual(['Olena Kovalenko']);
    expect(found.items[0]!.matches).toContainEqual({
      kind: 'verified_competency',
      value: 'Accessibility',
      score: 6,
      company: 'Acme Accessibility Ltd',
      level: null,
    });
    const verifiedToo = await searchFor({ competency: 'accessib', min_score: '5', verified: 'true' });
    expect(verifiedToo.items[0]!.matches).toContainEqual(
      expect.objectContaining({ kind: 'verified_job', value: 'Acme Accessibility Ltd' }),
    );
  });

  it('a score above every rating finds nobody', async () => {
    const db = ctx.database.db;
    await db.update(employmentReviewRatings).set({ rating: 'good' });
    try {
      expect(names(await searchFor({ competency: 'Accessibility', min_score: '5' }))).toEqual([]);
      expect(names(await searchFor({ competency: 'Accessibility', min_score: '4' }))).toEqual(['Olena Kovalenko']);
    } finally {
      await db.update(employmentReviewRatings).set({ rating: 'exceptional' });
    }
  });
});

describe('the verified-competency filter follows every change to what it reads', () => {
  const found = async () => names(await searchFor({ competency: 'Accessibility', min_score: '6' }));
  const olenaRounds = async () => {
    const db = ctx.database.db;
    const [employment] = await db.select().from(companyEmployments).where(eq(companyEmployments.userId, olena.id));
    return db.select().from(employmentReviews).where(eq(employmentReviews.employmentId, employment!.id));
  };

  it('a round hidden stops counting; shown again, counts again', async () => {
    const db = ctx.database.db;
    const [round] = await olenaRounds();
    await db.update(employmentReviews).set({ isPublic: false }).where(eq(employmentReviews.id, round!.id));
    expect(await found()).toEqual([]);
    await db.update(employmentReviews).set({ isPublic: true }).where(eq(employmentReviews.id, round!.id));
    expect(await found()).toEqual(['Olena Kovalenko']);
  });

  it("a private round shown counts, and the person's best score across companies is the one compared", async () => {
    const db = ctx.database.db;
    const [petroJob] = await db.select().from(companyEmployments).where(eq(companyEmployments.userId, petro.id));
    await db.update(employmentReviews).set({ isPublic: true }).where(eq(employmentReviews.employmentId, petroJob!.id));
    const widener = await person('Widening', 'Reader');
    const widened = async () =>
      names(await searchFor({ competency: 'Accessibility', min_score: '6', trust: 'company_confirmed' }, widener));
    try {
      // Globex has not proved its domain: its score counts only when the search is widened (decision 265).
      expect(await found()).toEqual(['Olena Kovalenko']);
      expect(await widened()).toEqual(['Olena Kovalenko', 'Petro Shevchenko']);
      // A second, lower public score elsewhere never hides the higher one.
      await verifiedReview(petro, acme, 'Accessibility', 'poor', true);
      expect(await widened()).toEqual(['Olena Kovalenko', 'Petro Shevchenko']);
      expect(names(await searchFor({ competency: 'Accessibility', min_score: '1' }))).toEqual(['Olena Kovalenko', 'Petro Shevchenko']);
    } finally {
      await db.update(employmentReviews).set({ isPublic: false }).where(eq(employmentReviews.employmentId, petroJob!.id));
    }
    expect(await found()).toEqual(['Olena Kovalenko']);
    expect(names(await searchFor({ competency: 'Accessibility', min_score: '1' }))).toEqual(['Olena Kovalenko', 'Petro Shevchenko']);
  });

  it('a competency renamed is found by its new name only', async () => {
    const db = ctx.database.db;
    const [comp] = await db.select().from(competencies).where(eq(competencies.companyId, acme));
    await db.update(competencies).set({ name: 'Inclusive design' }).where(eq(competencies.id, comp!.id));
    try {
      expect(await found()).toEqual([]);
      expect(names(await searchFor({ competency: 'inclusive', min_score: '6' }))).toEqual(['Olena Kovalenko']);
    } finally {
      await db.update(competencies).set({ name: comp!.name }).where(eq(competencies.id, comp!.id));
    }
    expect(await found()).toEqual(['Olena Kovalenko']);
  });

  it('a rating, a round or a verified employment removed takes its score with it', async () => {
    const db = ctx.database.db;
    const person = await createPerson(ctx, { firstName: 'Removed' });
    const search = async () =>
      (await searchFor({ competency: 'Accessibility', min_score: '6' })).items.map((i) => i.type === 'person' && i.user_id);
    const [comp] = await db.select().from(competencies).where(eq(competencies.companyId, acme));
    const [job] = await db
      .insert(companyEmployments)
      .values({ companyId: acme, userId: person.id, startDate: '2025-01-01', source: 'workspace' })
      .returning();
    /** A public round on the job rating Accessibility exceptional. */
    const round = async () => {
      const [review] = await db
        .insert(employmentReviews)
        .values({ employmentId: job!.id, reviewerName: 'Reviewer', reviewedOn: '2026-06-01', isPublic: true })
        .returning();
      await db.insert(employmentReviewRatings).values({ reviewId: review!.id, competencyId: comp!.id, rating: 'exceptional' });
      return review!.id;
    };

    let id = await round();
    expect(await search()).toContain(person.id);
    await db.delete(employmentReviewRatings).where(eq(employmentReviewRatings.reviewId, id));
    expect(await search()).not.toContain(person.id);

    id = await round();
    expect(await search()).toContain(person.id);
    await db.delete(employmentReviews).where(eq(employmentReviews.id, id));
    expect(await search()).not.toContain(person.id);

    await round();
    expect(await search()).toContain(person.id);
    await db.delete(companyEmployments).where(eq(companyEmployments.id, job!.id));
    expect(await search()).not.toContain(person.id);

    await verifiedReview(person, acme, 'Accessibility', 'exceptional', true);
    expect(await search()).toContain(person.id);
    await db.delete(users).where(eq(users.id, person.id));
    const left = await db.execute(sql`select count(*)::int as n from search_competency_scores where user_id = ${person.id}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('the ladder of trust in search follows a company’s domain (decision 265)', () => {
  it('a domain proved puts its people under "verified only" and their scores under the competency filter; lapsed or removed takes them out', async () => {
    const db = ctx.database.db;
    const searcher = await person('Ladder', 'Searcher');
    const owner = await person('Owner', 'Of-Initrode');
    const initrode = await createCompany(ctx, owner, 'Initrode');
    const worker = await person('Zinoviy', 'Trusted');
    await verifiedReview(worker, initrode, 'Accessibility', 'exceptional', true);
    const verifiedOnly = async () => names(await searchFor({ verified: 'true', q: 'zinoviy trusted' }, searcher));
    const scored = async () =>
      (await searchFor({ competency: 'Accessibility', min_score: '6' }, searcher)).items.map((i) => i.type === 'person' && i.user_id);
    expect(await verifiedOnly()).toEqual([]);
    expect(await scored()).not.toContain(worker.id);

    const domain = await proveDomain(initrode, 'initrode.test');
    expect(await verifiedOnly()).toEqual(['Zinoviy Trusted']);
    expect(await scored()).toContain(worker.id);
    const found = await searchFor({ competency: 'Accessibility', min_score: '6', q: 'zinoviy' }, searcher);
    expect(found.items[0]!.matches).toContainEqual(expect.objectContaining({ kind: 'verified_competency', company: 'Initrode' }));

    // A re-check that changes nothing but the time leaves them; a lapse takes them out; proved again, back.
    await db.update(companyDomains).set({ lastCheckedAt: ctx.clock.now() }).where(eq(companyDomains.id, domain));
    expect(await verifiedOnly()).toEqual(['Zinoviy Trusted']);
    await db.update(companyDomains).set({ status: 'lapsed' }).where(eq(companyDomains.id, domain));
    expect(await verifiedOnly()).toEqual([]);
    expect(await scored()).not.toContain(worker.id);
    expect(names(await searchFor({ verified: 'true', q: 'zinoviy trusted', trust: 'company_confirmed' }, searcher))).toEqual([
      'Zinoviy Trusted',
    ]);
    await db.update(companyDomains).set({ status: 'verified' }).where(eq(companyDomains.id, domain));
    expect(await scored()).toContain(worker.id);
    await db.delete(companyDomains).where(eq(companyDomains.id, domain));
    expect(await verifiedOnly()).toEqual([]);
    expect(await scored()).not.toContain(worker.id);
  });
});

describe('the search document follows every change (migration 0025)', () => {
  // Each test searches as a person of its own: the per-person limit allows 60 searches a minute.
  let searcher: Person;
  beforeEach(async () => {
    searcher = await person('Document', 'Watcher');
  });
  const ids = async (params: Record<string, string>) =>
    (await searchFor(params, searcher)).items.map((i) => i.type === 'person' && i.user_id);

  it('a name, headline, location or status edited is found by its new words only', async () => {
    const db = ctx.database.db;
    const p = await person('Yaroslava', 'Hnatiuk', { headline: 'Copywriter', location: 'Poltava' });
    expect(await ids({ q: 'hnatiuk' })).toContain(p.id);
    await db
      .update(profiles)
      .set({ lastName: 'Marchuk', headline: 'Illustrator', location: 'Uzhhorod', profileStatus: 'hiring' })
      .where(eq(profiles.userId, p.id));
    expect(await ids({ q: 'hnatiuk' })).not.toContain(p.id);
    expect(await ids({ q: 'yaroslava marchuk' })).toContain(p.id);
    expect(await ids({ q: 'illustrator' })).toContain(p.id);
    expect(await ids({ q: 'copywriter' })).not.toContain(p.id);
    expect(await ids({ location: 'uzhhorod' })).toEqual([p.id]);
    expect(await ids({ location: 'poltava' })).not.toContain(p.id);
    expect(await ids({ status: 'hiring' })).toContain(p.id);
  });

  it('a skill or language removed or changed stops matching; a level raised matches the higher filter', async () => {
    const db = ctx.database.db;
    const p = await person('Zinoviy', 'Skillchanger');
    await addSkills(p, ['Haskell']);
    await db.insert(profileLanguages).values({ userId: p.id, code: 'de', proficiency: 'A2' });
    expect(await ids({ skill: 'haskell' })).toEqual([p.id]);
    expect(await ids({ language: 'de', level: 'A1' })).toEqual([p.id]);
    expect(await ids({ language: 'de', level: 'B1' })).toEqual([]);
    await db.update(skills).set({ name: 'Elixir' }).where(eq(skills.userId, p.id));
    await db.update(profileLanguages).set({ proficiency: 'native' }).where(eq(profileLanguages.userId, p.id));
    expect(await ids({ skill: 'haskell' })).toEqual([]);
    expect(await ids({ skill: 'elixir' })).toEqual([p.id]);
    expect(await ids({ language: 'de', level: 'C2' })).toEqual([p.id]);
    await db.delete(skills).where(eq(skills.userId, p.id));
    await db.delete(profileLanguages).where(eq(profileLanguages.userId, p.id));
    expect(await ids({ skill: 'elixir' })).toEqual([]);
    expect(await ids({ language: 'de' })).toEqual([]);
  });

  it('a city hidden stops matching at once, shown again matches again', async () => {
    const db = ctx.database.db;
    const p = await person('Bohdana', 'Citykeeper', { city: 'Chernihiv' });
    expect(await ids({ location: 'chernihiv' })).toEqual([p.id]);
    await db
      .update(profiles)
      .set({ contactVisibility: { city: 'owner' } })
      .where(eq(profiles.userId, p.id));
    expect(await ids({ location: 'chernihiv' })).toEqual([]);
    await db
      .update(profiles)
      .set({ contactVisibility: { city: 'everyone' } })
      .where(eq(profiles.userId, p.id));
    expect(await ids({ location: 'chernihiv' })).toEqual([p.id]);
  });

  it('an account closed leaves search, reopened comes back; a verified job added or removed sets "verified only"', async () => {
    const db = ctx.database.db;
    const p = await person('Ustym', 'Reopener');
    expect(await ids({ q: 'ustym reopener' })).toEqual([p.id]);
    await db.update(users).set({ status: 'closed' }).where(eq(users.id, p.id));
    expect(await ids({ q: 'ustym reopener' })).toEqual([]);
    await db.update(users).set({ status: 'active' }).where(eq(users.id, p.id));
    expect(await ids({ q: 'ustym reopener' })).toEqual([p.id]);

    expect(await ids({ q: 'ustym reopener', verified: 'true' })).toEqual([]);
    const [job] = await db
      .insert(companyEmployments)
      .values({ companyId: acme, userId: p.id, startDate: '2025-01-01', source: 'workspace' })
      .returning();
    expect(await ids({ q: 'ustym reopener', verified: 'true' })).toEqual([p.id]);
    await db.delete(companyEmployments).where(eq(companyEmployments.id, job!.id));
    expect(await ids({ q: 'ustym reopener', verified: 'true' })).toEqual([]);
  });

  it('spells every language level the contract has, in its order', async () => {
    const db = ctx.database.db;
    const p = await person('Levko', 'Levels');
    for (const [i, level] of proficiencies.entries()) {
      await db.delete(profileLanguages).where(eq(profileLanguages.userId, p.id));
      await db.insert(profileLanguages).values({ userId: p.id, code: 'fr', proficiency: level });
      for (const [j, asked] of proficiencies.entries())
        expect(await ids({ language: 'fr', level: asked }), `${level} asked ${asked}`).toEqual(j <= i ? [p.id] : []);
    }
  });
});

describe('pagination', () => {
  it('pages through every match once, in order, by cursor', async () => {
    for (let i = 0; i < 7; i += 1) await addSkills(await person('Paged', `Person${i}`), ['Rust']);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: SearchResults = await searchFor({ skill: 'rust', limit: '3', ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...names(page));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it('pages a ranked query too', async () => {
    const first = await searchFor({ q: 'paged', limit: '4' });
    expect(first.items).toHaveLength(4);
    const second = await searchFor({ q: 'paged', limit: '4', cursor: first.next_cursor! });
    expect(second.items).toHaveLength(3);
    expect(second.next_cursor).toBeNull();
    expect(new Set([...names(first), ...names(second)]).size).toBe(7);
  });
});

describe('suggestions', () => {
  it('suggests people and companies by a typo or a part of their name', async () => {
    const res = await get(`${searchApiPaths.suggestions}?q=${encodeURIComponent('olena koval')}`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as PersonResult[];
    expect(items.map((i) => `${i.first_name} ${i.last_name}`)).toEqual(['Olena Kovalenko', 'Олена Коваленко']);
    expect(items[0]!.verified_position).toEqual({
      position: 'Accessibility lead',
      company: 'Acme Accessibility Ltd',
      verified_domain: 'acme.test',
    });
    const companiesToo = await get(`${searchApiPaths.suggestions}?q=acme`);
    expect(companiesToo.json().data.items).toContainEqual(expect.objectContaining({ type: 'company', name: 'Acme Accessibility Ltd' }));
  });

  it('suggests nothing for one letter', async () => {
    const res = await get(`${searchApiPaths.suggestions}?q=o`);
    expect(res.json().data).toEqual({ items: [], jobs: [] });
  });
});

describe('suggestions read names by their words (decision 220)', () => {
  // Each test suggests as a person of its own: the per-person limit allows a few hundred a minute.
  let typist: Person;
  beforeEach(async () => {
    typist = await person('Suggestion', 'Typist');
  });
  const suggested = async (q: string) => {
    const res = await get(`${searchApiPaths.suggestions}?q=${encodeURIComponent(q)}`, typist);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.items as (PersonResult | CompanyResult)[]).flatMap((i) => (i.type === 'person' ? [i.user_id] : []));
  };

  it('finds a name by a typo, by parts of both words, in either script, and a double-barrelled name by each part', async () => {
    const latin = await person('Myroslava', 'Hordiienko');
    const cyrillic = await person('Мирослава', 'Гордієнко');
    const barrelled = await person('Zlata', 'Lytvyn-Bondar');
    expect(await suggested('hordiinko')).toContain(latin.id);
    // One name in two alphabets is one name (decision 237): either script suggests both.
    const both = [latin.id, cyrillic.id];
    expect(await suggested('myros hord')).toEqual(both);
    expect(await suggested('гордієнко')).toEqual(both);
    expect(await suggested('мирос горд')).toEqual(both);
    for (const q of ['bondar', 'lytvyn', 'zlata lytvyn-bondar', 'zlata bondar']) expect(await suggested(q), q).toContain(barrelled.id);
    // Every typed word must be like a word of the name.
    expect(await suggested('myroslava bondar')).toEqual([]);
  });

  it('follows a rename and a closed account', async () => {
    const p = await person('Vasylyna', 'Qwertiuk');
    expect(await suggested('qwertiuk')).toEqual([p.id]);
    await ctx.database.db.update(profiles).set({ lastName: 'Zhuzhlyk' }).where(eq(profiles.userId, p.id));
    expect(await suggested('qwertiuk')).toEqual([]);
    expect(await suggested('vasylyna zhuzhlyk')).toEqual([p.id]);
    await ctx.database.db.update(users).set({ status: 'closed' }).where(eq(users.id, p.id));
    expect(await suggested('zhuzhlyk')).toEqual([]);
  });

  it('lists people equally alike in the order they joined, eight at most, and the exact word before a near one', async () => {
    const twins = [];
    for (let i = 0; i < 10; i += 1) twins.push((await person('Ustyna', 'Twinname')).id);
    const near = await person('Ustyna', 'Twinnames');
    expect(await suggested('ustyna twinname')).toEqual(twins.slice(0, searchLimits.suggestions));
    expect(await suggested('twinnames')).toEqual([near.id, ...twins.slice(0, searchLimits.suggestions - 1)]);
  });
});

describe('authorisation and validation', () => {
  it('answers 401 to an anonymous caller', async () => {
    for (const url of [`${searchApiPaths.search}?q=olena`, `${searchApiPaths.suggestions}?q=olena`]) {
      const res = await get(url, null);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
  });

  it('gives any signed-in person the same answer, the searched person included', async () => {
    const asOlena = await searchFor({ q: 'shevchenko' }, olena);
    expect(asOlena).toEqual(await searchFor({ q: 'shevchenko' }, viewer));
    expect(names(await searchFor({ q: 'kovalenko' }, olena))).toContain('Olena Kovalenko');
  });

  it.each([
    [{ type: 'robots' }, 'type'],
    [{ level: 'B2' }, 'level'],
    [{ language: 'english' }, 'language'],
    [{ min_score: '7', competency: 'x' }, 'min_score'],
    [{ min_score: '5' }, 'min_score'],
    [{ status: 'sleeping' }, 'status'],
    [{ verified: 'maybe' }, 'verified'],
    [{ verified: 'true', trust: 'self_declared' }, 'trust'],
    [{ limit: '500' }, 'limit'],
    [{ q: 'x'.repeat(searchLimits.textMax + 1) }, 'q'],
    [{ q: 'nul\u0000' }, 'q'],
    [{ cursor: 'not a cursor!' }, 'cursor'],
    [{ q: 'olena', cursor: 'bm90LWpzb24' }, 'cursor'],
  ])('refuses %j with 422 naming %s', async (params, field) => {
    const res = await get(`${searchApiPaths.search}?${new URLSearchParams(params as Record<string, string>)}`, olenaUk);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().violations.map((v: { field: string }) => v.field)).toContain(field);
  });

  it('takes LIKE characters and quotes as plain text', async () => {
    expect(names(await searchFor({ q: "%_' or 1=1 --" }))).toEqual([]);
    expect(names(await searchFor({ skill: '%' }))).toEqual([]);
  });
});

describe('limits', () => {
  it(`allows ${searchLimits.searchesPerMinute} searches a minute per person, then 429 with Retry-After`, async () => {
    const busy = await person('Busy', 'Recruiter');
    for (let i = 0; i < searchLimits.searchesPerMinute; i += 1) {
      const res = await get(`${searchApiPaths.search}?skill=rust`, busy);
      expect(res.statusCode).toBe(200);
    }
    const refused = await get(`${searchApiPaths.search}?skill=rust`, busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    expect(refused.headers['retry-after']).toBeDefined();
    // Another person's budget is their own.
    expect((await get(`${searchApiPaths.search}?skill=rust`, await person('Calm', 'Recruiter'))).statusCode).toBe(200);
  });
});
