// Portable trust (decision 190): a company-verified job's credential downloaded by its person
// only, checked by a generic verifier (jose and a did:web resolver, no product code) through the DID
// document and the status list the app serves: valid, one tampered character, another company's key,
// revoked when the company corrects or ends the job, the person leaves or closes the account, and a
// rotated key still verifying what it signed.
import { eq } from 'drizzle-orm';
import { CompactSign, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careersPaths, companyCareersPaths } from '../../contract/careers.ts';
import { companyDid, credentialPaths, credentialPublicPaths, didWebDocumentUrl, statusListMaxAge } from '../../contract/credentials.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { hashPassword } from '../shared/auth/passwords.ts';
import { credentialKeys, issuedCredentials } from '../db/credentials-schema.ts';
import { publicProfiles } from '../db/public-profile-schema.ts';
import { users } from '../db/schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createPerson } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { verifyCredential, type FetchText } from '../test/generic-verifier.ts';
import { appNetwork } from '../test/app-network.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { openPrivateKey, rotateCompanyKey } from './credential-keys.ts';
import { statusBitOf } from './credential-status.ts';
import { addCompetency, assignReviewer, careersCompany, hireThroughInvitation, type CareersCompany } from './fixtures.ts';

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

const download = (token: string | undefined, jobId: number | string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url: credentialPaths.credential(jobId), headers: token ? bearer(token) : {}, payload: payload ?? {} });

