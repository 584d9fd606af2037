// The company's employees list reads the same number of statements whatever its length (it
// sent nine, several growing with the list's people, reviewers and rounds), and still shows each
// employment's person, reviewer, team, membership and in-company score.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCareersPaths } from '../../contract/careers.ts';
import { CompanyEmployment } from '../../contract/careers-company.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { countingStatements } from '../test/statement-count.ts';
import { listEmployments } from './company-service.ts';
import { addCompetency, assignReviewer, careersCompany, hireThroughInvitation, type CareersCompany } from './fixtures.ts';

let ctx: TestContext;
let company: CareersCompany;
beforeAll(async () => {
  ctx = await createTestContext();
  company = await careersCompany(ctx, 'Listco');
});
afterAll(async () => ctx.close());

const list = () =>
  ctx.app.inject({ method: 'GET', url: companyCareersPaths.employments(company.companyId), headers: bearer(company.owner.session) });

/**
 * The statements the list itself sends, counted on a handle of its own: the service runs on it alone,
 * so the guards' cached reads and other requests' work after their answer (mail, notifications) are
 * never counted. Then the list as the owner reads it through the API.
 */
async function readList() {
  const { db } = ctx.database;
  const actor = { userId: company.owner.person.id, companyId: company.companyId, memberId: company.owner.memberId, role: 'owner' as const };
  const counted = countingStatements(db);
  await listEmployments(counted.db, ctx.clock, actor);
  const res = await list();
  expect(res.statusCode, res.body).toBe(200);
  return { statements: counted.statements(), items: CompanyEmployment.array().parse(res.json().data) };
}

async function review(employmentId: number, reviewedOn: string, ratings: { competency_id: number; rating: string }[]) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: companyCareersPaths.reviews(company.companyId, employmentId),
    headers: bearer(company.reviewer.session),
    payload: { reviewed_on: reviewedOn, ratings },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('the employees list', () => {
  it('sends as many statements for many employments with reviewers and rounds as for one', async () => {
    const first = await hireThroughInvitation(ctx, company, 'Engineer');
    const one = await readList();
    expect(one.items).toHaveLength(1);

    const teamwork = await addCompetency(ctx, company, 'Teamwork', 2);
    const craft = await addCompetency(ctx, company, 'Craft', 1);
    for (let i = 0; i < 4; i += 1) {
      const { employmentId } = await hireThroughInvitation(ctx, company, `Engineer ${i}`);
      await assignReviewer(ctx, company, employmentId, company.reviewer.memberId, `Engineer ${i}`);
      await review(employmentId, '2026-11-20', [{ competency_id: teamwork, rating: 'good' }]);
    }
    await assignReviewer(ctx, company, first.employmentId, company.reviewer.memberId);
    await review(first.employmentId, '2026-11-20', [
      { competency_id: teamwork, rating: 'poor' },
      { competency_id: craft, rating: 'na' },
    ]);
    await review(first.employmentId, '2026-11-22', [
      { competency_id: teamwork, rating: 'excellent' },
      { competency_id: craft, rating: 'satisfactory' },
    ]);
    const many = await readList();
    expect(many.items).toHaveLength(5);
    expect(many.statements).toBe(one.statements);
    expect(many.statements).toBe(2);

    const firstListed = many.items.find((item) => item.id === first.employmentId)!;
    // The latest rating of each competency, weighted: (5 × 2 + 3 × 1) / 3.
    expect(firstListed.in_company_score).toBe(4.33);
    expect(firstListed.person).toMatchObject({ user_id: first.person.id, name: expect.stringContaining('Taras') });
    expect(firstListed.person.member_id).toEqual(expect.any(Number));
    expect(firstListed.reviewer).toMatchObject({ member_id: company.reviewer.memberId, user_id: company.reviewer.person.id });
    expect(firstListed.reviewer!.name).not.toBe('');
    expect(many.items.filter((item) => item.id !== first.employmentId).every((item) => item.in_company_score === 4)).toBe(true);
  });
});
