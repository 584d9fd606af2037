// A job the person added and the company then confirmed on request ("Ask … to confirm" → the owner
// confirms) is one job everywhere: the profile, the JSON Resume export and the CV
// list it once, verified, from the one list the profile shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careersPaths, companyCareersPaths } from '../../contract/careers.ts';
import { ProfilePage } from '../../contract/profile-sections.ts';
import { defaultPublicProfileSections, publicProfileApiPaths } from '../../contract/public-profile.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { experienceOf } from './cv-service.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createCompany, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let companyId: number;
let ownerSession: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createPerson(ctx, { firstName: 'Taras' });
  companyId = await createCompany(ctx, owner, 'Northwind Studio');
  ownerSession = await enterCompany(ctx, owner, companyId);
});
afterAll(async () => ctx.close());

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** The person adds a job at the company, asks it to confirm, and the owner confirms; the verified job's id. */
async function addThenConfirm(person: Person, position: string): Promise<number> {
  const added = await send('POST', profileApiPaths.section('employments'), person.token, {
    position,
    company_name: 'Northwind Studio',
    start_date: '2021-03-01',
    end_date: null,
    is_current: true,
  });
  expect(added.statusCode, added.body).toBe(201);
  const selfId = (added.json().data.employments as { id: number; position: string }[]).find((e) => e.position === position)!.id;
  const asked = await send('POST', careersPaths.confirmation(selfId), person.token, { company_id: companyId });
  expect(asked.statusCode, asked.body).toBe(201);
  const open = (await get(companyCareersPaths.confirmations(companyId), ownerSession)).json().data as {
    id: number;
    person: { user_id: number };
  }[];
  const request = open.find((r) => r.person.user_id === person.id)!;
  const decided = await send('POST', companyCareersPaths.confirmationDecision(companyId, request.id), ownerSession, {
    decision: 'confirm',
  });
  expect(decided.statusCode, decided.body).toBe(200);
  return decided.json().data.employment_id as number;
}

describe('a job added by the person and confirmed by the company on request', () => {
  it('is listed once, verified, on the profile, in the JSON Resume export and in the CV', async () => {
    const person = await createPerson(ctx, { firstName: 'Olena' });
    // A second, unconfirmed job stays in every export as the person's own.
    const own = await send('POST', profileApiPaths.section('employments'), person.token, {
      position: 'Junior designer',
      company_name: 'Small Shop',
      start_date: '2019-01-01',
      end_date: '2020-12-01',
      is_current: false,
    });
    expect(own.statusCode, own.body).toBe(201);
    const verifiedId = await addThenConfirm(person, 'Senior designer');

    const page = ProfilePage.parse((await get(profileApiPaths.page, person.token)).json().data);
    expect(page.jobs.map((j) => [j.position, j.company.name, j.verified])).toEqual([
      ['Senior designer', 'Northwind Studio', true],
      ['Junior designer', 'Small Shop', false],
    ]);

    const exported = await get(profileApiPaths.exportResume, person.token);
    expect(exported.statusCode).toBe(200);
    const work = (exported.json() as { work: { name: string; position: string; 'x-profiles-verified'?: boolean }[] }).work;
    expect(work.filter((w) => w.name === 'Northwind Studio')).toEqual([
      expect.objectContaining({ position: 'Senior designer', 'x-profiles-verified': true }),
    ]);
    expect(work.map((w) => [w.name, w.position, w['x-profiles-verified'] ?? false])).toEqual([
      ['Northwind Studio', 'Senior designer', true],
      ['Small Shop', 'Junior designer', false],
    ]);

    // The CV's experience: the same two jobs, the confirmed one carrying its verified job (its mark and credential).
    expect(experienceOf(page).map((j) => [j.company, j.title, j.verifiedJobId])).toEqual([
      ['Northwind Studio', 'Senior designer', verifiedId],
      ['Small Shop', 'Junior designer', null],
    ]);

    // The data export: one list of jobs, the confirmed one once, carrying the person's own entry.
    const data = (await get(settingsApiPaths.dataExport, person.token)).json() as {
      jobs: { level: string; id: number; position: string; own_entry: { position: string } | null }[];
    };
    expect(data.jobs.map((j) => [j.level, j.position])).toEqual([
      ['company_verified', 'Senior designer'],
      ['self_declared', 'Junior designer'],
    ]);
    expect(data.jobs[0]).toMatchObject({ id: verifiedId, own_entry: { position: 'Senior designer' } });

    // The public page: the confirmed job once.
    const address = `one-job-${person.id}`;
    const turnedOn = await send('PUT', publicProfileApiPaths.settings, person.token, {
      address,
      is_public: true,
      noindex: false,
      sections: defaultPublicProfileSections,
    });
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    const html = (await ctx.app.inject({ method: 'GET', url: `/in/${address}` })).body;
    // (The title, description and structured data name the current job too: count the listed jobs.)
    const listed = [...html.matchAll(/<li><h3>([^<]*)/g)].map((m) => m[1]);
    expect(listed.filter((title) => title === 'Senior designer')).toHaveLength(1);
    expect(listed.filter((title) => title === 'Junior designer')).toHaveLength(1);
    expect(html).toContain('<li><h3>Senior designer<span class="badge');
  });
});
