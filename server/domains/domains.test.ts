// Company domain verification (decision 248) against the tests' own DNS and HTTP servers:
// who may manage domains, what a domain may be, both ways of proof succeeding and failing for each
// stated reason, the SSRF guard, take-over with its notice, and the daily re-check with its grace.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CompanyDomain } from '../../contract/company-domains.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { validationMessages } from '../../contract/validation-messages.ts';
import { companyDomains } from '../db/company-schema.ts';
import { users } from '../db/schema.ts';
import { notifications } from '../db/notification-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createCompany, createPerson, createStaffedCompany, enterCompany, type Person } from '../test/company-helpers.ts';
import { startDomainServers, type DomainServers } from '../test/domain-servers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { recheckDueDomains, startDomainRechecks } from './service.ts';

let ctx: TestContext;
let servers: DomainServers;
let companyId: number;
let sessions: { owner: string; admin: string; member: string };
let people: { owner: Person; admin: Person; member: Person };

const hour = 60 * 60 * 1000;

beforeAll(async () => {
  servers = await startDomainServers();
  ctx = await createTestContext({
    DNS_SERVERS: servers.dnsServer,
    DOMAIN_CHECK_TEST_PORT: String(servers.httpPort),
    DOMAIN_CHECK_TIMEOUT_SECONDS: '2',
  });
  const staffed = await createStaffedCompany(ctx);
  companyId = staffed.companyId;
  people = { owner: staffed.owner.person, admin: staffed.admin.person, member: staffed.member.person };
  // The admin reads Ukrainian: notices reach each manager in their own language.
  await ctx.database.db.update(users).set({ locale: 'uk_UA' }).where(eq(users.id, people.admin.id));
  sessions = {
    owner: await enterCompany(ctx, people.owner, companyId),
    admin: await enterCompany(ctx, people.admin, companyId),
    member: await enterCompany(ctx, people.member, companyId),
  };
});
afterAll(async () => {
  await ctx.close();
  await servers.close();
});

async function add(session: string, domain: string, company = companyId) {
  return ctx.app.inject({ method: 'POST', url: workspacePaths.domains(company), headers: bearer(session), payload: { domain } });
}

async function added(domain: string, session = sessions.owner, company = companyId): Promise<CompanyDomain> {
  const response = await add(session, domain, company);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as CompanyDomain;
}

async function check(domain: CompanyDomain, session = sessions.owner, company = companyId): Promise<CompanyDomain> {
  const response = await ctx.app.inject({ method: 'POST', url: workspacePaths.domainCheck(company, domain.id), headers: bearer(session) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as CompanyDomain;
}

/** A new company session: one lives at most 12 hours (decision 243), and these tests move the clock by days. */
const freshSession = (person: Person) => enterCompany(ctx, person, companyId);

/** Starts a part of the file with none of our company's domains (one company lists at most 20). */
async function clearOurDomains() {
  await ctx.database.db.delete(companyDomains).where(eq(companyDomains.companyId, companyId));
}

/** A name whose TXT record at the challenge name holds `values`, and whose address is this machine. */
function publishTxt(domain: string, ...values: string[]) {
  servers.zone.set(`_profiles-challenge.${domain}`, { txt: values });
}

describe('who may manage domains', () => {
  it('answers 401 without a company session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: workspacePaths.domains(companyId) });
    expect(response.statusCode).toBe(401);
    const adding = await ctx.app.inject({ method: 'POST', url: workspacePaths.domains(companyId), payload: { domain: 'x.test' } });
    expect(adding.statusCode).toBe(401);
  });

  it("refuses a plain member (403) and another company's admin (404), and lets the owner and an admin in", async () => {
    const member = await add(sessions.member, 'member.test');
    expect(member.statusCode).toBe(403);
    expect(member.json().code).toBe('role_forbidden');
    const list = await ctx.app.inject({ method: 'GET', url: workspacePaths.domains(companyId), headers: bearer(sessions.member) });
    expect(list.statusCode).toBe(403);

    const otherOwner = await createPerson(ctx);
    const otherAdmin = await createPerson(ctx);
    const otherCompany = await createCompany(ctx, otherOwner);
    await addMember(ctx, otherCompany, otherAdmin, 'admin');
    const foreign = await enterCompany(ctx, otherAdmin, otherCompany);
    expect((await add(foreign, 'foreign.test')).statusCode).toBe(404);
    const ours = await added('admins-own.test', sessions.admin);
    const foreignCheck = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.domainCheck(companyId, ours.id),
      headers: bearer(foreign),
    });
    expect(foreignCheck.statusCode).toBe(404);
    // Their own company's path with our domain's id: not theirs, so not found.
    const crossId = await ctx.app.inject({ method: 'DELETE', url: workspacePaths.domain(otherCompany, ours.id), headers: bearer(foreign) });
    expect(crossId.statusCode).toBe(404);
    const removedByMember = await ctx.app.inject({
      method: 'DELETE',
      url: workspacePaths.domain(companyId, ours.id),
      headers: bearer(sessions.member),
    });
    expect(removedByMember.statusCode).toBe(403);

    const listed = await ctx.app.inject({ method: 'GET', url: workspacePaths.domains(companyId), headers: bearer(sessions.owner) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((d: CompanyDomain) => d.domain)).toContain('admins-own.test');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: workspacePaths.domain(companyId, ours.id),
      headers: bearer(sessions.owner),
    });
    expect(removed.statusCode).toBe(204);
  });
});

