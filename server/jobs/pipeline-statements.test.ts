// The pipeline's page sends the same number of statements whatever its size and whatever its filters
// (decision 285), three of its own beside its applicants' jobs: its applicants' jobs, scores, skills and
// languages are read for the whole page at once, and the competency, language and skill filters and the rating sort are SQL over the opening,
// not a read of each applicant's profile. The page still shows what each applicant's profile shows.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicantsQuery } from '../../contract/applicant-ranking.ts';
import { pipelinePaths } from '../../contract/applications.ts';
import { ApplicantsPage } from '../../contract/jobs-pipeline.ts';
import { companyEmployments, competencies, employmentReviewRatings, employmentReviews } from '../db/careers-schema.ts';
import { employments, profileLanguages, skills } from '../db/profile-schema.ts';
import { companyMembers } from '../db/schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createCompany, createNamedPerson, createPerson } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { countingStatements } from '../test/statement-count.ts';
import { applyTo, hiringCompany, publishedOpening, type HiringCompany } from './fixtures.ts';
import { applicantsPage } from './pipeline.ts';
import { publicJobsOfPeople } from '../careers/public.ts';

let ctx: TestContext;
let company: HiringCompany;
let openingId: number;
const applicantCount = 5;

beforeAll(async () => {
  ctx = await createTestContext();
  company = await hiringCompany(ctx);
  openingId = await publishedOpening(ctx, company.companyId, company.sessions.owner);
  const pastEmployer = await createCompany(ctx, await createPerson(ctx), 'Acme Maps');
  const db = ctx.database.db;
  const [craft] = await db.insert(competencies).values({ companyId: pastEmployer, name: 'Craft', weight: 1 }).returning();
  // Every applicant has what the page reads beside them: a verified job with a public round, a job of
  // their own, a skill, a language and a rating, so each read happens for one applicant as for five.
  for (let i = 0; i < applicantCount; i++) {
    const person = await createNamedPerson(ctx, `Applicant${i}`, 'Person');
    const applicationId = await applyTo(ctx, person, openingId);
    ctx.clock.advance(60_000);
    const [job] = await db
      .insert(companyEmployments)
      .values({ companyId: pastEmployer, userId: person.id, position: 'Designer', startDate: '2024-01-01', source: 'workspace' })
      .returning();
    const [round] = await db
      .insert(employmentReviews)
      .values({ employmentId: job!.id, reviewerName: 'Reviewer', reviewedOn: '2026-06-01', isPublic: true })
      .returning();
    await db
      .insert(employmentReviewRatings)
      .values({ reviewId: round!.id, competencyId: craft!.id, rating: i % 2 ? 'good' : 'exceptional' });
    await db.insert(employments).values({ userId: person.id, position: 'Intern', companyName: 'Beta Charts', startDate: '2022-01-01' });
    await db.insert(skills).values({ userId: person.id, name: 'Figma' });
    await db.insert(profileLanguages).values({ userId: person.id, code: 'en', proficiency: 'C1' });
    const rated = await ctx.app.inject({
      method: 'PUT',
      url: pipelinePaths.rating(company.companyId, applicationId),
      headers: bearer(company.sessions.owner),
      payload: { rating: 1 + (i % 5) },
    });
    expect(rated.statusCode, rated.body).toBe(200);
  }
});
afterAll(async () => ctx.close());

/** The statements one page sends, counted on a handle only the page's service uses. */
async function statementsOf(query: Record<string, string>) {
  const { db } = ctx.database;
  const [member] = await db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, company.companyId), eq(companyMembers.userId, company.owner.id)));
  const actor = { userId: company.owner.id, companyId: company.companyId, memberId: member!.id, role: 'owner' as const };
  const counted = countingStatements(db);
  const page = await applicantsPage(counted.db, ctx.clock, actor, openingId, ApplicantsQuery.parse(query));
  return { statements: counted.statements(), page };
}

describe('the pipeline’s page', () => {
  it('sends as many statements for a page of five applicants as for one, with or without filters and sorts', async () => {
    const one = await statementsOf({ limit: '1' });
    expect(one.page.items).toHaveLength(1);
    const five = await statementsOf({ limit: '5' });
    expect(five.page.items).toHaveLength(applicantCount);
    expect(five.statements).toBe(one.statements);
    // Beside the applicants' jobs (the profile's own read), the page reads in three statements: the
    // opening, its stages and counts; the page's rows; each applicant's details.
    const jobs = countingStatements(ctx.database.db);
    await publicJobsOfPeople(
      jobs.db,
      ctx.clock,
      five.page.items.map((a) => a.person.user_id),
    );
    expect(five.statements).toBe(jobs.statements() + 3);
    const filtered = { competency: 'craft', min_score: '4', skill: 'figma', language: 'en', level: 'B2', sort: 'rating' };
    const filteredOne = await statementsOf({ ...filtered, limit: '1' });
    const filteredAll = await statementsOf({ ...filtered, limit: '5' });
    expect(filteredAll.page.items).toHaveLength(applicantCount);
    expect(filteredOne.statements).toBe(one.statements);
    expect(filteredAll.statements).toBe(one.statements);
    // A filter that keeps some: the exceptional ones (6), every other applicant.
    const best = await statementsOf({ competency: 'Craft', min_score: '6', sort: 'competency' });
    expect(best.page.items.map((a) => a.person.first_name)).toEqual(['Applicant4', 'Applicant2', 'Applicant0']);
    expect(best.statements).toBe(one.statements);
  });

  it('shows each applicant’s jobs, scores, skills and languages as their profile has them', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${pipelinePaths.applicants(company.companyId, openingId)}?sort=rating`,
      headers: bearer(company.sessions.owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = ApplicantsPage.parse(res.json().data);
    // Rated 5, 4, 3, 2, 1: Applicant4 first.
    expect(page.items.map((a) => a.rating.average)).toEqual([5, 4, 3, 2, 1]);
    for (const [i, applicant] of page.items.map((a) => [Number(a.person.first_name.slice(-1)), a] as const)) {
      expect(applicant.jobs.map((j) => [j.verified, j.company.name, j.position])).toEqual([
        [true, 'Acme Maps', 'Designer'],
        [false, 'Beta Charts', 'Intern'],
      ]);
      expect(applicant.competencies).toEqual([
        {
          name: 'Craft',
          score: i % 2 ? 4 : 6,
          company: 'Acme Maps',
          domain: null,
          reviewed_on: '2026-06-01',
          trust: 'company_confirmed',
        },
      ]);
      expect(applicant.skills).toEqual(['Figma']);
      expect(applicant.languages).toEqual([{ code: 'en', level: 'C1' }]);
    }
  });
});
