// Credentials say who really issued them (decision 258): the issuer carries the company's
// verified domains at issue time (an earlier credential is not upgraded in place), the DID document
// names each verified domain in a LinkedDomains service, the workspace hands owners and admins each
// verified domain's did-configuration.json, which a generic checker (jose and a did:web resolution
// written here, no product code) accepts by the DIF rules, and the product then checks the hosted file
// through the domain checks' guarded fetcher (the tests' own DNS and HTTP servers) and says whether the
// domain is linked both ways: on "Check now" and to verifiers (the daily re-check: domains/linkage.test.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDomain } from '../../contract/company-domains.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { companyDid, credentialPaths, credentialPublicPaths, type IssuerIdentity } from '../../contract/credentials.ts';
import { issuedCredentials } from '../db/credentials-schema.ts';
import { cvPaths } from '../../contract/cv.ts';
import { bearer } from '../test/auth-helpers.ts';
import { textOf } from '../test/pdf-text.ts';
import { appAndDomainsNetwork, appNetwork } from '../test/app-network.ts';
import { startDomainServers, type DomainServers } from '../test/domain-servers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { checkDomainLinkage, issuerDomainsOf, verifyCredential } from '../test/generic-verifier.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { careersCompany, hireThroughInvitation, type CareersCompany } from './fixtures.ts';

let ctx: TestContext;
let servers: DomainServers;
let acme: CareersCompany;
let other: CareersCompany;
/** The person hired in the first test, whose credentials the later ones read. */
let hired: Awaited<ReturnType<typeof hireThroughInvitation>>;

beforeAll(async () => {
  servers = await startDomainServers();
  ctx = await createTestContext({
    DNS_SERVERS: servers.dnsServer,
    DOMAIN_CHECK_TEST_PORT: String(servers.httpPort),
    DOMAIN_CHECK_TIMEOUT_SECONDS: '2',
  });
  acme = await careersCompany(ctx, 'Acme Ltd');
  other = await careersCompany(ctx, 'Other Ltd');
});
afterAll(async () => {
  await ctx.close();
  await servers.close();
});

const origin = (domain: string) => `http://${domain}:${servers.httpPort}`;
const didOf = (company: CareersCompany) => companyDid(ctx.config.publicSiteUrl, company.companyId);

/** Adds `domain` to the company and proves it by its TXT record through "Check now"; it answers at this machine. */
async function proved(company: CareersCompany, domain: string): Promise<CompanyDomain> {
  servers.zone.set(domain, { a: ['127.0.0.1'] });
  const added = await ctx.app.inject({
    method: 'POST',
    url: workspacePaths.domains(company.companyId),
    headers: bearer(company.owner.session),
    payload: { domain },
  });
  expect(added.statusCode, added.body).toBe(201);
  const row = added.json().data as CompanyDomain;
  servers.zone.set(`_profiles-challenge.${domain}`, { txt: [row.proof.dns_value] });
  return check(company, row.id);
}

async function check(company: CareersCompany, domainId: number): Promise<CompanyDomain> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: workspacePaths.domainCheck(company.companyId, domainId),
    headers: bearer(company.owner.session),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CompanyDomain;
}

function download(company: CareersCompany, domainId: number | string, session: string | null = company.owner.session) {
  return ctx.app.inject({
    method: 'GET',
    url: workspacePaths.domainDidConfiguration(company.companyId, domainId),
    headers: session ? bearer(session) : {},
  });
}