async function credentialOf(token: string, jobId: number, payload?: object): Promise<string> {
  const res = await download(token, jobId, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.jwt as string;
}

// Read loosely, like an answer's json(): the assertions say what must be there.
const payloadOf = (jws: string): ReturnType<typeof JSON.parse> => JSON.parse(Buffer.from(jws.split('.')[1]!, 'base64url').toString('utf8'));
const verify = (jws: string) => verifyCredential(network, jws, ctx.clock.now());

describe('downloading a credential', () => {
  it('answers the owner only: anonymous 401, another person 404, a self-declared job 409, bad input 422', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Engineer');
    expect(expectErrorAnswer(await download(undefined, employmentId)).code).toBe('unauthenticated');
    const stranger = await createPerson(ctx);
    const theirs = await download(stranger.token, employmentId);
    expect([theirs.statusCode, expectErrorAnswer(theirs).code]).toEqual([404, 'not_found']);
    const self = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/employments',
      headers: bearer(person.token),
      payload: { position: 'Designer', company_name: 'Somewhere Else', start_date: '2020-01-01', end_date: null, is_current: true },
    });
    expect(self.statusCode, self.body).toBeLessThan(300);
    const selfId = Math.max(...(self.json().data.employments as { id: number }[]).map((e) => e.id));
    const notVerified = await download(person.token, selfId);
    expect([notVerified.statusCode, expectErrorAnswer(notVerified).code]).toEqual([409, 'job_not_verified']);
    expect((await download(person.token, 'abc')).statusCode).toBe(422);
    const badBody = await download(person.token, employmentId, { include_review: 'yes' });
    expect([badBody.statusCode, expectErrorAnswer(badBody).code]).toEqual([422, 'validation_failed']);
    const unknownField = await download(person.token, employmentId, { include_everything: true });
    expect(unknownField.statusCode).toBe(422);

    const mine = await download(person.token, employmentId);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.json().data).toMatchObject({
      file_name: expect.stringMatching(/^credential-acme-ltd-\d+-verify-at-localhost\.jwt$/),
      includes_review: false,
    });
    // The same job, unchanged: the same credential, not a new bit in the list.
    expect((await download(person.token, employmentId)).json().data.jwt).toBe(mine.json().data.jwt);
  });

  it('states the issuer, the person, the position, dates and team in VC 2.0 with schema.org terms, signed EdDSA by the company did:web', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Analyst');
    const jws = await credentialOf(person.token, employmentId);
    const header = JSON.parse(Buffer.from(jws.split('.')[0]!, 'base64url').toString('utf8'));
    const did = companyDid(ctx.config.publicSiteUrl, acme.companyId);
    expect(did).toBe(`did:web:localhost%3A4321:companies:${acme.companyId}`);
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt', kid: expect.stringMatching(new RegExp(`^${did}#`)) });
    const vc = payloadOf(jws);
    expect(vc['@context'][0]).toBe('https://www.w3.org/ns/credentials/v2');
    expect(vc.type).toEqual(['VerifiableCredential', 'EmploymentCredential']);
    expect(vc.issuer).toEqual({ id: did, name: 'Acme Ltd' });
    // No public page: no address, as a verifier cannot open the signed-in profile.
    expect(vc.credentialSubject.id).toBeUndefined();
    expect(vc.credentialSubject).toMatchObject({
      type: 'Person',
      name: expect.stringMatching(/^Taras /),
      worksFor: {
        type: 'EmployeeRole',
        roleName: 'Analyst',
        startDate: expect.any(String),
        worksFor: { type: 'Organization', id: did, name: 'Acme Ltd' },
      },
    });
    expect(vc.credentialStatus).toMatchObject({
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListCredential: `${ctx.config.publicSiteUrl}${credentialPublicPaths.statusList(acme.companyId)}`,
    });
    expect(await verify(jws)).toMatchObject({ verdict: 'valid' });
  });

  it('names the person by their public profile address while it is on (decision 208)', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Analyst');
    const address = `taras-${person.id}`;
    await ctx.database.db.insert(publicProfiles).values({ userId: person.id, address, isPublic: true });
    const vc = payloadOf(await credentialOf(person.token, employmentId));
    expect(vc.credentialSubject.id).toBe(`${ctx.config.publicSiteUrl}/in/${address}`);
  });

  it('carries the latest public review round only when the person asks for it', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Tester');
    const care = await addCompetency(ctx, acme, 'Care', 2);
    await assignReviewer(ctx, acme, employmentId, acme.reviewer.memberId, 'Tester');
    const round = await ctx.app.inject({
      method: 'POST',
      url: companyCareersPaths.reviews(acme.companyId, employmentId),
      headers: bearer(acme.reviewer.session),
      payload: { reviewed_on: '2026-11-22', ratings: [{ competency_id: care, rating: 'excellent' }] },
    });
    expect(round.statusCode, round.body).toBe(201);
    const reviewId = round.json().data.reviews.at(-1).id as number;
    // Not public yet: nothing to carry.
    expect(
      payloadOf(await credentialOf(person.token, employmentId, { include_review: true })).credentialSubject.worksFor.review,
    ).toBeUndefined();
    const shown = await ctx.app.inject({
      method: 'PUT',
      url: careersPaths.reviewVisibility(employmentId, reviewId),
      headers: bearer(person.token),
      payload: { is_public: true },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const withReview = await credentialOf(person.token, employmentId, { include_review: true });
    expect(payloadOf(withReview).credentialSubject.worksFor.review).toMatchObject({
      type: 'Review',
      datePublished: '2026-11-22',
      reviewRating: [
        { reviewAspect: 'In-company score', ratingValue: 5, bestRating: 6 },
        { reviewAspect: 'Care', ratingValue: 5, ratingExplanation: 'excellent' },
      ],
    });
    const without = await credentialOf(person.token, employmentId);
    expect(payloadOf(without).credentialSubject.worksFor.review).toBeUndefined();
    expect((await verify(withReview)).verdict).toBe('valid');
    // Hiding the round again makes the credential that carries it untrue; the one without stays.
    await ctx.app.inject({
      method: 'PUT',
      url: careersPaths.reviewVisibility(employmentId, reviewId),
      headers: bearer(person.token),
      payload: { is_public: false },
    });
    expect((await verify(withReview)).verdict).toBe('revoked');
    expect((await verify(without)).verdict).toBe('valid');
  });
});

