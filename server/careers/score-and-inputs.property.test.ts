// Properties over the API: the in-company score the pages show is exactly the contract's
// derivation of the stored rounds (N/A ignored, weights applied, within the scale), and no input of any
// careers endpoint, person-side or company-side, ever answers a 5xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careersPaths, companyCareersPaths, ratingScale } from '../../contract/careers.ts';
import { inCompanyScore, ratingValue } from '../../contract/employment-scores.ts';
import { arbitraryBody, expectNoServerError, propertyRuns } from '../test/arbitrary-input.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import type { Person } from '../test/company-helpers.ts';
import { addCompetency, assignReviewer, careersCompany, hireThroughInvitation, type CareersCompany } from './fixtures.ts';

let ctx: TestContext;
let company: CareersCompany;
let employee: Person;
let employmentId: number;
let reviewId: number;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  company = await careersCompany(ctx, 'Acme Ltd');
  ({ person: employee, employmentId } = await hireThroughInvitation(ctx, company));
  await assignReviewer(ctx, company, employmentId, company.reviewer.memberId);
  const competency = await addCompetency(ctx, company, 'Seed', 1);
  const review = await ctx.app.inject({
    method: 'POST',
    url: companyCareersPaths.reviews(company.companyId, employmentId),
    headers: bearer(company.reviewer.session),
    payload: { reviewed_on: '2026-11-22', ratings: [{ competency_id: competency, rating: 'good' }] },
  });
  reviewId = review.json().data.reviews[0].id;
});
afterAll(async () => ctx.close());

describe('the in-company score', () => {
  it('is the weighted average of the latest ratings, N/A left out, within the scale, as the contract computes it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            weight: fc.integer({ min: 1, max: 100 }),
            rounds: fc.array(fc.constantFrom(...ratingScale), { minLength: 1, maxLength: 2 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (competencies) => {
          const { employmentId: job, person } = await hireThroughInvitation(ctx, company, `Role ${++seq}`);
          const ids: number[] = [];
          for (const c of competencies) ids.push(await addCompetency(ctx, company, `Competency ${++seq}`, c.weight));
          // Round 1 rates every competency; round 2 those that have a second rating.
          for (const round of [0, 1]) {
            const ratings = competencies.flatMap((c, i) => (c.rounds[round] ? [{ competency_id: ids[i]!, rating: c.rounds[round]! }] : []));
            if (!ratings.length) continue;
            const res = await ctx.app.inject({
              method: 'POST',
              url: companyCareersPaths.reviews(company.companyId, job),
              headers: bearer(company.owner.session),
              payload: { reviewed_on: `2026-11-2${round + 1}`, ratings },
            });
            expect(res.statusCode, res.body).toBe(201);
          }
          const latest = competencies.map((c, i) => ({ rating: c.rounds.at(-1)!, weight: c.weight, id: ids[i]! }));
          const expected = inCompanyScore(latest);
          const details = (await ctx.app.inject({ method: 'GET', url: careersPaths.job(job), headers: bearer(person.token) })).json().data;
          const score = details.in_company_score;
          expect(score).toMatchObject({
            score: expected.score,
            counted: expected.counted,
            not_applicable: expected.notApplicable,
            total_weight: expected.totalWeight,
          });
          expect(score.counted).toBe(latest.filter((r) => ratingValue(r.rating) !== null).length);
          if (score.score !== null) {
            expect(score.score).toBeGreaterThanOrEqual(1);
            expect(score.score).toBeLessThanOrEqual(6);
          } else {
            expect(latest.every((r) => r.rating === 'na')).toBe(true);
          }
          // The inputs the page explains it with are exactly the rated competencies with their weights.
          const mine = new Set(ids);
          expect(
            score.inputs
              .filter((x: { competency_id: number }) => mine.has(x.competency_id))
              .map((x: { rating: string; weight: number }) => [x.rating, x.weight]),
          ).toEqual(latest.map((r) => [r.rating, r.weight]));
        },
      ),
      { numRuns: propertyRuns(12) },
    );
  }, 240_000);
});

