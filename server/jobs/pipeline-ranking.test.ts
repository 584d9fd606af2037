// Ranking applicants over the API (decision 271), on PGlite and PostgreSQL alike: each owner
// or admin rates an applicant 1–5 (the average, the count and the reader's own), never a plain member,
// another company or anyone outside; the applicant never sees a rating. Each applicant carries the
// latest public scores of their past employers with the level of trust each has, their skills and
// languages; the pipeline keeps and orders applicants by a verified competency at a minimum score, a
// language at a level, a skill and the company's rating; bad filters and ratings are a clear 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Applicant, applicationPaths, pipelinePaths } from '../../contract/applications.ts';
import type { Rating } from '../../contract/employment-scores.ts';
import { companyEmployments, competencies, employmentReviewRatings, employmentReviews } from '../db/careers-schema.ts';
import { companyDomains } from '../db/company-schema.ts';
import { profileLanguages, skills } from '../db/profile-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createCompany, createNamedPerson, createPerson, type Person } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { applyTo, hiringCompany, publishedOpening } from './fixtures.ts';

let ctx: TestContext;
let companyId: number;
let sessions: Record<'owner' | 'admin' | 'member' | 'otherAdmin', string>;
let outsider: Person;
let openingId: number;
const applicants: Record<'olena' | 'petro' | 'iryna', { person: Person; applicationId: number }> = {} as never;

type Who = keyof typeof sessions | 'anonymous' | 'outsider';
const headersOf = (who: Who): Record<string, string> =>
  who === 'anonymous' ? {} : who === 'outsider' ? bearer(outsider.token) : bearer(sessions[who]);
const call = (who: Who, method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown> | string) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...headersOf(who), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });

/** A job at `companyId` the company confirmed, with one public review round rating each competency. */
async function reviewedJob(person: Person, company: number, ratings: Record<string, Rating>, reviewedOn = '2026-06-01') {
  const db = ctx.database.db;
  const [job] = await db
    .insert(companyEmployments)
    .values({ companyId: company, userId: person.id, position: 'Designer', startDate: '2024-01-01', source: 'workspace' })
    .returning();
  const [review] = await db
    .insert(employmentReviews)
    .values({ employmentId: job!.id, reviewerName: 'Reviewer', reviewedOn, isPublic: true })
    .returning();
  const ids: number[] = [];
  for (const [name, rating] of Object.entries(ratings)) {
    const [competency] = await db.insert(competencies).values({ companyId: company, name, weight: 1 }).returning();
    await db.insert(employmentReviewRatings).values({ reviewId: review!.id, competencyId: competency!.id, rating });
    ids.push(competency!.id);
  }
  return { jobId: job!.id, competencyIds: ids };
}