describe('a generic verifier (jose and a did:web resolver, no product code)', () => {
  it('finds the DID document where did:web resolution looks, with the keys as JWKs, readable from anywhere and cacheable', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme);
    await credentialOf(person.token, employmentId);
    const did = companyDid(ctx.config.publicSiteUrl, acme.companyId);
    expect(didWebDocumentUrl(did)).toBe(`http://localhost:4321/companies/${acme.companyId}/did.json`);
    const res = await ctx.app.inject({ method: 'GET', url: credentialPublicPaths.didDocument(acme.companyId) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const document = JSON.parse(res.body);
    expect(document.id).toBe(did);
    expect(document.verificationMethod[0]).toMatchObject({
      type: 'JsonWebKey2020',
      controller: did,
      publicKeyJwk: { kty: 'OKP', crv: 'Ed25519', x: expect.any(String) },
    });
    expect(document.verificationMethod[0].publicKeyJwk.d).toBeUndefined();
    const list = await ctx.app.inject({ method: 'GET', url: credentialPublicPaths.statusList(acme.companyId) });
    expect([list.statusCode, list.headers['content-type'], list.headers['cache-control']]).toEqual([
      200,
      'application/vc+jwt',
      `public, max-age=${statusListMaxAge}`,
    ]);
    expect(list.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers 404 for a company that never issued, and 422 for an address that names no company', async () => {
    const quiet = await careersCompany(ctx, 'Quiet Co');
    for (const url of [
      credentialPublicPaths.didDocument(quiet.companyId),
      credentialPublicPaths.statusList(quiet.companyId),
      credentialPublicPaths.didDocument(999_999),
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect([res.statusCode, expectErrorAnswer(res).code], url).toEqual([404, 'not_found']);
    }
    const bad = await ctx.app.inject({ method: 'GET', url: credentialPublicPaths.didDocument('not-a-number') });
    expect(bad.statusCode).toBe(422);
  });

  it('says tampered for one changed character of the payload, and for a signature by another company key', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Engineer');
    const jws = await credentialOf(person.token, employmentId);
    const [head, body, signature] = jws.split('.') as [string, string, string];
    const changed = Buffer.from(body, 'base64url').toString('utf8').replace('"Engineer"', '"Engineeq"');
    expect((await verify(`${head}.${Buffer.from(changed).toString('base64url')}.${signature}`)).verdict).toBe('tampered');
    // One character of the encoded payload itself.
    const flipped = body.slice(0, 40) + (body[40] === 'A' ? 'B' : 'A') + body.slice(41);
    expect((await verify(`${head}.${flipped}.${signature}`)).verdict).toBe('tampered');

    // Globex's key (as a dishonest Globex could use it) signing a claim in Acme's name.
    const other = await hireThroughInvitation(ctx, globex);
    await credentialOf(other.person.token, other.employmentId);
    const [globexKey] = await ctx.database.db.select().from(credentialKeys).where(eq(credentialKeys.companyId, globex.companyId));
    const privateJwk = JSON.parse(openPrivateKey(ctx.config.credentialKey, globex.companyId, globexKey!.privateJwkEncrypted)) as JWK;
    const globexSigningKey = await importJWK(privateJwk, 'EdDSA');
    const sign = (kid: string) =>
      new CompactSign(Buffer.from(changed)).setProtectedHeader({ alg: 'EdDSA', typ: 'vc+jwt', kid }).sign(globexSigningKey);
    const acmeKid = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')).kid as string;
    // Under Acme's key id: the signature does not hold.
    expect((await verify(await sign(acmeKid))).verdict).toBe('tampered');
    // Under Globex's own key id: the key is not the issuer's.
    expect((await verify(await sign(`${companyDid(ctx.config.publicSiteUrl, globex.companyId)}#${globexKey!.thumbprint}`))).verdict).toBe(
      'unknown_issuer',
    );
    // An issuer whose DID resolves nowhere.
    const nowhere = JSON.stringify({ ...payloadOf(jws), issuer: { id: 'did:web:localhost%3A4321:companies:999999' } });
    const forged = await new CompactSign(Buffer.from(nowhere))
      .setProtectedHeader({ alg: 'EdDSA', kid: 'did:web:localhost%3A4321:companies:999999#k' })
      .sign(globexSigningKey);
    expect((await verify(forged)).verdict).toBe('unknown_issuer');
  });

  it('says not yet valid before validFrom', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme);
    const jws = await credentialOf(person.token, employmentId);
    expect((await verifyCredential(network, jws, new Date(ctx.clock.now().getTime() - 60_000))).verdict).toBe('not_yet_valid');
  });
});

