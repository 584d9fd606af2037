// One current verified employment per person and company (decision 166): joining again
// (an approved join request, an accepted invitation) keeps the job the company already verified, a
// confirmation of a current job joins the one there is, and the database refuses a second open one.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CareersResponse, careersPaths, companyCareersPaths } from '../../contract/careers.ts';
import { type CompanyEmployment } from '../../contract/careers-company.ts';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { companyEmployments } from '../db/careers-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createPerson, type Person } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { careersCompany, hireThroughInvitation, invitationToken, type CareersCompany, moveClock } from './fixtures.ts';

let ctx: TestContext;
let company: CareersCompany;

beforeAll(async () => {
  ctx = await createTestContext();
  company = await careersCompany(ctx, 'Northwind Studio');
});
afterAll(async () => ctx.close());

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A person whose current job at the company the company confirmed (no membership yet); its id. */
async function confirmedCurrentJob(person: Person, position = 'Illustrator'): Promise<number> {
  const page = await send('POST', profileApiPaths.section('employments'), person.token, {
    position,
    company_name: 'Northwind Studio',
    start_date: '2022-01-10',
    end_date: null,
    is_current: true,
  });
  expect(page.statusCode, page.body).toBe(201);
  const selfId = (page.json().data.employments as { id: number; position: string }[]).find((e) => e.position === position)!.id;
  expect((await send('POST', careersPaths.confirmation(selfId), person.token, { company_id: company.companyId })).statusCode).toBe(201);
  const open = (await get(companyCareersPaths.confirmations(company.companyId), company.admin.session)).json().data as {
    id: number;
    person: { user_id: number };
  }[];
  const request = open.find((r) => r.person.user_id === person.id)!;
  const decided = await send('POST', companyCareersPaths.confirmationDecision(company.companyId, request.id), company.admin.session, {
    decision: 'confirm',
  });
  expect(decided.statusCode, decided.body).toBe(200);
  return decided.json().data.employment_id as number;
}

const verifiedJobs = async (person: Person) =>
  CareersResponse.parse((await get(careersPaths.jobs, person.token)).json().data).jobs.filter((j) => j.verified);
const employeesNamed = async (person: Person) =>
  ((await get(companyCareersPaths.employments(company.companyId), company.owner.session)).json().data as CompanyEmployment[]).filter(
    (e) => e.person.user_id === person.id,
  );