/** Serves `body` as the domain's did-configuration.json on the test web server. */
function host(domain: string, body: string) {
  servers.paths.set(`${domain} /.well-known/did-configuration.json`, (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
}

async function credentialOf(person: { token: string }, employmentId: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: credentialPaths.credential(employmentId),
    headers: bearer(person.token),
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const jwt = res.json().data.jwt as string;
  return { jwt, claims: JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { issuer: Record<string, unknown> } };
}

/** The generic checker (no product code) with our app as the network, for the DID documents. */
const genericLinkageCheck = (configuration: unknown, expectedOrigin: string, now: Date) =>
  checkDomainLinkage(appNetwork(ctx), configuration, didOf(acme), expectedOrigin, now);

describe('the credential carries the verified domain at issue time', () => {
  it('has no issuer url before a domain is verified, a new credential with it after, and the earlier one stays as it was, valid', async () => {
    hired = await hireThroughInvitation(ctx, acme, 'Engineer');
    const { person, employmentId } = hired;
    const before = await credentialOf(person, employmentId);
    expect(before.claims.issuer).toEqual({ id: didOf(acme), name: 'Acme Ltd' });

    await proved(acme, 'acme.test');
    const after = await credentialOf(person, employmentId);
    expect(after.jwt).not.toBe(before.jwt);
    expect(after.claims.issuer).toEqual({ id: didOf(acme), name: 'Acme Ltd', url: origin('acme.test') });
    // Not upgraded in place: the earlier credential still says what it said and still verifies.
    const earlier = await verifyCredential(appNetwork(ctx), before.jwt, ctx.clock.now());
    expect(earlier.verdict).toBe('valid');
    expect((earlier.credential!['issuer'] as Record<string, unknown>)['url']).toBeUndefined();
    expect((await verifyCredential(appNetwork(ctx), after.jwt, ctx.clock.now())).verdict).toBe('valid');
    // The same download again is the same credential.
    expect((await credentialOf(person, employmentId)).jwt).toBe(after.jwt);
    // The verified CV's entry says the same level as the credential its link leads to (decisions 257, 258).
    const cv = await ctx.app.inject({ method: 'GET', url: cvPaths.cv, headers: bearer(person.token) });
    expect(cv.statusCode).toBe(200);
    expect(await textOf(cv.rawPayload)).toContain('Confirmed by Acme Ltd · acme.test');

    // A second verified domain: the issuer lists both, the first proved first.
    await proved(acme, 'acme-group.test');
    const both = await credentialOf(person, employmentId);
    expect(both.claims.issuer['url']).toEqual([origin('acme.test'), origin('acme-group.test')]);
    const open = await ctx.database.db.select().from(issuedCredentials).where(eq(issuedCredentials.companyEmploymentId, employmentId));
    expect(open.filter((c) => c.revokedAt === null)).toHaveLength(3);
  });

  it('names each verified domain in a LinkedDomains service of the DID document, and none that is pending', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.domains(acme.companyId),
      headers: bearer(acme.owner.session),
      payload: { domain: 'acme-pending.test' },
    });
    const res = await ctx.app.inject({ method: 'GET', url: credentialPublicPaths.didDocument(acme.companyId) });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document['@context']).toContain('https://identity.foundation/.well-known/did-configuration/v1');
    expect(document.service).toEqual([
      { id: `${didOf(acme)}#linked-domain-1`, type: 'LinkedDomains', serviceEndpoint: origin('acme.test') },
      { id: `${didOf(acme)}#linked-domain-2`, type: 'LinkedDomains', serviceEndpoint: origin('acme-group.test') },
    ]);
  });
});

describe("the workspace's did-configuration.json", () => {
  it('is for owners and admins only: anonymous 401, a plain member 403, another company 404, a pending domain 409, bad ids 422', async () => {
    const domains = (
      await ctx.app.inject({ method: 'GET', url: workspacePaths.domains(acme.companyId), headers: bearer(acme.owner.session) })
    ).json().data as CompanyDomain[];
    const verified = domains.find((d) => d.domain === 'acme.test')!;
    const pending = domains.find((d) => d.domain === 'acme-pending.test')!;
    expect((await download(acme, verified.id, null)).statusCode).toBe(401);
    const member = await download(acme, verified.id, acme.member.session);
    expect(member.statusCode).toBe(403);
    expect(member.json().code).toBe('role_forbidden');
    expect((await download(acme, verified.id, acme.reviewer.session)).statusCode).toBe(403);
    // Another company's admin, on their own path with our domain's id, and on ours.
    const foreign = await download(other, verified.id, other.admin.session);
    expect(foreign.statusCode).toBe(404);
    const ours = await ctx.app.inject({
      method: 'GET',
      url: workspacePaths.domainDidConfiguration(acme.companyId, verified.id),
      headers: bearer(other.owner.session),
    });
    expect(ours.statusCode).toBe(404);
    const notVerified = await download(acme, pending.id);
    expect(expectErrorAnswer(notVerified).code).toBe('domain_not_verified');
    expect(notVerified.statusCode).toBe(409);
    expect((await download(acme, 'not-a-number')).statusCode).toBe(422);
    expect((await download(acme, 999_999_999)).statusCode).toBe(404);

    for (const seat of [acme.owner, acme.admin]) {
      const res = await download(acme, verified.id, seat.session);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="did-configuration.json"');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('holds a Domain Linkage Credential a generic checker accepts by the DIF rules, and refuses when altered', async () => {
    const domains = (
      await ctx.app.inject({ method: 'GET', url: workspacePaths.domains(acme.companyId), headers: bearer(acme.admin.session) })
    ).json().data as CompanyDomain[];
    const verified = domains.find((d) => d.domain === 'acme.test')!;
    expect(verified.did_configuration_url).toBe(`${origin('acme.test')}/.well-known/did-configuration.json`);
    const file = (await download(acme, verified.id)).json();
    expect(await genericLinkageCheck(file, origin('acme.test'), ctx.clock.now())).toBe(true);
    const [header, payload, signature] = (file.linked_dids[0] as string).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as {
      vc: { credentialSubject: { id: string; origin: string } };
    };
    expect(claims.vc.credentialSubject).toEqual({ id: didOf(acme), origin: origin('acme.test') });
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString('utf8'))).toMatchObject({ alg: 'EdDSA', typ: 'JWT' });
    // For another origin, the same file does not link it.
    expect(await genericLinkageCheck(file, origin('elsewhere.test'), ctx.clock.now())).toBe('origin');
    // One changed claim breaks the signature.
    claims.vc.credentialSubject.origin = origin('elsewhere.test');
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await expect(genericLinkageCheck({ ...file, linked_dids: [forged] }, origin('elsewhere.test'), ctx.clock.now())).rejects.toThrow(
      /signature/,
    );
  });
});

