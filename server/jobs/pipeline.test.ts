// The pipeline (decision 262) over the API, on PGlite and PostgreSQL alike: who may read an
// opening's applicants, move them and write notes (anonymous, another person, another company's admin,
// a plain member, an admin, the owner); what the applicant sees of each stage (applied, offer, hired,
// rejected; never screening or interview, never the notes); the notification and mail in the
// applicant's language on rejected and offer; bad input a clear 4xx; a withdrawn application gone.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Applicant, applicationPaths, pipelinePaths, type ApplicationStage, type MyApplication } from '../../contract/applications.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { companyEmployments } from '../db/careers-schema.ts';
import { teams } from '../db/company-schema.ts';
import { jobOpenings } from '../db/jobs-schema.ts';
import { notifications } from '../db/notification-schema.ts';
import { companyMembers } from '../db/schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createPerson, type Person } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { applyTo as applyToOpening, hiringCompany, publishedOpening } from './fixtures.ts';
import { multipartFile } from '../test/multipart.ts';
import { sampleFiles } from '../test/sample-files.ts';

let ctx: TestContext;
let companyId: number;
let otherCompanyId: number;
let sessions: Record<'owner' | 'admin' | 'member' | 'otherAdmin', string>;
let outsider: Person;
let applicant: Person;
let openingId: number;
let applicationId: number;

