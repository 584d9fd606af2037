// Applying (decision 262) over the API, on PGlite and PostgreSQL alike: a signed-in person
// applies to a published opening once (a second try is 409 already_applied), with a cover note and a
// document uploaded through the upload path; drafts are 404, closed or expired openings 409; the
// preview names what the company will see; withdrawing removes the application and its document;
// applying is rate-limited; a closed account's applications are removed; bad input is a clear 4xx.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationPaths, applyRate, ApplyPreview, MyApplication } from '../../contract/applications.ts';
import { openingPaths, Opening, type SaveOpeningRequest } from '../../contract/jobs.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { jobApplications } from '../db/jobs-schema.ts';
import { files } from '../db/profile-schema.ts';
import { users } from '../db/schema.ts';
import { bearer, createUser } from '../test/auth-helpers.ts';
import { createCompany, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { multipartFile } from '../test/multipart.ts';
import { sampleFiles } from '../test/sample-files.ts';

let ctx: TestContext;
let companyId: number;
let ownerSession: string;
let applicant: Person;
let other: Person;

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createPerson(ctx);
  [applicant, other] = await Promise.all([createPerson(ctx, { firstName: 'Olena' }), createPerson(ctx)]);
  companyId = await createCompany(ctx, owner, 'Northwind Studio');
  ownerSession = await enterCompany(ctx, owner, companyId);
});
afterAll(async () => ctx.close());

const opening = (title = 'Backend engineer'): SaveOpeningRequest => ({
  title,
  description: 'We build maps.',
  location: 'Kyiv',
  remote: false,
  employment_type: 'full_time',
  salary_min: null,
  salary_max: null,
  salary_currency: null,
  salary_period: null,
  competencies: [],
  skills: [],
  languages: [],
  team_id: null,
  closes_on: '2026-12-31',
});

async function newOpening(publish = true, title?: string): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: openingPaths.openings(companyId),
    headers: bearer(ownerSession),
    payload: opening(title),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = Opening.parse(res.json().data);
  if (publish)
    expect(
      (await ctx.app.inject({ method: 'POST', url: openingPaths.publish(companyId, id), headers: bearer(ownerSession) })).statusCode,
    ).toBe(200);
  return id;
}