describe('what a domain may be', () => {
  it.each([
    ['https://acme.test/about', 'validation.domain'],
    ['acme.test:8443', 'validation.domain'],
    ['a..b.test', 'validation.domain'],
    ['-acme.test', 'validation.domain'],
    ['acme', 'validation.domain'],
    ['203.0.113.7', 'validation.domainIpAddress'],
    ['[2001:db8::1]', 'validation.domainIpAddress'],
    ['::1', 'validation.domainIpAddress'],
    ['co.uk', 'validation.domainPublicSuffix'],
    ['github.io', 'validation.domainPublicSuffix'],
    ['localhost', 'validation.domain'],
    ['s3.amazonaws.com', 'validation.domainPublicSuffix'],
    [`${'a'.repeat(64)}.test`, 'validation.domain'],
  ] as const)('refuses %s with 422 (%s)', async (input, key) => {
    const response = await add(sessions.owner, input);
    expect(response.statusCode).toBe(422);
    expect(response.json().violations[0]).toMatchObject({ field: 'domain' });
    expect(response.json().violations[0].title).toContain(validationMessages.en_GB[key]);
    // In the page's language too.
    const uk = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.domains(companyId),
      headers: { ...bearer(sessions.owner), 'accept-language': 'uk-UA' },
      payload: { domain: input },
    });
    expect(uk.json().violations[0].title).toContain(validationMessages.uk_UA[key]);
  });

  it('refuses an empty or overlong name, and the same domain twice', async () => {
    expect((await add(sessions.owner, '')).statusCode).toBe(422);
    expect((await add(sessions.owner, 'x'.repeat(400))).statusCode).toBe(422);
    await added('twice.test');
    const again = await add(sessions.owner, 'TWICE.test.');
    expect(again.statusCode).toBe(422);
    expect(again.json().violations[0].title).toContain(validationMessages.en_GB['validation.domainAdded']);
  });

  it('lists at most 20 domains a company', async () => {
    await clearOurDomains();
    for (let n = 0; n < 20; n += 1) await added(`many-${n}.test`);
    const more = await add(sessions.owner, 'many-20.test');
    expect(more.statusCode).toBe(422);
    expect(more.json().violations[0].title).toContain('Add at most 20');
    await clearOurDomains();
  });

  it("takes a user's own domain under a private suffix and keeps an IDN in punycode", async () => {
    const page = await added('northwind.github.io');
    expect(page.domain).toBe('northwind.github.io');
    const idn = await added('Приклад.test');
    expect(idn.domain).toBe('xn--80aikifvh.test');
    expect(idn.display).toBe('приклад.test');
    expect(idn.proof.dns_name).toBe('_profiles-challenge.xn--80aikifvh.test');
    expect(idn.status).toBe('pending');
    expect(idn.proof.dns_value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(idn.proof.http_url).toBe(`http://xn--80aikifvh.test:${servers.httpPort}/.well-known/profiles-challenge/${idn.proof.http_body}`);
  });
});