const idText = fc.oneof(
  fc.constantFrom('1', '0', '-1', 'abc', '9007199254740993', '99999999999999999999', '1.5', '%00', 'null'),
  fc.nat().map(String),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const fields = [
  'experience_description',
  'technical_skills',
  'is_public',
  'text',
  'company_id',
  'message',
  'member_id',
  'position',
  'team_id',
  'start_date',
  'reviewer_member_id',
  'reviewed_on',
  'ratings',
  'planned_termination',
  'final_feedback',
  'collaboration_assessment',
  'name',
  'description',
  'weight',
  'decision',
];
const likely = [...ratingScale, 'confirm', 'decline', '2026-11-22', 'Engineer'];
const body = arbitraryBody(fields, likely);
const ratingBody = fc
  .array(
    fc.record({
      competency_id: fc.oneof(fc.integer(), fc.constant(1), fc.string()),
      rating: fc.oneof(fc.constantFrom(...ratingScale), fc.string()),
      comment: fc.oneof(fc.string(), fc.constant(null)),
    }),
    { maxLength: 3 },
  )
  .map((ratings) => ({ reviewed_on: '2026-11-22', ratings }));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const method = fc.constantFrom<Method>('GET', 'POST', 'PUT', 'DELETE');
const personRequest = fc.oneof(
  fc.tuple(method, idText, body).map(([m, id, payload]) => ({ side: 'person' as const, method: m, url: careersPaths.job(id), payload })),
  fc
    .tuple(idText, body)
    .map(([id, payload]) => ({ side: 'person' as const, method: 'PUT' as Method, url: careersPaths.experience(id), payload })),
  fc
    .tuple(method, idText, idText, body)
    .map(([m, id, review, payload]) => ({ side: 'person' as const, method: m, url: careersPaths.reviewVisibility(id, review), payload })),
  fc
    .tuple(method, idText, body)
    .map(([m, review, payload]) => ({ side: 'person' as const, method: m, url: careersPaths.reviewReply(employmentId, review), payload })),
  fc
    .tuple(method, body)
    .map(([m, payload]) => ({ side: 'person' as const, method: m, url: careersPaths.reviewReply(employmentId, reviewId), payload })),
  fc
    .tuple(method, idText, body)
    .map(([m, id, payload]) => ({ side: 'person' as const, method: m, url: careersPaths.finalFeedbackReply(id), payload })),
  fc
    .tuple(method, idText, idText)
    .map(([m, id, doc]) => ({ side: 'person' as const, method: m, url: careersPaths.document(id, doc), payload: undefined })),
  fc
    .tuple(idText, body)
    .map(([id, payload]) => ({ side: 'person' as const, method: 'POST' as Method, url: careersPaths.confirmation(id), payload })),
  fc
    .tuple(idText, body)
    .map(([id, payload]) => ({ side: 'person' as const, method: 'POST' as Method, url: careersPaths.documents(id), payload })),
);
const companyRequest = fc.oneof(
  fc.tuple(method, idText, body).map(([m, id, payload]) => ({
    side: 'company' as const,
    method: m,
    url: companyCareersPaths.employment(company.companyId, id),
    payload,
  })),
  fc
    .tuple(method, body)
    .map(([m, payload]) => ({ side: 'company' as const, method: m, url: companyCareersPaths.employments(company.companyId), payload })),
  fc.tuple(method, fc.oneof(body, ratingBody)).map(([m, payload]) => ({
    side: 'company' as const,
    method: m,
    url: companyCareersPaths.reviews(company.companyId, employmentId),
    payload,
  })),
  fc.tuple(idText, fc.oneof(body, ratingBody)).map(([id, payload]) => ({
    side: 'company' as const,
    method: 'PUT' as Method,
    url: companyCareersPaths.review(company.companyId, employmentId, id),
    payload,
  })),
  fc.tuple(method, body).map(([m, payload]) => ({
    side: 'company' as const,
    method: m,
    url: companyCareersPaths.endOfCollaboration(company.companyId, employmentId),
    payload,
  })),
  fc.tuple(method, idText, body).map(([m, id, payload]) => ({
    side: 'company' as const,
    method: m,
    url: companyCareersPaths.competency(company.companyId, id),
    payload,
  })),
  fc
    .tuple(method, body)
    .map(([m, payload]) => ({ side: 'company' as const, method: m, url: companyCareersPaths.competencies(company.companyId), payload })),
  fc.tuple(idText, body).map(([id, payload]) => ({
    side: 'company' as const,
    method: 'POST' as Method,
    url: companyCareersPaths.confirmationDecision(company.companyId, id),
    payload,
  })),
  fc.tuple(idText, body).map(([id, payload]) => ({
    side: 'company' as const,
    method: 'PUT' as Method,
    url: companyCareersPaths.employment(id, employmentId),
    payload,
  })),
);

describe('careers endpoints under arbitrary input', () => {
  it('never answer with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(personRequest, companyRequest), async (r) => {
        const token = r.side === 'person' ? employee.token : company.owner.session;
        const withBody = r.method !== 'GET' && r.payload !== undefined;
        const res = await ctx.app.inject({
          method: r.method,
          url: r.url,
          headers: { ...bearer(token), ...(withBody ? { 'content-type': 'application/json' } : {}) },
          ...(withBody ? { payload: JSON.stringify(r.payload) ?? 'null' } : {}),
        });
        expectNoServerError(res, `${r.method} ${r.url}`, r.payload);
      }),
      { numRuns: propertyRuns(300) },
    );
  }, 240_000);
});