type Who = keyof typeof sessions | 'anonymous' | 'outsider';
const headersOf = (who: Who): Record<string, string> =>
  who === 'anonymous' ? {} : who === 'outsider' ? bearer(outsider.token) : bearer(sessions[who]);
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, locale = 'en_GB') =>
  ctx.app.inject({
    method,
    url: `${url}?locale=${locale}`,
    headers: { ...headersOf(who), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });

const applyTo = (person: Person, id: number, documentFileId: number | null = null): Promise<number> =>
  applyToOpening(ctx, person, id, { cover_note: 'I <b>love</b> maps', document_file_id: documentFileId });

const mine = async (person: Person): Promise<MyApplication[]> =>
  (await ctx.app.inject({ method: 'GET', url: applicationPaths.mine, headers: bearer(person.token) })).json().data;
const move = (id: number, stage: ApplicationStage | string, who: Who = 'owner', locale = 'en_GB') =>
  call(who, 'PUT', pipelinePaths.stage(companyId, id), { stage }, locale);

beforeAll(async () => {
  ctx = await createTestContext();
  ({ companyId, otherCompanyId, sessions } = await hiringCompany(ctx));
  outsider = await createPerson(ctx);
  applicant = await createPerson(ctx, { firstName: 'Olena', locale: 'uk_UA' });
  openingId = await publishedOpening(ctx, companyId, sessions.owner, { title: 'Designer <img src=x onerror=alert(1)>', location: 'Lviv' });
  const upload = multipartFile(sampleFiles.pdf(), 'cv.pdf', { contentType: 'application/pdf' });
  const stored = await ctx.app.inject({
    method: 'POST',
    url: profileApiPaths.upload('media'),
    headers: { ...bearer(applicant.token), ...upload.headers },
    payload: upload.payload,
  });
  applicationId = await applyTo(applicant, openingId, stored.json().data.id);
});
afterAll(async () => ctx.close());

describe('who may see and move applicants', () => {
  it('owners and admins read an opening’s applicants with their profile, cover note and document', async () => {
    for (const who of ['owner', 'admin'] as const) {
      const res = await call(who, 'GET', pipelinePaths.applicants(companyId, openingId));
      expect(res.statusCode, res.body).toBe(200);
      const [first] = res.json().data.items.map((a: unknown) => Applicant.parse(a));
      expect(first).toMatchObject({
        id: applicationId,
        stage: 'applied',
        cover_note: 'I <b>love</b> maps',
        document: { name: 'cv.pdf', mime_type: 'application/pdf' },
        person: { user_id: applicant.id, first_name: 'Olena' },
        notes_count: 0,
      });
      const document = await call(who, 'GET', pipelinePaths.document(companyId, applicationId));
      expect(document.statusCode).toBe(200);
      expect(document.headers['content-disposition']).toContain('attachment');
      expect(document.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it('answers 401 to anonymous callers and personal sessions, 404 to another company, 403 to a plain member', async () => {
    const reads = [
      pipelinePaths.applicants(companyId, openingId),
      pipelinePaths.notes(companyId, applicationId),
      pipelinePaths.document(companyId, applicationId),
    ];
    for (const url of reads) {
      expect((await call('anonymous', 'GET', url)).statusCode, url).toBe(401);
      expect((await call('outsider', 'GET', url)).statusCode, url).toBe(401);
      expect((await call('otherAdmin', 'GET', url)).statusCode, url).toBe(404);
      const member = await call('member', 'GET', url);
      expect(member.statusCode, url).toBe(403);
      expect(expectErrorAnswer(member).code).toBe('role_forbidden');
    }
    for (const [method, url, body] of [
      ['PUT', pipelinePaths.stage(companyId, applicationId), { stage: 'screening' }],
      ['POST', pipelinePaths.notes(companyId, applicationId), { body: 'Strong portfolio' }],
    ] as const) {
      expect((await call('anonymous', method, url, body)).statusCode).toBe(401);
      expect((await call('outsider', method, url, body)).statusCode).toBe(401);
      expect((await call('otherAdmin', method, url, body)).statusCode).toBe(404);
      expect((await call('member', method, url, body)).statusCode).toBe(403);
    }
    // Another company's admin in their own workspace cannot reach this company's application by id.
    const sideways = await ctx.app.inject({
      method: 'PUT',
      url: pipelinePaths.stage(otherCompanyId, applicationId),
      headers: { ...bearer(sessions.otherAdmin), 'content-type': 'application/json' },
      payload: JSON.stringify({ stage: 'rejected' }),
    });
    expect(sideways.statusCode).toBe(404);
    expect((await call('owner', 'GET', pipelinePaths.applicants(companyId, openingId))).json().data.items[0].stage).toBe('applied');
  });
});

describe('stages and what the applicant sees', () => {
  it('keeps screening and interview internal, tells the applicant of an offer in their language, and shows it', async () => {
    const told = async () =>
      (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, applicant.id))).map((n) => n.kind);
    const before = ctx.mail.length;
    for (const stage of ['screening', 'interview'] as const) {
      const res = await move(applicationId, stage, 'admin');
      expect(res.statusCode, res.body).toBe(200);
      expect(Applicant.parse(res.json().data).stage).toBe(stage);
      expect((await mine(applicant))[0]?.stage).toBe('applied');
    }
    expect(await told()).toEqual([]);
    expect((await move(applicationId, 'offer')).statusCode).toBe(200);
    expect((await mine(applicant))[0]?.stage).toBe('offer');
    expect(await told()).toEqual(['application_offer']);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(applicant.token) });
    expect(list.json().data.items[0]).toMatchObject({
      kind: 'application_offer',
      scope: 'personal',
      company: { id: companyId, name: 'Northwind Studio' },
      subject: { type: 'application', id: applicationId, name: 'Designer <img src=x onerror=alert(1)>' },
    });
    await ctx.relay.drain();
    const mails = ctx.mail.slice(before).filter((m) => m.to === applicant.email);
    expect(mails.map((m) => m.text).join('\n')).toContain('Компанія Northwind Studio робить вам пропозицію щодо вакансії');
  });

  it('tells the applicant once of a rejection, and not again when it stays rejected', async () => {
    const other = await createPerson(ctx, { locale: 'en_GB' });
    const id = await applyTo(other, openingId);
    const before = ctx.mail.length;
    expect((await move(id, 'rejected')).statusCode).toBe(200);
    expect((await move(id, 'rejected')).statusCode).toBe(200);
    expect((await mine(other))[0]?.stage).toBe('rejected');
    const kinds = (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, other.id))).map((n) => n.kind);
    expect(kinds).toEqual(['application_rejected']);
    await ctx.relay.drain();
    const mails = ctx.mail.slice(before).filter((m) => m.to === other.email);
    expect(mails.map((m) => m.text).join('\n')).toContain('Northwind Studio decided not to go on with your application for');
    // Hired is its own step with a start date (below), never a plain move.
    expect(expectErrorAnswer(await move(id, 'hired')).violations?.[0]?.field).toBe('stage');
  });

  it('keeps notes to the company: written by owners and admins, read by them, never in the applicant’s answers', async () => {
    const added = await call('admin', 'POST', pipelinePaths.notes(companyId, applicationId), {
      body: '<script>x</script> Strong portfolio',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.at(-1)).toMatchObject({ body: '<script>x</script> Strong portfolio', author: { first_name: 'Member' } });
    const read = await call('owner', 'GET', pipelinePaths.notes(companyId, applicationId));
    expect(read.json().data).toHaveLength(1);
    expect(
      (await call('owner', 'GET', pipelinePaths.applicants(companyId, openingId)))
        .json()
        .data.items.find((a: Applicant) => a.id === applicationId).notes_count,
    ).toBe(1);
    expect(JSON.stringify(await mine(applicant))).not.toContain('Strong portfolio');
  });

  it('drops a withdrawn application from the pipeline', async () => {
    const person = await createPerson(ctx);
    const id = await applyTo(person, openingId);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: applicationPaths.application(id), headers: bearer(person.token) })).statusCode,
    ).toBe(204);
    const list = (await call('owner', 'GET', pipelinePaths.applicants(companyId, openingId))).json().data.items as Applicant[];
    expect(list.map((a) => a.id)).not.toContain(id);
    expect((await move(id, 'screening')).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it('answers an unknown stage, an empty or oversized note and malformed JSON with a clear 4xx', async () => {
    const stage = await move(applicationId, 'promoted', 'owner', 'uk_UA');
    expect(stage.statusCode).toBe(422);
    expect(expectErrorAnswer(stage).violations?.[0]?.field).toBe('stage');
    for (const body of ['', ' ', 'x'.repeat(2001)]) {
      const res = await call('owner', 'POST', pipelinePaths.notes(companyId, applicationId), { body }, 'uk_UA');
      expect(res.statusCode).toBe(422);
      expect(expectErrorAnswer(res).violations?.[0]?.title).toMatch(/[а-яіїє]/i);
    }
    expect((await call('owner', 'PUT', pipelinePaths.stage(companyId, applicationId), '{"stage":')).statusCode).toBe(400);
    expect((await call('owner', 'GET', pipelinePaths.applicants(companyId, 'abc'))).statusCode).toBe(422);
    expect((await call('owner', 'GET', pipelinePaths.applicants(companyId, 999_999))).statusCode).toBe(404);
    expect((await call('owner', 'PUT', pipelinePaths.stage(companyId, 999_999), { stage: 'offer' })).statusCode).toBe(404);
  });
});