describe('proof by DNS TXT record', () => {
  it('verifies a domain whose challenge record holds the token, among other records', async () => {
    const domain = await added('dns-ok.test');
    publishTxt('dns-ok.test', 'some-other-record', domain.proof.dns_value);
    const checked = await check(domain);
    expect(checked).toMatchObject({ status: 'verified', method: 'dns', last_failure: null, lapses_at: null });
    expect(checked.verified_at).toBe(ctx.clock.now().toISOString());
  });

  it('states no_record, wrong_value, dns_error and timeout', async () => {
    const none = await check(await added('dns-none.test'));
    expect(none.status).toBe('pending');
    expect(none.last_failure).toEqual({ dns: 'no_record', http: 'no_address' });

    const wrong = await added('dns-wrong.test');
    publishTxt('dns-wrong.test', 'not-the-token');
    expect((await check(wrong)).last_failure?.dns).toBe('wrong_value');

    const broken = await added('dns-broken.test');
    servers.zone.set('_profiles-challenge.dns-broken.test', { rcode: 'servfail' });
    expect((await check(broken)).last_failure?.dns).toBe('dns_error');

    const slow = await added('dns-slow.test');
    servers.zone.set('_profiles-challenge.dns-slow.test', { silent: true });
    servers.zone.set('dns-slow.test', { silent: true });
    const started = Date.now();
    const timedOut = await check(slow);
    expect(timedOut.last_failure).toEqual({ dns: 'timeout', http: 'timeout' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('proof by a file over HTTP', () => {
  it('verifies a domain whose challenge file answers the token, after a redirect on the same domain', async () => {
    const domain = await added('file-ok.test');
    servers.zone.set('file-ok.test', { a: ['127.0.0.1'] });
    servers.zone.set('www.file-ok.test', { a: ['127.0.0.1'] });
    servers.paths.set(`file-ok.test /.well-known/profiles-challenge/${domain.proof.http_body}`, (_request, response) => {
      response.writeHead(301, { location: `http://www.file-ok.test:${servers.httpPort}/proof` }).end();
    });
    servers.paths.set('www.file-ok.test /proof', (_request, response) => response.writeHead(200).end(`${domain.proof.http_body}\n`));
    const checked = await check(domain);
    expect(checked).toMatchObject({ status: 'verified', method: 'http', last_failure: null });
  });

  it('states http_404, http_status, wrong_body, too_large and timeout', async () => {
    const cases: [string, (token: string) => void, string][] = [
      ['file-404.test', () => undefined, 'http_404'],
      [
        'file-500.test',
        (token) => servers.paths.set(`file-500.test /.well-known/profiles-challenge/${token}`, (_q, r) => r.writeHead(500).end()),
        'http_status',
      ],
      ['file-wrong.test', (token) => servers.serveFile('file-wrong.test', token, 'something else'), 'wrong_body'],
      ['file-huge.test', (token) => servers.serveFile('file-huge.test', token, `${token}${' '.repeat(100_000)}`), 'too_large'],
      // Headers sent, body never ends: the deadline, not the server, ends it.
      [
        'file-slow.test',
        (token) =>
          servers.paths.set(`file-slow.test /.well-known/profiles-challenge/${token}`, (_q, r) => void r.writeHead(200).write('x')),
        'timeout',
      ],
    ];
    for (const [name, serve, failure] of cases) {
      const domain = await added(name);
      servers.zone.set(name, { a: ['127.0.0.1'] });
      serve(domain.proof.http_body);
      const checked = await check(domain);
      expect(checked.status, name).toBe('pending');
      expect(checked.last_failure, name).toEqual({ dns: 'no_record', http: failure });
    }
  });

  it('follows at most two redirects, only on the same domain and scheme', async () => {
    const elsewhere = await added('redirect-out.test');
    servers.zone.set('redirect-out.test', { a: ['127.0.0.1'] });
    servers.zone.set('attacker.test', { a: ['127.0.0.1'] });
    servers.paths.set(`redirect-out.test /.well-known/profiles-challenge/${elsewhere.proof.http_body}`, (_q, r) =>
      r.writeHead(302, { location: `http://attacker.test:${servers.httpPort}/x` }).end(),
    );
    expect((await check(elsewhere)).last_failure?.http).toBe('redirect_not_allowed');

    const loop = await added('redirect-loop.test');
    servers.zone.set('redirect-loop.test', { a: ['127.0.0.1'] });
    servers.paths.set(`redirect-loop.test /.well-known/profiles-challenge/${loop.proof.http_body}`, (_q, r) =>
      r.writeHead(302, { location: '/a' }).end(),
    );
    servers.paths.set('redirect-loop.test /a', (_q, r) => r.writeHead(302, { location: '/b' }).end());
    servers.paths.set('redirect-loop.test /b', (_q, r) => r.writeHead(302, { location: '/c' }).end());
    expect((await check(loop)).last_failure?.http).toBe('too_many_redirects');
  });
});

describe('a slow or repeated check', () => {
  it('stalls no other request while it waits on a silent server', async () => {
    const slow = await added('stall.test');
    servers.zone.set('_profiles-challenge.stall.test', { silent: true });
    servers.zone.set('stall.test', { silent: true });
    let checkDone = false;
    const checking = check(slow).then((result) => {
      checkDone = true;
      return result;
    });
    const listed = await ctx.app.inject({ method: 'GET', url: workspacePaths.domains(companyId), headers: bearer(sessions.owner) });
    expect(listed.statusCode).toBe(200);
    expect(checkDone).toBe(false);
    expect((await checking).last_failure).toEqual({ dns: 'timeout', http: 'timeout' });
  });

  it('answers 429 past 20 checks a person in 10 minutes', async () => {
    const owner = await createPerson(ctx);
    const company = await createCompany(ctx, owner);
    const session = await enterCompany(ctx, owner, company);
    const domain = await added('many-checks.test', session, company);
    const url = workspacePaths.domainCheck(company, domain.id);
    for (let n = 0; n < 20; n += 1) {
      expect((await ctx.app.inject({ method: 'POST', url, headers: bearer(session) })).statusCode).toBe(200);
    }
    const refused = await ctx.app.inject({ method: 'POST', url, headers: bearer(session) });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('the SSRF guard', () => {
  it('never connects to a private, loopback or link-local address, nor follows a redirect to one', async () => {
    let reached = 0;
    const count = () => void (reached += 1);
    // A .test name pointing to a private network (only loopback is the tests' exception).
    const inside = await added('inside.test');
    servers.zone.set('inside.test', { a: ['10.0.0.7'] });
    expect((await check(inside)).last_failure?.http).toBe('address_not_allowed');
    // A name with one public and one link-local address is refused whole.
    const mixed = await added('mixed.test');
    servers.zone.set('mixed.test', { a: ['93.184.216.34'], aaaa: ['fe80::1'] });
    expect((await check(mixed)).last_failure?.http).toBe('address_not_allowed');
    // Outside .test the test port's exception does not apply: loopback is refused, nothing is fetched.
    const outside = await added('loopback.example');
    servers.zone.set('loopback.example', { a: ['127.0.0.1'] });
    servers.paths.set(`loopback.example /.well-known/profiles-challenge/${outside.proof.http_body}`, count);
    expect((await check(outside)).last_failure?.http).toBe('address_not_allowed');
    // A redirect to a subdomain that points inside.
    const redirected = await added('redirect-in.test');
    servers.zone.set('redirect-in.test', { a: ['127.0.0.1'] });
    servers.zone.set('admin.redirect-in.test', { a: ['169.254.169.254'] });
    servers.paths.set(`redirect-in.test /.well-known/profiles-challenge/${redirected.proof.http_body}`, (_q, r) =>
      r.writeHead(302, { location: `http://admin.redirect-in.test:${servers.httpPort}/latest/meta-data/` }).end(),
    );
    expect((await check(redirected)).last_failure?.http).toBe('address_not_allowed');
    expect(reached).toBe(0);
  });
});

describe('one company at a time', () => {
  it('a later company that proves a domain takes it and its subdomains over; the earlier managers are told', async () => {
    await clearOurDomains();
    const root = await added('takeover.test');
    const shop = await added('shop.takeover.test');
    publishTxt('takeover.test', root.proof.dns_value);
    publishTxt('shop.takeover.test', shop.proof.dns_value);
    expect((await check(root)).status).toBe('verified');
    expect((await check(shop)).status).toBe('verified');

    const rivalOwner = await createPerson(ctx, { locale: 'uk_UA' });
    const rival = await createCompany(ctx, rivalOwner, 'Rival Ltd');
    const rivalSession = await enterCompany(ctx, rivalOwner, rival);
    const theirs = await added('takeover.test', rivalSession, rival);
    publishTxt('takeover.test', theirs.proof.dns_value);
    expect((await check(theirs, rivalSession, rival)).status).toBe('verified');

    const ours = (await ctx.app.inject({ method: 'GET', url: workspacePaths.domains(companyId), headers: bearer(sessions.owner) })).json()
      .data as CompanyDomain[];
    for (const name of ['takeover.test', 'shop.takeover.test']) {
      expect(ours.find((d) => d.domain === name)).toMatchObject({ status: 'lapsed', lapse_reason: 'taken_over' });
    }
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.kind, 'domain_taken_over'));
    // One notice a domain lost, to each owner and admin (the member is not told).
    expect(told.map((n) => `${n.userId} ${n.subjectName}`).sort()).toEqual(
      [people.owner.id, people.admin.id].flatMap((id) => [`${id} shop.takeover.test`, `${id} takeover.test`]).sort(),
    );
    await ctx.relay.drain();
    const mail = ctx.mail.filter((m) => m.to === people.owner.email && m.text.includes('Another company proved control of takeover.test'));
    expect(mail).toHaveLength(1);

    // Its subdomains are now the rival's: adding one below is refused while theirs stays verified.
    const below = await add(sessions.owner, 'eu.takeover.test');
    expect(below.statusCode).toBe(422);
    expect(below.json().violations[0].title).toContain(validationMessages.en_GB['validation.domainHeldAbove']);
  });
});

describe('the daily re-check and its grace period', () => {
  it('keeps a domain verified for 72 hours without its proof, then lapses it and tells the managers in their language', async () => {
    await clearOurDomains();
    await ctx.database.db.update(companyDomains).set({ lastCheckedAt: ctx.clock.now() });
    const domain = await added('daily.test');
    publishTxt('daily.test', domain.proof.dns_value);
    expect((await check(domain, await freshSession(people.admin))).status).toBe('verified');
    const row = async () => (await ctx.database.db.select().from(companyDomains).where(eq(companyDomains.id, domain.id)))[0]!;
    const recheck = () => recheckDueDomains(ctx.database.db, ctx.clock, ctx.config.domainChecks);

    // Not due before a day has passed.
    ctx.clock.advance(2 * hour);
    expect((await recheck()).checked).toBe(0);

    // The proof goes; day by day the domain stays verified through the grace period.
    servers.zone.delete('_profiles-challenge.daily.test');
    ctx.clock.advance(23 * hour);
    expect(await recheck()).toMatchObject({ lapsed: 0 });
    const firstFailure = ctx.clock.now();
    expect(await row()).toMatchObject({ status: 'verified', failingSince: firstFailure, lastDnsFailure: 'no_record' });
    for (let day = 1; day < 3; day += 1) {
      ctx.clock.advance(24 * hour);
      await recheck();
      expect((await row()).status).toBe('verified');
    }
    // The proof back within the grace: the clock of the grace starts again.
    publishTxt('daily.test', domain.proof.dns_value);
    ctx.clock.advance(24 * hour);
    await recheck();
    expect(await row()).toMatchObject({ status: 'verified', failingSince: null });

    // Gone for good: three days after the first failed re-check it lapses.
    servers.zone.delete('_profiles-challenge.daily.test');
    for (let day = 0; day < 3; day += 1) {
      ctx.clock.advance(24 * hour);
      await recheck();
      expect((await row()).status).toBe('verified');
    }
    ctx.clock.advance(24 * hour);
    expect(await recheck()).toMatchObject({ lapsed: 1 });
    expect(await row()).toMatchObject({ status: 'lapsed', lapseReason: 'proof_gone' });

    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.kind, 'domain_lapsed'));
    expect(told.map((n) => n.userId).sort()).toEqual([people.owner.id, people.admin.id].sort());
    // The rows carry the database's time; the relay mails what is recent by its clock, so back to now.
    const moved = ctx.clock.now();
    ctx.clock.current = new Date();
    await ctx.relay.drain();
    ctx.clock.current = moved;
    expect(ctx.mail.some((m) => m.to === people.owner.email && m.text.includes('domain daily.test is no longer verified'))).toBe(true);
    expect(ctx.mail.some((m) => m.to === people.admin.email && m.text.includes('Домен daily.test компанії'))).toBe(true);
    // A lapsed domain is not re-checked by the job; "Check now" proves it again.
    const lapsedAt = (await row()).lastCheckedAt;
    ctx.clock.advance(48 * hour);
    await recheck();
    expect((await row()).lastCheckedAt).toEqual(lapsedAt);
    publishTxt('daily.test', domain.proof.dns_value);
    expect((await check(domain, await freshSession(people.admin))).status).toBe('verified');
  });

  it('never re-checks the demo data', async () => {
    const domain = await added('demo-data.test', await freshSession(people.owner));
    await ctx.database.db
      .update(companyDomains)
      .set({ status: 'verified', method: 'demo', lastCheckedAt: null })
      .where(eq(companyDomains.id, domain.id));
    ctx.clock.advance(100 * hour);
    await recheckDueDomains(ctx.database.db, ctx.clock, ctx.config.domainChecks);
    const [row] = await ctx.database.db.select().from(companyDomains).where(eq(companyDomains.id, domain.id));
    expect(row).toMatchObject({ status: 'verified', lastCheckedAt: null });
  });

  it('runs by itself on its interval until stopped', async () => {
    const domain = await added('job.test', await freshSession(people.owner));
    publishTxt('job.test', domain.proof.dns_value);
    expect((await check(domain, await freshSession(people.admin))).status).toBe('verified');
    ctx.clock.advance(25 * hour);
    const errors: unknown[] = [];
    const job = startDomainRechecks(ctx.database.db, ctx.clock, ctx.config.domainChecks, (error) => errors.push(error), 50);
    try {
      await vi.waitFor(
        async () => {
          const [row] = await ctx.database.db.select().from(companyDomains).where(eq(companyDomains.id, domain.id));
          expect(row!.lastCheckedAt).toEqual(ctx.clock.now());
        },
        { timeout: 20_000, interval: 50 },
      );
    } finally {
      await job.stop();
    }
    expect(errors).toEqual([]);
  });
});