describe('the OpenAPI document', () => {
  it('lists every careers route', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const expected: [string, string][] = [
      ['/api/careers', 'get'],
      ['/api/careers/{jobId}', 'get'],
      ['/api/careers/{jobId}/experience', 'put'],
      ['/api/careers/{jobId}/documents', 'post'],
      ['/api/careers/{jobId}/documents/{documentId}', 'get'],
      ['/api/careers/{jobId}/documents/{documentId}', 'delete'],
      ['/api/careers/{jobId}/reviews/{reviewId}/visibility', 'put'],
      ['/api/careers/{jobId}/reviews/{reviewId}/reply', 'put'],
      ['/api/careers/{jobId}/reviews/{reviewId}/reply', 'delete'],
      ['/api/careers/{jobId}/final-feedback/visibility', 'put'],
      ['/api/careers/{jobId}/final-feedback/reply', 'put'],
      ['/api/careers/{jobId}/final-feedback/reply', 'delete'],
      ['/api/careers/{jobId}/leave', 'post'],
      ['/api/careers/{jobId}/confirmation', 'post'],
      ['/api/companies/{companyId}/employments', 'get'],
      ['/api/companies/{companyId}/employments', 'post'],
      ['/api/companies/{companyId}/employments/{employmentId}', 'get'],
      ['/api/companies/{companyId}/employments/{employmentId}', 'put'],
      ['/api/companies/{companyId}/employments/{employmentId}/reviews', 'post'],
      ['/api/companies/{companyId}/employments/{employmentId}/reviews/{reviewId}', 'put'],
      ['/api/companies/{companyId}/employments/{employmentId}/end-of-collaboration', 'put'],
      ['/api/companies/{companyId}/competencies', 'get'],
      ['/api/companies/{companyId}/competencies', 'post'],
      ['/api/companies/{companyId}/competencies/{competencyId}', 'put'],
      ['/api/companies/{companyId}/competencies/{competencyId}', 'delete'],
      ['/api/companies/{companyId}/confirmations', 'get'],
      ['/api/companies/{companyId}/confirmations/{requestId}/decision', 'post'],
    ];
    for (const [path, verb] of expected) expect(doc.paths[path]?.[verb], `${verb} ${path}`).toBeDefined();
  });
});
