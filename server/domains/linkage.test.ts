// A verified domain's DID Configuration is checked again with the daily re-check (decision
// 258): hosted, the domain is linked both ways; taken down, the next day's re-check says so, and the
// domain itself stays verified (the TXT proof still holds). The file is fetched through the domain
// checks' guarded fetcher: a domain pointing inside is never fetched. The tests' own DNS and HTTP servers.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDomain } from '../../contract/company-domains.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { companyDomains } from '../db/company-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createCompany, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import { startDomainServers, type DomainServers } from '../test/domain-servers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { recheckDueDomains } from './service.ts';

let ctx: TestContext;
let servers: DomainServers;
let companyId: number;
let owner: Person;
let session: string;

beforeAll(async () => {
  servers = await startDomainServers();
  ctx = await createTestContext({
    DNS_SERVERS: servers.dnsServer,
    DOMAIN_CHECK_TEST_PORT: String(servers.httpPort),
    DOMAIN_CHECK_TIMEOUT_SECONDS: '2',
  });
  owner = await createPerson(ctx, { firstName: 'Olena' });
  companyId = await createCompany(ctx, owner, 'Linked Ltd');
  session = await enterCompany(ctx, owner, companyId);
});
afterAll(async () => {
  await ctx.close();
  await servers.close();
});

describe('the daily re-check of a domain linked both ways', () => {
  it('finds the hosted file linked, then says the next day that it was taken down, the domain still verified', async () => {
    servers.zone.set('linked.test', { a: ['127.0.0.1'] });
    const added = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.domains(companyId),
      headers: bearer(session),
      payload: { domain: 'linked.test' },
    });
    const domain = added.json().data as CompanyDomain;
    servers.zone.set('_profiles-challenge.linked.test', { txt: [domain.proof.dns_value] });
    const check = async () =>
      (await ctx.app.inject({ method: 'POST', url: workspacePaths.domainCheck(companyId, domain.id), headers: bearer(session) })).json()
        .data as CompanyDomain;
    expect(await check()).toMatchObject({ status: 'verified', linkage: { state: 'not_linked', failure: 'http_404' } });

    const file = await ctx.app.inject({
      method: 'GET',
      url: workspacePaths.domainDidConfiguration(companyId, domain.id),
      headers: bearer(session),
    });
    expect(file.statusCode, file.body).toBe(200);
    servers.paths.set('linked.test /.well-known/did-configuration.json', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(file.body);
    });
    expect((await check()).linkage.state).toBe('linked');

    servers.paths.delete('linked.test /.well-known/did-configuration.json');
    ctx.clock.advance(25 * 60 * 60 * 1000);
    session = await enterCompany(ctx, owner, companyId);
    expect((await recheckDueDomains(ctx.database.db, ctx.clock, ctx.config.domainChecks)).checked).toBe(1);
    const [row] = await ctx.database.db.select().from(companyDomains).where(eq(companyDomains.id, domain.id));
    expect(row).toMatchObject({ status: 'verified', linkageFailure: 'http_404', linkageCheckedAt: ctx.clock.now() });
    const listed = await ctx.app.inject({ method: 'GET', url: workspacePaths.domains(companyId), headers: bearer(session) });
    expect((listed.json().data as CompanyDomain[])[0]!.linkage).toEqual({
      state: 'not_linked',
      failure: 'http_404',
      checked_at: ctx.clock.now().toISOString(),
    });
  });

  it('fetches the file through the guarded fetcher: a domain pointing inside is refused, never fetched (the SSRF guard)', async () => {
    // The name answers with a private address: the guard refuses it before any connection.
    servers.zone.set('inside.test', { a: ['10.0.0.7'] });
    servers.zone.set('_profiles-challenge.inside.test', { txt: [] });
    let fetched = false;
    servers.paths.set('inside.test /.well-known/did-configuration.json', (_request, response) => {
      fetched = true;
      response.writeHead(200).end('{}');
    });
    const added = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.domains(companyId),
      headers: bearer(session),
      payload: { domain: 'inside.test' },
    });
    const domain = added.json().data as CompanyDomain;
    servers.zone.set('_profiles-challenge.inside.test', { txt: [domain.proof.dns_value] });
    const checked = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.domainCheck(companyId, domain.id),
      headers: bearer(session),
    });
    expect(checked.json().data).toMatchObject({ status: 'verified', linkage: { state: 'not_linked', failure: 'address_not_allowed' } });
    expect(fetched).toBe(false);
  });
});