describe('revocation (Bitstring Status List)', () => {
  const bitOf = async (companyId: number, jws: string) => {
    const list = await ctx.app.inject({ method: 'GET', url: credentialPublicPaths.statusList(companyId) });
    const listPayload = payloadOf(list.body);
    return statusBitOf(listPayload.credentialSubject.encodedList, Number(payloadOf(jws).credentialStatus.statusListIndex));
  };

  it('flips when the company corrects the job, and the person then gets a new, valid one', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Engineer');
    const first = await credentialOf(person.token, employmentId);
    expect(await bitOf(acme.companyId, first)).toBe(false);
    await assignReviewer(ctx, acme, employmentId, null, 'Senior Engineer');
    expect((await verify(first)).verdict).toBe('revoked');
    expect(await bitOf(acme.companyId, first)).toBe(true);
    const second = await credentialOf(person.token, employmentId);
    expect(second).not.toBe(first);
    expect(payloadOf(second).credentialSubject.worksFor.roleName).toBe('Senior Engineer');
    expect((await verify(second)).verdict).toBe('valid');
  });

  it('flips when the company ends the job; the new one carries the end date', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Engineer');
    const first = await credentialOf(person.token, employmentId);
    const ended = await ctx.app.inject({
      method: 'PUT',
      url: companyCareersPaths.endOfCollaboration(acme.companyId, employmentId),
      headers: bearer(acme.owner.session),
      payload: { planned_termination: '2026-12-31', final_feedback: null, collaboration_assessment: null },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await verify(first)).verdict).toBe('revoked');
    const second = await credentialOf(person.token, employmentId);
    expect(payloadOf(second).credentialSubject.worksFor.endDate).toBe('2026-12-31');
    expect((await verify(second)).verdict).toBe('valid');
  });

  it('flips when the person leaves the company', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Engineer');
    const first = await credentialOf(person.token, employmentId);
    const left = await ctx.app.inject({ method: 'POST', url: careersPaths.leave(employmentId), headers: bearer(person.token) });
    expect(left.statusCode, left.body).toBe(200);
    expect((await verify(first)).verdict).toBe('revoked');
  });

  it('flips when the company is renamed; the new one names the company as it is now', async () => {
    const renamed = await careersCompany(ctx, 'Initech');
    const { person, employmentId } = await hireThroughInvitation(ctx, renamed, 'Engineer');
    const first = await credentialOf(person.token, employmentId);
    expect(payloadOf(first).issuer.name).toBe('Initech');
    // Saving the brand page without changing the name keeps the credential valid.
    const brand = (name: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: workspacePaths.brand(renamed.companyId),
        headers: bearer(renamed.owner.session),
        payload: { name, industry_id: null },
      });
    expect((await brand('Initech')).statusCode).toBe(200);
    expect((await verify(first)).verdict).toBe('valid');
    expect((await brand('Initrode')).statusCode).toBe(200);
    expect((await verify(first)).verdict).toBe('revoked');
    const [row] = await ctx.database.db.select().from(issuedCredentials).where(eq(issuedCredentials.jwt, first));
    expect(row?.revocationReason).toBe('company_renamed');
    const second = await credentialOf(person.token, employmentId);
    expect(payloadOf(second).issuer.name).toBe('Initrode');
    expect((await verify(second)).verdict).toBe('valid');
  });

  it('flips when the person closes the account (the job is deleted, its bit stays taken)', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Engineer');
    const jws = await credentialOf(person.token, employmentId);
    await ctx.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('Sturdy-Passw0rd') })
      .where(eq(users.id, person.id));
    const closed = await ctx.app.inject({
      method: 'POST',
      url: settingsApiPaths.closeAccount,
      headers: bearer(person.token),
      payload: { current_password: 'Sturdy-Passw0rd' },
    });
    expect(closed.statusCode, closed.body).toBe(204);
    expect((await verify(jws)).verdict).toBe('revoked');
    const [row] = await ctx.database.db.select().from(issuedCredentials).where(eq(issuedCredentials.jwt, jws));
    expect(row).toMatchObject({ companyEmploymentId: null, revocationReason: 'job_removed' });
  });
});