const applyAs = (person: Person | null, payload: unknown, locale = 'en_GB') =>
  ctx.app.inject({
    method: 'POST',
    url: `${applicationPaths.mine}?locale=${locale}`,
    headers: { ...(person ? bearer(person.token) : {}), 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

async function uploadDocument(person: Person): Promise<number> {
  const body = multipartFile(sampleFiles.pdf(), 'cv <b>.pdf', { contentType: 'application/pdf' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: profileApiPaths.upload('media'),
    headers: { ...bearer(person.token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe('applying', () => {
  it('applies once with a cover note and a document; the second try is 409 already_applied', async () => {
    const openingId = await newOpening();
    const documentId = await uploadDocument(applicant);
    const res = await applyAs(applicant, {
      opening_id: openingId,
      cover_note: '<script>alert(1)</script> Hello',
      document_file_id: documentId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const application = MyApplication.parse(res.json().data);
    expect(application).toMatchObject({
      stage: 'applied',
      cover_note: '<script>alert(1)</script> Hello',
      document: { name: 'cv <b>.pdf', mime_type: 'application/pdf' },
      opening: { id: openingId, title: 'Backend engineer', company: { id: companyId, name: 'Northwind Studio' }, open: true },
    });
    const again = await applyAs(applicant, { opening_id: openingId, cover_note: null }, 'uk_UA');
    expect(again.statusCode).toBe(409);
    expect(expectErrorAnswer(again)).toMatchObject({ code: 'already_applied' });
    const mine = await ctx.app.inject({ method: 'GET', url: applicationPaths.mine, headers: bearer(applicant.token) });
    expect(mine.json().data.filter((a: MyApplication) => a.opening.id === openingId)).toHaveLength(1);
  });

  it('answers 404 for a draft or unknown opening and 409 opening_not_open for a closed or expired one', async () => {
    const draft = await newOpening(false);
    expect(expectErrorAnswer(await applyAs(applicant, { opening_id: draft })).code).toBe('not_found');
    expect((await applyAs(applicant, { opening_id: 999_999 })).statusCode).toBe(404);
    const closed = await newOpening();
    await ctx.app.inject({ method: 'POST', url: openingPaths.close(companyId, closed), headers: bearer(ownerSession) });
    const res = await applyAs(applicant, { opening_id: closed });
    expect(res.statusCode).toBe(409);
    expect(expectErrorAnswer(res).code).toBe('opening_not_open');
    const preview = await ctx.app.inject({ method: 'GET', url: applicationPaths.preview(draft), headers: bearer(applicant.token) });
    expect(preview.statusCode).toBe(404);
  });

  it('refuses anonymous callers, and another person’s document', async () => {
    const openingId = await newOpening();
    expect((await applyAs(null, { opening_id: openingId })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: applicationPaths.mine })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: applicationPaths.preview(openingId) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: applicationPaths.application(1) })).statusCode).toBe(401);
    const othersFile = await uploadDocument(other);
    const res = await applyAs(applicant, { opening_id: openingId, document_file_id: othersFile });
    expect(res.statusCode).toBe(422);
    expect(expectErrorAnswer(res).violations?.[0]?.field).toBe('document_file_id');
  });

  it('answers malformed and oversized input with a clear 4xx in the caller’s language', async () => {
    const openingId = await newOpening();
    const tooLong = await applyAs(applicant, { opening_id: openingId, cover_note: 'x'.repeat(3001) }, 'uk_UA');
    expect(tooLong.statusCode).toBe(422);
    const answer = expectErrorAnswer(tooLong);
    expect(answer.violations?.[0]?.field).toBe('cover_note');
    expect(answer.violations?.[0]?.title).toMatch(/[а-яіїє]/i);
    expect((await applyAs(applicant, { opening_id: 'one' })).statusCode).toBe(422);
    expect((await applyAs(applicant, { opening_id: openingId, cover_note: 5 })).statusCode).toBe(422);
    expect((await applyAs(applicant, '{"opening_id":')).statusCode).toBe(400);
    expect((await applyAs(applicant, { opening_id: openingId, cover_note: 'x'.repeat(2_000_000) })).statusCode).toBe(413);
    const badId = await ctx.app.inject({ method: 'DELETE', url: applicationPaths.application('abc'), headers: bearer(applicant.token) });
    expect(badId.statusCode).toBe(422);
  });

  it('previews exactly what the company will see: the jobs and each shared section', async () => {
    const openingId = await newOpening();
    const res = await ctx.app.inject({ method: 'GET', url: applicationPaths.preview(openingId), headers: bearer(applicant.token) });
    expect(res.statusCode, res.body).toBe(200);
    const preview = ApplyPreview.parse(res.json().data);
    expect(preview.application_id).toBeNull();
    expect(preview.profile.first_name).toBe('Olena');
    expect(preview.profile.sections.map((s) => s.section)).toEqual([
      'about',
      'skills',
      'languages',
      'educations',
      'certifications',
      'projects',
      'recommendations',
      'contact',
    ]);
    await applyAs(applicant, { opening_id: openingId });
    const after = await ctx.app.inject({ method: 'GET', url: applicationPaths.preview(openingId), headers: bearer(applicant.token) });
    expect(after.json().data.application_id).toEqual(expect.any(Number));
  });
});

describe('withdrawing', () => {
  it('removes the application and its document; another person gets 404; applying again is possible', async () => {
    const openingId = await newOpening();
    const documentId = await uploadDocument(applicant);
    const { id } = (await applyAs(applicant, { opening_id: openingId, document_file_id: documentId })).json().data;
    const byOther = await ctx.app.inject({ method: 'DELETE', url: applicationPaths.application(id), headers: bearer(other.token) });
    expect(byOther.statusCode).toBe(404);
    const res = await ctx.app.inject({ method: 'DELETE', url: applicationPaths.application(id), headers: bearer(applicant.token) });
    expect(res.statusCode).toBe(204);
    expect(await ctx.database.db.select().from(jobApplications).where(eq(jobApplications.id, id))).toEqual([]);
    expect(await ctx.database.db.select().from(files).where(eq(files.id, documentId))).toEqual([]);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: applicationPaths.application(id), headers: bearer(applicant.token) })).statusCode,
    ).toBe(404);
    expect((await applyAs(applicant, { opening_id: openingId })).statusCode).toBe(201);
  });
});

describe('limits and closing the account', () => {
  it(`takes ${applyRate.max} applications an hour from one person`, async () => {
    const person = await createPerson(ctx);
    const ids = [];
    for (let i = 0; i < applyRate.max; i += 1) ids.push(await newOpening(true, `Job ${i}`));
    for (const id of ids) expect((await applyAs(person, { opening_id: id })).statusCode).toBe(201);
    const over = await applyAs(person, { opening_id: await newOpening() });
    expect(over.statusCode).toBe(429);
    expect(expectErrorAnswer(over).code).toBe('too_many_requests');
    ctx.clock.advance(applyRate.windowMs + 1);
    expect((await applyAs(person, { opening_id: await newOpening() })).statusCode).toBe(201);
  });

  it('removes a closed account’s applications', async () => {
    const user = await createUser(ctx);
    const person = { id: user.id, email: user.email, token: user.token };
    const openingId = await newOpening();
    expect((await applyAs(person, { opening_id: openingId })).statusCode).toBe(201);
    const closed = await ctx.app.inject({
      method: 'POST',
      url: settingsApiPaths.closeAccount,
      headers: bearer(person.token),
      payload: { current_password: user.password },
    });
    expect(closed.statusCode, closed.body).toBeLessThan(300);
    const [account] = await ctx.database.db.select({ status: users.status }).from(users).where(eq(users.id, person.id));
    expect(account?.status).toBe('closed');
    expect(await ctx.database.db.select().from(jobApplications).where(eq(jobApplications.userId, person.id))).toEqual([]);
  });
});
