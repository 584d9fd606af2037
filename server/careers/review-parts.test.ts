// The review rounds of many jobs, their ratings and the competencies they rate are read side by side
// (one wait, not three one after the other): every page that shows jobs waits for them, the profile,
// the CV and the pipeline's page of applicants among them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyEmployments, competencies, employmentReviewRatings, employmentReviews } from '../db/careers-schema.ts';
import { createCompany, createPerson } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { countingWaits } from '../test/statement-count.ts';
import { reviewPartsOf } from './read.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('review parts of many jobs', () => {
  it('reads the rounds, their ratings and the competencies in one wait, each round with its own ratings', async () => {
    const db = ctx.database.db;
    const employer = await createCompany(ctx, await createPerson(ctx), 'Acme Maps');
    const [craft] = await db
      .insert(competencies)
      .values([
        { companyId: employer, name: 'Craft', weight: 1 },
        { companyId: employer, name: 'Care', weight: 1 },
      ])
      .returning();
    const jobs = [];
    for (const rating of ['good', 'exceptional'] as const) {
      const person = await createPerson(ctx);
      const [job] = await db
        .insert(companyEmployments)
        .values({ companyId: employer, userId: person.id, position: 'Designer', startDate: '2024-01-01', source: 'workspace' })
        .returning();
      const [round] = await db
        .insert(employmentReviews)
        .values({ employmentId: job!.id, reviewerName: 'Reviewer', reviewedOn: '2026-06-01', isPublic: true })
        .returning();
      await db.insert(employmentReviewRatings).values({ reviewId: round!.id, competencyId: craft!.id, rating });
      jobs.push(job!);
    }
    const counted = countingWaits(db);
    const parts = await reviewPartsOf(counted.db, jobs);
    expect(jobs.map((job) => parts.get(job.id)!.reviews.map((r) => r.ratings.map((x) => [x.competency_name, x.rating])))).toEqual([
      [[['Craft', 'good']]],
      [[['Craft', 'exceptional']]],
    ]);
    // Care is not rated yet and still shows, as a competency of the company in use.
    expect(parts.get(jobs[0]!.id)!.competencies.map((c) => c.name)).toEqual(['Craft', 'Care']);
    expect(counted.waits()).toBe(1);
  });
});
