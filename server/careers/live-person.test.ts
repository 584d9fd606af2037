// The person's pages follow their jobs live: every committed change of a job of
// theirs, by a company or by themselves, sends `employment.changed` on their own user channel, so
// their open careers, job and profile pages read it again. A refused change sends nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careersPaths, companyCareersPaths } from '../../contract/careers.ts';
import { channelNames } from '../../contract/realtime.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createPerson } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { addCompetency, careersCompany, hireThroughInvitation, type CareersCompany } from './fixtures.ts';

let ctx: TestContext;
let company: CareersCompany;

beforeAll(async () => {
  ctx = await createTestContext();
  company = await careersCompany(ctx, 'Livewire Ltd');
});
afterAll(async () => ctx.close());

const send = (method: 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

/**
 * The `employment.changed` events sent to `userId` since `from`. The routes publish after the change
 * commits and before they answer; anything queued to run after the answer is waited for, not slept on.
 */
async function toldSince(userId: number, from: number): Promise<unknown[]> {
  await ctx.app.afterAnswer.settled();
  return ctx.realtime.sent
    .slice(from)
    .filter((m) => m.event === 'employment.changed' && m.channel === channelNames.user(userId))
    .map((m) => m.data);
}

describe('employment.changed on the person’s channel', () => {
  it('follows a confirmation, a review round, the end of the collaboration and leaving; a refused change sends nothing', async () => {
    const person = await createPerson(ctx, { firstName: 'Lesia' });
    const page = await send('POST', profileApiPaths.section('employments'), person.token, {
      position: 'Analyst',
      company_name: 'Livewire Ltd',
      start_date: '2022-01-01',
      end_date: null,
      is_current: true,
    });
    const selfId = page.json().data.employments[0].id as number;
    expect((await send('POST', careersPaths.confirmation(selfId), person.token, { company_id: company.companyId })).statusCode).toBe(201);
    const open = (
      await ctx.app.inject({
        method: 'GET',
        url: companyCareersPaths.confirmations(company.companyId),
        headers: bearer(company.admin.session),
      })
    ).json().data;
    const request = open.find((r: { person: { user_id: number } }) => r.person.user_id === person.id);

    let mark = ctx.realtime.sent.length;
    const decided = await send('POST', companyCareersPaths.confirmationDecision(company.companyId, request.id), company.admin.session, {
      decision: 'confirm',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    // The answer carries the contract's outcome only.
    expect(Object.keys(decided.json().data).sort()).toEqual(['employment_id', 'status']);
    const employmentId = decided.json().data.employment_id as number;
    expect(await toldSince(person.id, mark)).toEqual([{ employment_id: employmentId, company_id: company.companyId }]);

    const competency = await addCompetency(ctx, company, 'Analysis', 1);
    mark = ctx.realtime.sent.length;
    const round = await send('POST', companyCareersPaths.reviews(company.companyId, employmentId), company.admin.session, {
      reviewed_on: '2026-11-20',
      ratings: [{ competency_id: competency, rating: 'good' }],
    });
    expect(round.statusCode, round.body).toBe(201);
    expect(await toldSince(person.id, mark)).toEqual([{ employment_id: employmentId, company_id: null }]);

    mark = ctx.realtime.sent.length;
    const feedback = await send('PUT', companyCareersPaths.endOfCollaboration(company.companyId, employmentId), company.admin.session, {
      final_feedback: 'Thorough.',
      collaboration_assessment: 'good',
    });
    expect(feedback.statusCode, feedback.body).toBe(200);
    expect(await toldSince(person.id, mark)).toHaveLength(1);

    // A refused change (a member who may not review) tells nobody.
    mark = ctx.realtime.sent.length;
    const refused = await send('POST', companyCareersPaths.reviews(company.companyId, employmentId), company.member.session, {
      reviewed_on: '2026-11-21',
      ratings: [{ competency_id: competency, rating: 'good' }],
    });
    expect(refused.statusCode).toBe(403);
    expect(await toldSince(person.id, mark)).toEqual([]);

    // Leaving answers the job at once, and the person's other tabs hear of it.
    mark = ctx.realtime.sent.length;
    const left = await send('POST', careersPaths.leave(employmentId), person.token);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data.job).toMatchObject({ can_leave: false, is_current: true });
    expect(left.json().data.job.leaves_on).toBe(left.json().data.leaves_on);
    expect(await toldSince(person.id, mark)).toEqual([{ employment_id: employmentId, company_id: company.companyId }]);
  });

  it('follows a hire through an invitation and a decline of a confirmation', async () => {
    const mark = ctx.realtime.sent.length;
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Designer');
    expect(await toldSince(person.id, mark)).toContainEqual({ employment_id: null, company_id: company.companyId });
    expect(employmentId).toBeGreaterThan(0);

    const other = await createPerson(ctx, { firstName: 'Danylo' });
    const page = await send('POST', profileApiPaths.section('employments'), other.token, {
      position: 'Tester',
      company_name: 'Livewire Ltd',
      start_date: '2020-01-01',
      end_date: '2021-01-31',
      is_current: false,
    });
    const selfId = page.json().data.employments[0].id as number;
    await send('POST', careersPaths.confirmation(selfId), other.token, { company_id: company.companyId });
    const open = (
      await ctx.app.inject({
        method: 'GET',
        url: companyCareersPaths.confirmations(company.companyId),
        headers: bearer(company.admin.session),
      })
    ).json().data;
    const request = open.find((r: { person: { user_id: number } }) => r.person.user_id === other.id);
    const before = ctx.realtime.sent.length;
    expect(
      (
        await send('POST', companyCareersPaths.confirmationDecision(company.companyId, request.id), company.admin.session, {
          decision: 'decline',
        })
      ).statusCode,
    ).toBe(200);
    expect(await toldSince(other.id, before)).toEqual([{ employment_id: selfId, company_id: company.companyId }]);
  });
});