describe('joining a company that already verified the job', () => {
  it('through an approved join request keeps the one verified job, on the careers page and in the employees list, and leaving ends it', async () => {
    const person = await createPerson(ctx, { firstName: 'Daryna' });
    const verifiedId = await confirmedCurrentJob(person);
    const asked = await send('POST', companyPublicPaths.joinRequests(company.companyId), person.token, { message: 'Hello again' });
    expect(asked.statusCode, asked.body).toBe(201);
    const open = (await get(workspacePaths.joinRequests(company.companyId), company.owner.session)).json().data as {
      id: number;
      user_id: number;
    }[];
    const approved = await send(
      'POST',
      workspacePaths.joinRequestDecision(company.companyId, open.find((r) => r.user_id === person.id)!.id),
      company.owner.session,
      { decision: 'approve' },
    );
    expect(approved.statusCode, approved.body).toBe(200);

    expect((await verifiedJobs(person)).map((j) => [j.id, j.position, j.is_current])).toEqual([[verifiedId, 'Illustrator', true]]);
    expect((await employeesNamed(person)).map((e) => [e.id, e.position, e.is_current])).toEqual([[verifiedId, 'Illustrator', true]]);

    const left = await send('POST', careersPaths.leave(verifiedId), person.token);
    expect(left.statusCode, left.body).toBe(200);
    await moveClock(ctx, company, 2 * 86_400_000);
    expect((await verifiedJobs(person)).filter((j) => j.is_current)).toEqual([]);
    await moveClock(ctx, company, -2 * 86_400_000);
  });

  it('through an accepted invitation keeps the one verified job', async () => {
    const person = await createPerson(ctx, { firstName: 'Bohdan' });
    const verifiedId = await confirmedCurrentJob(person, 'Animator');
    const invited = await send('POST', workspacePaths.invitations(company.companyId), company.owner.session, {
      email: person.email,
      position: 'Lead animator',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const accepted = await send('POST', companyPublicPaths.invitationAccept(await invitationToken(ctx, person.email)), person.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await verifiedJobs(person)).map((j) => [j.id, j.is_current])).toEqual([[verifiedId, true]]);
    expect((await employeesNamed(person)).map((e) => e.id)).toEqual([verifiedId]);
  });
});

describe('confirming a current job at a company that already employs the person', () => {
  it('joins the self-declared job to the verified one instead of adding a second', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Producer');
    const page = await send('POST', profileApiPaths.section('employments'), person.token, {
      position: 'Producer',
      company_name: 'Northwind Studio',
      start_date: '2021-05-01',
      end_date: null,
      is_current: true,
    });
    const selfId = page.json().data.employments[0].id as number;
    expect((await send('POST', careersPaths.confirmation(selfId), person.token, { company_id: company.companyId })).statusCode).toBe(201);
    const open = (await get(companyCareersPaths.confirmations(company.companyId), company.admin.session)).json().data as {
      id: number;
      person: { user_id: number };
    }[];
    const decided = await send(
      'POST',
      companyCareersPaths.confirmationDecision(company.companyId, open.find((r) => r.person.user_id === person.id)!.id),
      company.admin.session,
      {
        decision: 'confirm',
      },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data.employment_id).toBe(employmentId);
    expect((await verifiedJobs(person)).map((j) => [j.id, j.self_declared_id, j.start_date])).toEqual([
      [employmentId, selfId, '2021-05-01'],
    ]);
  });
});

describe('the end of a past job', () => {
  it('cannot move into the future while the person has another current job there (422, not a second current one)', async () => {
    const { person, employmentId: first } = await hireThroughInvitation(ctx, company, 'Colourist');
    const today = ctx.clock.now().toISOString().slice(0, 10);
    const end = (id: number, planned_termination: string | null) =>
      send('PUT', companyCareersPaths.endOfCollaboration(company.companyId, id), company.owner.session, {
        planned_termination,
        final_feedback: null,
        collaboration_assessment: null,
      });
    expect((await end(first, today)).statusCode).toBe(200);
    await moveClock(ctx, company, 2 * 86_400_000);
    try {
      const members = (await get(workspacePaths.members(company.companyId), company.owner.session)).json().data as {
        id: number;
        user_id: number;
      }[];
      const memberId = members.find((m) => m.user_id === person.id)!.id;
      const later = ctx.clock.now().toISOString().slice(0, 10);
      const hired = await send('POST', companyCareersPaths.employments(company.companyId), company.owner.session, {
        member_id: memberId,
        position: 'Senior colourist',
        start_date: later,
      });
      expect(hired.statusCode, hired.body).toBe(201);
      const reopened = await end(first, null);
      expect(reopened.statusCode, reopened.body).toBe(422);
      expect(reopened.json()).toMatchObject({ code: 'validation_failed', violations: [{ field: 'planned_termination' }] });
      expect((await verifiedJobs(person)).filter((j) => j.is_current).map((j) => j.position)).toEqual(['Senior colourist']);
    } finally {
      await moveClock(ctx, company, -2 * 86_400_000);
    }
  });
});

describe('the database', () => {
  it('refuses a second open-ended verified employment of one person at one company', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Editor');
    const [row] = await ctx.database.db
      .select()
      .from(companyEmployments)
      .where(and(eq(companyEmployments.id, employmentId)));
    const { id: _id, ...copy } = row!;
    await expect(ctx.database.db.insert(companyEmployments).values({ ...copy, position: null })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505' }),
    });
    expect((await verifiedJobs(person)).length).toBe(1);
  });
});