describe('hiring from the pipeline', () => {
  it('makes the member and the company-verified job from the start date, tells the person, and closes the opening when asked', async () => {
    const person = await createPerson(ctx);
    const id = await applyTo(person, openingId);
    const [team] = await ctx.database.db.insert(teams).values({ companyId, name: 'Charts' }).returning({ id: teams.id });
    const url = pipelinePaths.hire(companyId, id);
    const body = { start_date: '2026-12-01', position: 'Senior designer', team_id: team!.id, close_opening: true };
    expect((await call('anonymous', 'POST', url, body)).statusCode).toBe(401);
    expect((await call('outsider', 'POST', url, body)).statusCode).toBe(401);
    expect((await call('otherAdmin', 'POST', url, body)).statusCode).toBe(404);
    expect((await call('member', 'POST', url, body)).statusCode).toBe(403);
    const early = await call('owner', 'POST', url, { ...body, start_date: '2020-01-01' });
    expect(expectErrorAnswer(early).violations?.[0]?.field).toBe('start_date');
    const foreignTeam = await call('owner', 'POST', url, { ...body, team_id: 999_999 }, 'uk_UA');
    expect(expectErrorAnswer(foreignTeam).violations?.[0]?.field).toBe('team_id');
    expect((await call('owner', 'POST', url, { ...body, start_date: '2026-02-30' })).statusCode).toBe(422);
    expect((await call('owner', 'POST', url, { ...body, close_opening: 'yes' })).statusCode).toBe(422);

    const res = await call('admin', 'POST', url, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(Applicant.parse(res.json().data).stage).toBe('hired');
    expect((await mine(person)).find((a) => a.id === id)?.stage).toBe('hired');
    const [job] = await ctx.database.db.select().from(companyEmployments).where(eq(companyEmployments.userId, person.id));
    expect(job).toMatchObject({
      companyId,
      position: 'Senior designer',
      startDate: '2026-12-01',
      teamId: team!.id,
      source: 'application',
      sourceId: id,
    });
    const memberships = await ctx.database.db.select().from(companyMembers).where(eq(companyMembers.userId, person.id));
    expect(memberships.map((m) => [m.companyId, m.role])).toEqual([[companyId, 'member']]);
    const kinds = (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, person.id))).map((n) => n.kind);
    expect(kinds).toContain('hired');
    const [opening] = await ctx.database.db.select().from(jobOpenings).where(eq(jobOpenings.id, openingId));
    expect(opening?.status).toBe('closed');
    const again = await call('owner', 'POST', url, body);
    expect(again.statusCode).toBe(409);
    expect(expectErrorAnswer(again).code).toBe('already_hired');
  });
});