const list = async (query = '', who: Who = 'owner') => {
  const res = await call(who, 'GET', `${pipelinePaths.applicants(companyId, openingId)}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as unknown[]).map((a) => Applicant.parse(a));
};
const names = async (query = '') => (await list(query)).map((a) => a.person.first_name);

beforeAll(async () => {
  ctx = await createTestContext();
  ({ companyId, sessions } = await hiringCompany(ctx));
  outsider = await createPerson(ctx);
  openingId = await publishedOpening(ctx, companyId, sessions.owner);

  // Past employers: one proved its domain, one did not.
  const [acmeOwner, betaOwner] = await Promise.all([createPerson(ctx), createPerson(ctx)]);
  const acme = await createCompany(ctx, acmeOwner, 'Acme Maps');
  const beta = await createCompany(ctx, betaOwner, 'Beta Charts');
  await ctx.database.db
    .insert(companyDomains)
    .values({ companyId: acme, domain: 'acme.test', token: 't-acme', status: 'verified', method: 'dns', verifiedAt: ctx.clock.now() });

  for (const [key, first] of [
    ['olena', 'Olena'],
    ['petro', 'Petro'],
    ['iryna', 'Iryna'],
  ] as const) {
    const person = await createNamedPerson(ctx, first, 'Applicant');
    applicants[key] = { person, applicationId: await applyTo(ctx, person, openingId) };
  }
  const { olena, petro, iryna } = applicants;
  // Olena: Accessibility 6 from Acme (domain verified), an older round's 2 not counted.
  const olenaJob = await reviewedJob(olena.person, acme, { Accessibility: 'exceptional', Typography: 'good' });
  const [older] = await ctx.database.db
    .insert(employmentReviews)
    .values({ employmentId: olenaJob.jobId, reviewerName: 'Reviewer', reviewedOn: '2025-06-01', isPublic: true })
    .returning();
  await ctx.database.db
    .insert(employmentReviewRatings)
    .values({ reviewId: older!.id, competencyId: olenaJob.competencyIds[0]!, rating: 'poor' });
  // Petro: Accessibility 4 from Beta (company confirmed only).
  await reviewedJob(petro.person, beta, { accessibility: 'satisfactory' });
  const db = ctx.database.db;
  await db.insert(skills).values([
    { userId: olena.person.id, name: 'Figma' },
    { userId: petro.person.id, name: 'figma' },
    { userId: iryna.person.id, name: 'Illustrator' },
    { userId: iryna.person.id, name: 'Motion  design' },
    { userId: petro.person.id, name: 'Sass' },
  ]);
  await db.insert(profileLanguages).values([
    { userId: olena.person.id, code: 'en', proficiency: 'C1' },
    { userId: petro.person.id, code: 'en', proficiency: 'B1' },
    { userId: iryna.person.id, code: 'uk', proficiency: 'native' },
  ]);
});
afterAll(async () => ctx.close());

describe('ratings', () => {
  it('owners and admins rate 1–5, each once; the pipeline shows the average, the count and the reader’s own', async () => {
    const url = pipelinePaths.rating(companyId, applicants.petro.applicationId);
    const owner = await call('owner', 'PUT', url, { rating: 5 });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(Applicant.parse(owner.json().data).rating).toEqual({ average: 5, count: 1, mine: 5 });
    expect((await call('admin', 'PUT', url, { rating: 2 })).statusCode).toBe(200);
    expect((await call('admin', 'PUT', url, { rating: 4 })).statusCode).toBe(200);
    const seen = (await list('', 'admin')).find((a) => a.id === applicants.petro.applicationId)!;
    expect(seen.rating).toEqual({ average: 4.5, count: 2, mine: 4 });
    // Taken back: the average is the owner's alone.
    const back = await call('admin', 'PUT', url, { rating: null });
    expect(Applicant.parse(back.json().data).rating).toEqual({ average: 5, count: 1, mine: null });
    expect((await call('admin', 'PUT', url, { rating: 4 })).statusCode).toBe(200);
  });

  it('answers 401 to anonymous callers and personal sessions, 404 to another company, 403 to a plain member', async () => {
    const url = pipelinePaths.rating(companyId, applicants.olena.applicationId);
    expect((await call('anonymous', 'PUT', url, { rating: 3 })).statusCode).toBe(401);
    expect((await call('outsider', 'PUT', url, { rating: 3 })).statusCode).toBe(401);
    expect((await call('otherAdmin', 'PUT', url, { rating: 3 })).statusCode).toBe(404);
    const member = await call('member', 'PUT', url, { rating: 3 });
    expect(member.statusCode).toBe(403);
    expect(expectErrorAnswer(member).code).toBe('role_forbidden');
    expect((await call('member', 'GET', pipelinePaths.applicants(companyId, openingId))).statusCode).toBe(403);
    expect((await list()).find((a) => a.id === applicants.olena.applicationId)!.rating).toEqual({ average: null, count: 0, mine: null });
  });

  it('never shows the applicant a rating', async () => {
    const { person } = applicants.petro;
    const mine = await ctx.app.inject({ method: 'GET', url: applicationPaths.mine, headers: bearer(person.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain('rating');
  });

  it('refuses a rating outside 1–5, not whole, missing or malformed, and an unknown application', async () => {
    const url = pipelinePaths.rating(companyId, applicants.olena.applicationId);
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 2.5 }, { rating: '3' }, {}]) {
      const res = await call('owner', 'PUT', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(expectErrorAnswer(res).violations?.[0]?.field).toBe('rating');
    }
    expect((await call('owner', 'PUT', url, '{"rating":')).statusCode).toBe(400);
    expect((await call('owner', 'PUT', pipelinePaths.rating(companyId, 999_999), { rating: 3 })).statusCode).toBe(404);
  });
});

describe('what the pipeline shows beside each applicant', () => {
  it('the latest public scores from past employers with the level of trust each has, skills and languages', async () => {
    const olena = (await list()).find((a) => a.id === applicants.olena.applicationId)!;
    expect(olena.competencies).toEqual([
      { name: 'Accessibility', score: 6, company: 'Acme Maps', domain: 'acme.test', reviewed_on: '2026-06-01', trust: 'domain_verified' },
      { name: 'Typography', score: 4, company: 'Acme Maps', domain: 'acme.test', reviewed_on: '2026-06-01', trust: 'domain_verified' },
    ]);
    expect(olena.skills).toEqual(['Figma']);
    expect(olena.languages).toEqual([{ code: 'en', level: 'C1' }]);
    const petro = (await list()).find((a) => a.id === applicants.petro.applicationId)!;
    expect(petro.competencies).toEqual([
      { name: 'accessibility', score: 3, company: 'Beta Charts', domain: null, reviewed_on: '2026-06-01', trust: 'company_confirmed' },
    ]);
  });
});

describe('filters and sorts', () => {
  it('keeps applicants by a verified competency at a minimum score, at the trust asked for', async () => {
    expect(await names('?competency=Accessibility&min_score=5')).toEqual(['Olena']);
    expect((await names('?competency=%20accessibility%20&min_score=3')).sort()).toEqual(['Olena', 'Petro']);
    expect(await names('?competency=accessibility&min_score=3&trust=domain_verified')).toEqual(['Olena']);
    expect(await names('?competency=Accessibility&sort=competency')).toEqual(['Olena', 'Petro']);
    expect(await names('?competency=Cartography')).toEqual([]);
  });

  it('keeps applicants by a language at a level or above, and by a skill', async () => {
    expect((await names('?language=en')).sort()).toEqual(['Olena', 'Petro']);
    expect(await names('?language=en&level=B2')).toEqual(['Olena']);
    expect(await names('?language=uk&level=C2')).toEqual(['Iryna']);
    expect((await names('?skill=FIGMA')).sort()).toEqual(['Olena', 'Petro']);
    expect(await names('?skill=figma&language=en&level=C1')).toEqual(['Olena']);
    // Spacing aside, and only spacing: the letter s is a letter.
    expect(await names('?skill=motion%20design')).toEqual(['Iryna']);
    expect(await names('?skill=sa')).toEqual([]);
  });

  it('sorts by the company’s rating, newest first otherwise', async () => {
    expect(await names('?sort=rating')).toEqual(['Petro', 'Iryna', 'Olena']);
    expect(await names()).toEqual(['Iryna', 'Petro', 'Olena']);
  });

  it('answers bad filters with a clear 422 on the field, in the caller’s language', async () => {
    for (const [query, field] of [
      ['?min_score=5', 'min_score'],
      ['?competency=A&min_score=7', 'min_score'],
      ['?competency=A&min_score=x', 'min_score'],
      ['?level=B2', 'level'],
      ['?language=english', 'language'],
      ['?language=en&level=Z9', 'level'],
      ['?sort=competency', 'sort'],
      ['?sort=random', 'sort'],
      ['?trust=self_declared', 'trust'],
      [`?skill=${'x'.repeat(101)}`, 'skill'],
    ] as const) {
      const res = await call('owner', 'GET', `${pipelinePaths.applicants(companyId, openingId)}${query}&locale=uk_UA`);
      expect(res.statusCode, query).toBe(422);
      const violation = expectErrorAnswer(res).violations?.find((v) => v.field === field);
      expect(violation, query).toBeDefined();
      expect(violation!.title).toMatch(/[а-яіїє]/i);
    }
  });
});
