// The name a company confirmed with a verified job (decision 256): a credential and the
// verified CV carry it, not a name the person types afterwards (the audit renamed itself "Elon
// Musk"), until a member who may manage the job confirms the new name; who may do that, and what a
// stale or bad request gets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCareersPaths } from '../../contract/careers.ts';
import { credentialPaths } from '../../contract/credentials.ts';
import { cvPaths } from '../../contract/cv.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { bearer } from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { verifyCredential, type FetchText } from '../test/generic-verifier.ts';
import { appNetwork } from '../test/app-network.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { textOf } from '../test/pdf-text.ts';
import { careersCompany, hireThroughInvitation, type CareersCompany } from './fixtures.ts';

let ctx: TestContext;
let acme: CareersCompany;
let globex: CareersCompany;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await careersCompany(ctx, 'Acme Ltd');
  globex = await careersCompany(ctx, 'Globex');
});
afterAll(async () => ctx.close());

/** The network as an outside verifier sees it (the app in memory). */
const network: FetchText = (url) => appNetwork(ctx)(url);
const subjectName = (jws: string): string =>
  JSON.parse(Buffer.from(jws.split('.')[1]!, 'base64url').toString('utf8')).credentialSubject.name as string;

async function credential(token: string, jobId: number): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: credentialPaths.credential(jobId), headers: bearer(token), payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.jwt as string;
}
const details = async (session: string, jobId: number) => {
  const res = await ctx.app.inject({ method: 'GET', url: companyCareersPaths.employment(acme.companyId, jobId), headers: bearer(session) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { confirmed_name: string | null; person: { name: string } };
};
const rename = async (token: string, first: string, last: string) => {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: profileApiPaths.update,
    headers: bearer(token),
    payload: { first_name: first, last_name: last },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const confirm = (session: string | undefined, jobId: number, payload: unknown, companyId = acme.companyId) =>
  ctx.app.inject({
    method: 'PUT',
    url: companyCareersPaths.confirmedName(companyId, jobId),
    headers: session ? bearer(session) : {},
    payload: payload as never,
  });

describe('the name a company confirmed', () => {
  it('is recorded at the hire, stays in credentials and the CV after the person renames, and changes when the company confirms again', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Engineer');
    await rename(person.token, 'Olena', 'Kovalenko');
    // (The rename above came after the hire: the company confirmed the name the person had then.)
    const hired = await details(acme.owner.session, employmentId);
    expect(hired.person.name).toBe('Olena Kovalenko');
    const confirmedAtHire = hired.confirmed_name!;
    expect(confirmedAtHire).toMatch(/^Taras /);

    const first = await credential(person.token, employmentId);
    expect(subjectName(first)).toBe(confirmedAtHire);
    const cv = await ctx.app.inject({ method: 'GET', url: cvPaths.cv, headers: bearer(person.token) });
    expect(cv.statusCode).toBe(200);
    const text = await textOf(cv.rawPayload);
    expect(text).toContain('Olena Kovalenko');
    expect(text).toContain(`Confirmed by Acme Ltd · identity not verified · for ${confirmedAtHire}`);

    // A stale name (the person renamed again after the page was read) is refused, and nothing changes.
    await rename(person.token, 'Elon', 'Musk');
    const stale = await confirm(acme.owner.session, employmentId, { name: 'Olena Kovalenko' });
    expect(stale.statusCode).toBe(409);
    expect(expectErrorAnswer(stale).code).toBe('name_changed_since_seen');
    expect((await details(acme.owner.session, employmentId)).confirmed_name).toBe(confirmedAtHire);
    expect(subjectName(await credential(person.token, employmentId))).toBe(confirmedAtHire);

    // The company confirms the name it sees now: the old credential is revoked, the next one names the new name.
    const confirmed = await confirm(acme.admin.session, employmentId, { name: 'Elon Musk' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.confirmed_name).toBe('Elon Musk');
    expect((await verifyCredential(network, first, ctx.clock.now())).verdict).toBe('revoked');
    const second = await credential(person.token, employmentId);
    expect(subjectName(second)).toBe('Elon Musk');
    expect((await verifyCredential(network, second, ctx.clock.now())).verdict).toBe('valid');
    const after = await textOf((await ctx.app.inject({ method: 'GET', url: cvPaths.cv, headers: bearer(person.token) })).rawPayload);
    expect(after).toContain('Confirmed by Acme Ltd · identity not verified');
    expect(after).not.toContain('· for ');
  });

  it('may be confirmed only by a member who may manage the job: anonymous 401, a plain member 403, another company 403 or 404, the person themselves never', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Engineer');
    const name = (await details(acme.owner.session, employmentId)).person.name;
    expect((await confirm(undefined, employmentId, { name })).statusCode).toBe(401);
    expect((await confirm(acme.member.session, employmentId, { name })).statusCode).toBe(403);
    expect([403, 404]).toContain((await confirm(globex.owner.session, employmentId, { name })).statusCode);
    expect([403, 404]).toContain((await confirm(globex.owner.session, employmentId, { name }, globex.companyId)).statusCode);
    expect([401, 403]).toContain((await confirm(person.token, employmentId, { name })).statusCode);
    expect((await confirm(acme.owner.session, employmentId, { name })).statusCode).toBe(200);
  });

  it.each([
    ['no name', {}],
    ['an empty name', { name: '   ' }],
    ['a name too long', { name: 'x'.repeat(201) }],
    ['a number', { name: 42 }],
  ])('refuses %s with 422 on its field', async (_what, payload) => {
    const { employmentId } = await hireThroughInvitation(ctx, acme, 'Engineer');
    const res = await confirm(acme.owner.session, employmentId, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(expectErrorAnswer(res).violations?.map((v) => v.field)).toContain('name');
  });
});