describe('linked both ways', () => {
  async function acmeDomain(): Promise<CompanyDomain> {
    const list = await ctx.app.inject({ method: 'GET', url: workspacePaths.domains(acme.companyId), headers: bearer(acme.owner.session) });
    return (list.json().data as CompanyDomain[]).find((d) => d.domain === 'acme.test')!;
  }
  const identity = async (company: CareersCompany) => {
    const res = await ctx.app.inject({ method: 'GET', url: credentialPublicPaths.issuerIdentity(company.companyId) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    return res.json() as IssuerIdentity;
  };

  it('says why not while the file is missing, not JSON, for another DID, or tampered, and linked once hosted', async () => {
    const domain = await acmeDomain();
    expect((await check(acme, domain.id)).linkage).toMatchObject({ state: 'not_linked', failure: 'http_404' });
    host('acme.test', 'not json');
    expect((await check(acme, domain.id)).linkage.failure).toBe('not_json');
    // Another company's file, and one whose signature was tampered with.
    const theirs = (await download(other, (await proved(other, 'other.test')).id)).json();
    host('acme.test', JSON.stringify(theirs));
    expect((await check(acme, domain.id)).linkage.failure).toBe('not_linked');
    const ours = (await download(acme, domain.id)).json();
    const [h, p, s] = (ours.linked_dids[0] as string).split('.');
    host('acme.test', JSON.stringify({ ...ours, linked_dids: [`${h}.${p}.${s!.slice(0, -4)}AAAA`] }));
    expect((await check(acme, domain.id)).linkage.failure).toBe('bad_signature');

    host('acme.test', JSON.stringify({ ...ours, linked_dids: [...theirs.linked_dids, ...ours.linked_dids] }));
    const linked = await check(acme, domain.id);
    expect(linked.linkage).toEqual({ state: 'linked', failure: null, checked_at: ctx.clock.now().toISOString() });
  });

  it("lets an outside verifier check the credential's domains at the source: linked, not linked, or what it could not check", async () => {
    // The network as a verifier elsewhere sees it: our site, and the company's domains on their own server.
    const network = appAndDomainsNetwork(ctx, servers.httpPort, ctx.config.publicSiteUrl);
    const checked = await verifyCredential(network, (await credentialOf(hired.person, hired.employmentId)).jwt, ctx.clock.now());
    expect(checked.verdict).toBe('valid');
    expect(await issuerDomainsOf(network, checked.credential!, ctx.clock.now())).toEqual([
      { origin: origin('acme.test'), linkage: 'linked', why: null },
      { origin: origin('acme-group.test'), linkage: 'not_linked', why: 'no did-configuration.json (404)' },
    ]);
    servers.paths.set('acme-group.test /.well-known/did-configuration.json', (_request, response) => response.writeHead(503).end());
    expect((await issuerDomainsOf(network, checked.credential!, ctx.clock.now()))[1]).toEqual({
      origin: origin('acme-group.test'),
      linkage: 'could_not_check',
      why: 'answered 503',
    });
    servers.paths.delete('acme-group.test /.well-known/did-configuration.json');
  });

  it('tells verifiers: the domains with their linkage and the page, or no domain for a company that proved none', async () => {
    const acmeIdentity = await identity(acme);
    expect(acmeIdentity).toMatchObject({ id: didOf(acme), name: 'Acme Ltd' });
    expect(acmeIdentity.page_url).toBe(`${ctx.config.publicSiteUrl}/company-profile?id=${acme.companyId}`);
    expect(acmeIdentity.domains.map((d) => [d.domain, d.origin, d.linkage.state])).toEqual([
      ['acme.test', origin('acme.test'), 'linked'],
      ['acme-group.test', origin('acme-group.test'), 'not_linked'],
    ]);
    const plain = await careersCompany(ctx, 'Plain Co');
    expect((await identity(plain)).domains).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: credentialPublicPaths.issuerIdentity(999_999_999) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: credentialPublicPaths.issuerIdentity('x') })).statusCode).toBe(422);
  });
});