describe('the exports', () => {
  it('JSON Resume: each verified job is a work entry carrying its current credential; the full data export lists every credential with its status', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Archivist');
    const before = await credentialOf(person.token, employmentId);
    await assignReviewer(ctx, acme, employmentId, null, 'Chief Archivist');
    const resume = await ctx.app.inject({ method: 'GET', url: profileApiPaths.exportResume, headers: bearer(person.token) });
    expect(resume.statusCode, resume.body).toBe(200);
    const work = (JSON.parse(resume.body).work as Record<string, unknown>[]).find((w) => w['x-profiles-verified'] === true)!;
    expect(work).toMatchObject({ name: 'Acme Ltd', position: 'Chief Archivist', 'x-profiles-credential': expect.any(String) });
    const current = work['x-profiles-credential'] as string;
    expect((await verify(current)).verdict).toBe('valid');
    expect(payloadOf(current).credentialSubject.worksFor.roleName).toBe('Chief Archivist');

    const exported = await ctx.app.inject({ method: 'GET', url: settingsApiPaths.dataExport, headers: bearer(person.token) });
    expect(exported.statusCode, exported.body).toBe(200);
    const credentials = JSON.parse(exported.body).credentials as { credential: string; status: string; revocation_reason: string | null }[];
    expect(credentials.map((c) => [c.credential, c.status, c.revocation_reason])).toEqual([
      [before, 'revoked', 'changed'],
      [current, 'valid', null],
    ]);
    // Another person's export has none of them.
    const stranger = await createPerson(ctx);
    const theirs = await ctx.app.inject({ method: 'GET', url: settingsApiPaths.dataExport, headers: bearer(stranger.token) });
    expect(JSON.parse(theirs.body).credentials).toEqual([]);
  });
});

describe('key rotation', () => {
  it('signs new credentials with the new key, keeps the old one published, and old credentials still verify', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, globex, 'Engineer');
    const before = await credentialOf(person.token, employmentId);
    const rotated = await ctx.database.db.transaction((tx) =>
      rotateCompanyKey(tx, ctx.config.credentialKey, globex.companyId, ctx.clock.now()),
    );
    expect(rotated.retired).not.toBeNull();
    expect(rotated.created).not.toBe(rotated.retired);
    expect((await verify(before)).verdict).toBe('valid');
    const document = JSON.parse((await ctx.app.inject({ method: 'GET', url: credentialPublicPaths.didDocument(globex.companyId) })).body);
    expect(document.verificationMethod.map((m: { id: string }) => m.id.split('#')[1])).toEqual([rotated.retired, rotated.created]);
    // The status list is signed with the new key and still read by the generic verifier.
    await assignReviewer(ctx, globex, employmentId, null, 'Lead');
    expect((await verify(before)).verdict).toBe('revoked');
    const after = await credentialOf(person.token, employmentId);
    expect(JSON.parse(Buffer.from(after.split('.')[0]!, 'base64url').toString('utf8')).kid).toMatch(new RegExp(`#${rotated.created}$`));
    expect((await verify(after)).verdict).toBe('valid');
  });

  it('stores private keys only sealed: no private member in the row, and the wrong CREDENTIAL_KEY cannot open them', async () => {
    const [key] = await ctx.database.db.select().from(credentialKeys).where(eq(credentialKeys.companyId, acme.companyId));
    expect(key!.privateJwkEncrypted).toMatch(/^v1\./);
    expect(key!.privateJwkEncrypted).not.toContain('"d"');
    expect(JSON.stringify(key!.publicJwk)).not.toContain('"d"');
    expect(() => openPrivateKey('another-key-that-is-at-least-32-characters-long', acme.companyId, key!.privateJwkEncrypted)).toThrow();
    expect(() => openPrivateKey(ctx.config.credentialKey, globex.companyId, key!.privateJwkEncrypted)).toThrow();
    expect(JSON.parse(openPrivateKey(ctx.config.credentialKey, acme.companyId, key!.privateJwkEncrypted)).d).toEqual(expect.any(String));
  });
});
