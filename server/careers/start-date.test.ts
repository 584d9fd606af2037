// A confirmed job is dated by its start, not by the confirmation (decision 167): the
// person hears that the company confirmed their job (not that it hired them), the history records
// 'Confirmed by the company', and tenure and 'A year at one company' count from the start date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementApiPaths, AchievementsOverview } from '../../contract/achievements.ts';
import { careersPaths, companyCareersPaths, EmploymentDetails } from '../../contract/careers.ts';
import { notificationApiPaths, type Notification } from '../../contract/notifications.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createPerson, type Person } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { careersCompany, hireThroughInvitation, type CareersCompany } from './fixtures.ts';

let ctx: TestContext;
let company: CareersCompany;

beforeAll(async () => {
  ctx = await createTestContext();
  company = await careersCompany(ctx, 'Northwind Studio');
});
afterAll(async () => ctx.close());

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (url: string, token: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const yearAtCompany = async (person: Person) =>
  AchievementsOverview.parse((await get(achievementApiPaths.own, person.token)).json().data).items.find(
    (a) => a.code === 'year_at_company',
  )!;

describe('a confirmed job that began years ago', () => {
  it('is told as a confirmation, recorded as Confirmed by the company, and counts its tenure from its start date', async () => {
    const person = await createPerson(ctx, { firstName: 'Olena' });
    const page = await send(profileApiPaths.section('employments'), person.token, {
      position: 'Art director',
      company_name: 'Northwind Studio',
      start_date: '2022-01-10',
      end_date: null,
      is_current: true,
    });
    const selfId = page.json().data.employments[0].id as number;
    expect((await send(careersPaths.confirmation(selfId), person.token, { company_id: company.companyId })).statusCode).toBe(201);
    const open = (await get(companyCareersPaths.confirmations(company.companyId), company.admin.session)).json().data as {
      id: number;
      person: { user_id: number };
    }[];
    const decided = await send(
      companyCareersPaths.confirmationDecision(company.companyId, open.find((r) => r.person.user_id === person.id)!.id),
      company.admin.session,
      { decision: 'confirm' },
    );
    expect(decided.statusCode, decided.body).toBe(200);

    const told = ((await get(notificationApiPaths.list, person.token)).json().data.items as Notification[]).map((n) => n.kind);
    expect(told).toContain('confirmation_accepted');
    expect(told).not.toContain('hired');

    const job = EmploymentDetails.parse((await get(careersPaths.job(decided.json().data.employment_id), person.token)).json().data);
    expect(job).toMatchObject({ start_date: '2022-01-10', is_current: true });
    expect(job.months).toBeGreaterThan(50);
    expect(job.events.map((e) => [e.kind, e.occurred_at.slice(0, 10)])).toEqual([
      ['confirmed', ctx.clock.now().toISOString().slice(0, 10)],
    ]);

    expect(await yearAtCompany(person)).toMatchObject({ progress: 365, unlocked_at: expect.stringMatching(/^2023-01-10/) });

    // The job's Achievements card holds what this job earned, not the profile's other badges (point 7).
    for (const name of ['Figma', 'Blender', 'Krita', 'Inkscape', 'Procreate'])
      expect((await send(profileApiPaths.section('skills'), person.token, { name })).statusCode).toBe(201);
    const earned = AchievementsOverview.parse((await get(achievementApiPaths.own, person.token)).json().data)
      .items.filter((a) => a.unlocked_at !== null)
      .map((a) => a.code);
    expect(earned).toContain('five_skills');
    const again = EmploymentDetails.parse((await get(careersPaths.job(job.id), person.token)).json().data);
    expect(again.achievements.map((a) => a.code).sort()).toEqual(['first_job', 'verified_employment', 'year_at_company']);
  });

  it('leaves a new hire at the start of their first year, with the job step of their profile done (point 7)', async () => {
    const { person } = await hireThroughInvitation(ctx, company, 'Junior designer');
    expect(await yearAtCompany(person)).toMatchObject({ progress: 0, unlocked_at: null });
    const items = AchievementsOverview.parse((await get(achievementApiPaths.own, person.token)).json().data).items;
    expect(items.find((a) => a.code === 'profile_complete')).toMatchObject({ progress: 1 });
  });
});
