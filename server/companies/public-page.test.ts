// A company's opt-in public brand page (decision 211): the workspace card's endpoints (who
// may call them, which addresses they take), and what /company/{address} answers signed out: the page
// with its meta and its count of verified employees, 404 for unknown, switched-off and ownerless
// alike, 301 from an old address for 30 days, ETag and 304, gzip, noindex, the sitemap, and nothing a
// company keeps to itself.
import { gunzipSync, gzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyPublicPageSettings } from '../../contract/companies.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { fieldLimits } from '../../contract/field-limits.ts';
import { defaultPublicProfileSections, publicProfileApiPaths } from '../../contract/public-profile.ts';
import { PublicAddressAvailability } from '../../contract/public-profile-schemas.ts';
import { companyEmployments } from '../db/careers-schema.ts';
import { companyInvitations, companyJoinRequests } from '../db/company-schema.ts';
import { employments } from '../db/profile-schema.ts';
import { companies, companyMembers, users } from '../db/schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createCompany, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { renderCompanyPage } from './public-page-html.ts';
import type { PublicCompany } from './public-page-service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const dayMs = 24 * 60 * 60 * 1000;
let serial = 0;
const uniqueAddress = (stem = 'company') => `${stem}-${Date.now().toString(36)}-${(serial += 1)}`;

interface Owned {
  owner: Person;
  companyId: number;
  session: string;
}

/** A company with its owner's company-host session. */
async function ownedCompany(name?: string): Promise<Owned> {
  const owner = await createPerson(ctx);
  const companyId = await createCompany(ctx, owner, name);
  return { owner, companyId, session: await enterCompany(ctx, owner, companyId) };
}

const settingsUrl = (companyId: number) => workspacePaths.publicPageSettings(companyId);
const readSettings = (companyId: number, session: string | null) =>
  ctx.app.inject({ method: 'GET', url: settingsUrl(companyId), headers: session ? bearer(session) : {} });
const save = (companyId: number, session: string | null, payload: unknown, locale = 'en_GB') =>
  ctx.app.inject({
    method: 'PUT',
    url: `${settingsUrl(companyId)}?locale=${locale}`,
    headers: { ...(session ? bearer(session) : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const turnOn = async ({ companyId, session }: Owned, address: string, more: object = {}) => {
  const res = await save(companyId, session, { address, is_public: true, noindex: false, ...more });
  expect(res.statusCode, res.body).toBe(200);
  return CompanyPublicPageSettings.parse(res.json().data);
};
const visit = (path: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: path, headers });
const addressViolation = async (company: Owned, address: unknown, locale = 'en_GB') => {
  const res = await save(company.companyId, company.session, { address, is_public: true, noindex: false }, locale);
  expect(res.statusCode, res.body).toBe(422);
  return expectErrorAnswer(res).violations!.find((v) => v.field === 'address')?.title;
};

/** A company-confirmed job of `person` at `companyId`, open-ended unless told. */
async function verifiedJob(
  companyId: number,
  person: Person,
  days: { startDate?: string; leavesOn?: string; plannedTermination?: string } = {},
) {
  await ctx.database.db.insert(companyEmployments).values({
    companyId,
    userId: person.id,
    startDate: days.startDate ?? '2025-01-01',
    leavesOn: days.leavesOn ?? null,
    plannedTermination: days.plannedTermination ?? null,
    position: 'Engineer',
    source: 'workspace',
  });
}

describe('the public page settings', () => {
  it('are off by default, with an address suggested from the company name, transliterated', async () => {
    const company = await ownedCompany('Північний Вітер');
    const res = await readSettings(company.companyId, company.session);
    expect(res.statusCode).toBe(200);
    const settings = CompanyPublicPageSettings.parse(res.json().data);
    expect(settings).toMatchObject({ address: null, is_public: false, noindex: false });
    expect(settings.suggested_address).toMatch(/^pivnichnyi-viter(-\d+)?$/);
    // Nothing is public until the company turns it on.
    expect((await visit(`/company/${settings.suggested_address}`)).statusCode).toBe(404);
  });

  it('answer 401 signed out, 403 to a member whose role may not edit the brand, 404 to another company, 200 to the owner and admins', async () => {
    const company = await ownedCompany();
    const admin = await createPerson(ctx);
    const member = await createPerson(ctx);
    await addMember(ctx, company.companyId, admin, 'admin');
    await addMember(ctx, company.companyId, member, 'member');
    const adminSession = await enterCompany(ctx, admin, company.companyId);
    const memberSession = await enterCompany(ctx, member, company.companyId);
    const other = await ownedCompany();
    const address = uniqueAddress('auth');
    const body = { address, is_public: true, noindex: false };

    expect((await readSettings(company.companyId, null)).statusCode).toBe(401);
    expect((await save(company.companyId, null, body)).statusCode).toBe(401);
    expect((await visit(`${workspacePaths.publicPageAvailability(company.companyId)}?address=abc`)).statusCode).toBe(401);
    // A personal-site session is not a company session.
    expect((await save(company.companyId, company.owner.token, body)).statusCode).toBe(401);

    // A member sees where the page stands but may not change it, nor probe addresses.
    expect((await readSettings(company.companyId, memberSession)).statusCode).toBe(200);
    const refused = await save(company.companyId, memberSession, body);
    expect(refused.statusCode).toBe(403);
    expect(expectErrorAnswer(refused).code).toBe('role_forbidden');
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `${workspacePaths.publicPageAvailability(company.companyId)}?address=abc`,
          headers: bearer(memberSession),
        })
      ).statusCode,
    ).toBe(403);

    // Another company's session names this company: 404, so ids cannot be probed.
    expect((await readSettings(company.companyId, other.session)).statusCode).toBe(404);
    expect((await save(company.companyId, other.session, body)).statusCode).toBe(404);

    expect((await save(company.companyId, company.session, body)).statusCode).toBe(200);
    expect((await save(company.companyId, adminSession, { ...body, noindex: true })).statusCode).toBe(200);
    const seen = CompanyPublicPageSettings.parse((await readSettings(company.companyId, memberSession)).json().data);
    expect(seen).toMatchObject({ address, is_public: true, noindex: true });
    // Nothing the refused calls sent was stored, and the other company's settings are untouched.
    expect(CompanyPublicPageSettings.parse((await readSettings(other.companyId, other.session)).json().data).address).toBeNull();
  });

  it('refuse bad addresses with a message each: length, characters, reserved words, the company host’s pages, taken in any case', async () => {
    const company = await ownedCompany();
    const holder = await ownedCompany();
    const held = uniqueAddress('held');
    await turnOn(holder, held);
    expect(await addressViolation(company, 'ab')).toBe('Use 3 to 60 lowercase letters, digits and single hyphens, not at the start or end');
    expect(await addressViolation(company, 'a'.repeat(61))).toBe('The address Exceeded maximum character length of 60');
    expect(await addressViolation(company, 'acme_ltd')).toMatch(/lowercase letters, digits and single hyphens/);
    expect(await addressViolation(company, '-acme')).toMatch(/single hyphens/);
    expect(await addressViolation(company, 'acme--ltd')).toMatch(/single hyphens/);
    expect(await addressViolation(company, 'acme ltd')).toMatch(/single hyphens/);
    // The company host's own page, and the site's words the people's rules reserve.
    expect(await addressViolation(company, 'access')).toBe('This address is reserved. Choose another one.');
    expect(await addressViolation(company, 'settings')).toBe('This address is reserved. Choose another one.');
    expect(await addressViolation(company, 'Admin')).toBe('This address is reserved. Choose another one.');
    expect(await addressViolation(company, held.toUpperCase())).toBe('This address is taken. Choose another one.');
    expect(await addressViolation(company, '')).toBe('The address Field is required');
    expect(await addressViolation(company, 'access', 'uk_UA')).toMatch(/зарезервована/);
    expect(await addressViolation(company, held, 'uk_UA')).toMatch(/вже зайнята/);
    // Typed in capitals with spaces around, an address is stored trimmed and lower-cased.
    const mixed = uniqueAddress('Mixed-Case');
    expect((await turnOn(company, `  ${mixed.toUpperCase()} `)).address).toBe(mixed.toLowerCase());
  });

  it('keep companies’ and people’s addresses apart: one word can be both /in/ and /company/', async () => {
    const company = await ownedCompany();
    const person = await createPerson(ctx);
    const shared = uniqueAddress('shared');
    const personSave = await ctx.app.inject({
      method: 'PUT',
      url: publicProfileApiPaths.settings,
      headers: { ...bearer(person.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ address: shared, is_public: true, noindex: false, sections: defaultPublicProfileSections }),
    });
    expect(personSave.statusCode, personSave.body).toBe(200);
    await turnOn(company, shared);
    expect((await visit(`/in/${shared}`)).body).toContain('<meta property="og:type" content="profile">');
    expect((await visit(`/company/${shared}`)).body).toContain('"@type":"Organization"');
  });

  it('refuse a malformed body with 4xx, never a 5xx', async () => {
    const company = await ownedCompany();
    for (const payload of [
      {},
      { address: 'x'.repeat(5000) },
      { address: uniqueAddress(), is_public: 'yes', noindex: false },
      [],
      'text',
      { address: 12, is_public: true, noindex: false },
      { address: uniqueAddress(), is_public: true, noindex: false, sections: {} },
    ]) {
      const res = await save(company.companyId, company.session, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
  });

  it('tell whether an address is free, reserved, malformed or taken', async () => {
    const company = await ownedCompany();
    const holder = await ownedCompany();
    const held = uniqueAddress('avail');
    await turnOn(holder, held);
    const ask = async (who: Owned, address: string) => {
      const res = await visit(
        `${workspacePaths.publicPageAvailability(who.companyId)}?address=${encodeURIComponent(address)}`,
        bearer(who.session),
      );
      expect(res.statusCode, res.body).toBe(200);
      return PublicAddressAvailability.parse(res.json().data);
    };
    expect(await ask(company, uniqueAddress('free'))).toMatchObject({ available: true, reason: null });
    expect(await ask(company, 'access')).toMatchObject({ available: false, reason: 'reserved' });
    expect(await ask(company, 'no way')).toMatchObject({ available: false, reason: 'format' });
    expect(await ask(company, held.toUpperCase())).toMatchObject({ address: held, available: false, reason: 'taken' });
    expect(await ask(holder, held)).toMatchObject({ available: true });
  });
});

describe('the public page signed out', () => {
  it('shows the brand as HTML with title, description, canonical, Open Graph, Twitter, JSON-LD and the way to ask to join', async () => {
    const company = await ownedCompany();
    await ctx.database.db
      .update(companies)
      .set({
        name: 'Acme <Robotics> & Co',
        industryId: 1,
        about: 'We build <b>robots</b>\nthat help.',
        website: 'https://acme.example',
        location: 'Kyiv',
        size: '11-50',
      })
      .where(eq(companies.id, company.companyId));
    const address = uniqueAddress('acme');
    await turnOn(company, address);

    const res = await visit(`/company/${address}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('<title>Acme &lt;Robotics&gt; &amp; Co — Information technology | Profiles</title>');
    expect(html).not.toContain('<b>robots</b>');
    expect(html).not.toContain('<Robotics>');
    expect(html).toContain('<meta name="description" content="We build &lt;b&gt;robots&lt;/b&gt; that help.">');
    expect(html).toContain(`<link rel="canonical" href="${ctx.config.publicSiteUrl}/company/${address}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="uk" href="${ctx.config.publicSiteUrl}/uk/company/${address}">`);
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain('<meta property="og:title" content="Acme &lt;Robotics&gt; &amp; Co">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain('Information technology · Kyiv');
    expect(html).toContain('<a href="https://acme.example/" rel="nofollow noopener">https://acme.example</a>');
    expect(html).toContain('11-50 people');
    expect(html).toContain(`<a class="button" href="/company-profile?id=${company.companyId}">Ask to join</a>`);
    expect(html).not.toContain('noindex');
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(jsonLd).toMatchObject({
      '@type': 'Organization',
      name: 'Acme <Robotics> & Co',
      url: `${ctx.config.publicSiteUrl}/company/${address}`,
      sameAs: ['https://acme.example/'],
      numberOfEmployees: { '@type': 'QuantitativeValue', minValue: 11, maxValue: 50 },
    });
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src/);

    const uk = await visit(`/uk/company/${address}`);
    expect(uk.statusCode).toBe(200);
    expect(uk.body).toContain('<html lang="uk">');
    expect(uk.body).toContain('Інформаційні технології · Kyiv');
    expect(uk.body).toContain(`<a class="button" href="/uk/company-profile?id=${company.companyId}">Попросити приєднатися</a>`);
    expect(uk.body).toContain('11-50 осіб');
    expect(uk.body).toContain(`<link rel="canonical" href="${ctx.config.publicSiteUrl}/uk/company/${address}">`);
  });

  it('accepts a trailing slash: it moves to the page itself, in both languages', async () => {
    const company = await ownedCompany();
    const address = uniqueAddress('slash');
    await turnOn(company, address);
    for (const prefix of ['', '/uk']) {
      const slashed = await visit(`${prefix}/company/${address}/`);
      expect(slashed.statusCode).toBe(301);
      expect(slashed.headers.location).toBe(`${prefix}/company/${address}`);
      expect((await visit(slashed.headers.location as string)).statusCode).toBe(200);
    }
  });

  it('counts verified employees whose job is current, once each, of active accounts only', async () => {
    const company = await ownedCompany();
    const address = uniqueAddress('count');
    await turnOn(company, address);
    const countOn = async (path: string) => {
      const html = (await visit(path)).body;
      const match = /<h2 class="count" id="people"><strong>(\d+)<\/strong> ([^<]+)<\/h2>/.exec(html);
      expect(match, html).not.toBeNull();
      return { count: Number(match![1]), words: match![2] };
    };
    // The owner is a member, not a verified employee; nobody is counted yet.
    expect(await countOn(`/company/${address}`)).toEqual({ count: 0, words: 'verified employees' });

    const [current, twoRows, left, leaving, ended, endsToday, notStarted, closed, selfDeclared, elsewhere] = await Promise.all(
      Array.from({ length: 10 }, () => createPerson(ctx)),
    );
    await verifiedJob(company.companyId, current!);
    // One person with two current rows (an open-ended one and one with a planned end) is one employee.
    await verifiedJob(company.companyId, twoRows!);
    await verifiedJob(company.companyId, twoRows!, { plannedTermination: '2027-06-30' });
    await verifiedJob(company.companyId, left!, { leavesOn: '2026-11-01' });
    // Leaving tomorrow: still here today (the clock's day is 2026-11-22).
    await verifiedJob(company.companyId, leaving!, { leavesOn: '2026-11-23' });
    await verifiedJob(company.companyId, ended!, { plannedTermination: '2026-11-21' });
    await verifiedJob(company.companyId, endsToday!, { plannedTermination: '2026-11-22' });
    await verifiedJob(company.companyId, notStarted!, { startDate: '2026-12-01' });
    await verifiedJob(company.companyId, closed!);
    await ctx.database.db.update(users).set({ status: 'closed' }).where(eq(users.id, closed!.id));
    // A job the person declared themselves is not verified, and another company's employee is not this one's.
    await ctx.database.db
      .insert(employments)
      .values({ userId: selfDeclared!.id, position: 'Engineer', companyName: 'Acme', startDate: '2025-01-01', isCurrent: true });
    const otherCompany = await ownedCompany();
    await verifiedJob(otherCompany.companyId, elsewhere!);

    expect(await countOn(`/company/${address}`)).toEqual({ count: 4, words: 'verified employees' });
    expect(await countOn(`/uk/company/${address}`)).toEqual({ count: 4, words: 'працівники з підтвердженою роботою' });
    // The next day the one leaving and the one whose planned end was today are gone; the count follows the clock.
    ctx.clock.advance(dayMs);
    expect(await countOn(`/company/${address}`)).toEqual({ count: 2, words: 'verified employees' });
    ctx.clock.advance(-dayMs);
    const onlyOne = await ownedCompany();
    const onlyAddress = uniqueAddress('one');
    await turnOn(onlyOne, onlyAddress);
    await verifiedJob(onlyOne.companyId, current!);
    expect(await countOn(`/company/${onlyAddress}`)).toEqual({ count: 1, words: 'verified employee' });
    expect(await countOn(`/uk/company/${onlyAddress}`)).toEqual({ count: 1, words: 'працівник із підтвердженою роботою' });
  });

  it('shows nothing the company keeps to itself: members, emails, requests, invitations', async () => {
    const company = await ownedCompany();
    const member = await createPerson(ctx, { firstName: 'Secretmember' });
    await addMember(ctx, company.companyId, member, 'admin');
    const asker = await createPerson(ctx, { firstName: 'Secretasker' });
    await ctx.database.db
      .insert(companyJoinRequests)
      .values({ companyId: company.companyId, userId: asker.id, message: 'Hidden join message', requestedAt: ctx.clock.now() });
    await ctx.database.db.insert(companyInvitations).values({
      companyId: company.companyId,
      email: 'invited-secret@example.test',
      position: 'Hidden position',
      invitedBy: company.owner.id,
      tokenHash: `hash-${uniqueAddress()}`,
      sentAt: ctx.clock.now(),
      expiresAt: new Date(ctx.clock.now().getTime() + 7 * dayMs),
    });
    // The cover belongs to the signed-in brand page; the public one leaves it out (its weight).
    await ctx.database.db.update(companies).set({ coverPath: 'hidden-cover.png' }).where(eq(companies.id, company.companyId));
    const address = uniqueAddress('private');
    await turnOn(company, address);
    for (const path of [`/company/${address}`, `/uk/company/${address}`]) {
      const html = (await visit(path)).body;
      for (const secret of [
        company.owner.email,
        member.email,
        'Secretmember',
        'Secretasker',
        'Hidden join message',
        'invited-secret@example.test',
        'Hidden position',
        'hidden-cover.png',
      ]) {
        expect(html, `${path} shows ${secret}`).not.toContain(secret);
      }
    }
  });

  it('answers 404 "Company not found" alike for unknown, switched-off and ownerless, with the same page for each', async () => {
    const off = await ownedCompany();
    const ownerless = await ownedCompany();
    const offAddress = uniqueAddress('off');
    const ownerlessAddress = uniqueAddress('gone');
    await turnOn(off, offAddress, { is_public: false });
    await turnOn(ownerless, ownerlessAddress);
    expect((await visit(`/company/${ownerlessAddress}`)).statusCode).toBe(200);
    // Closing the owner's account ends their membership: nobody is left to answer for the page.
    await ctx.database.db
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, ownerless.companyId), eq(companyMembers.userId, ownerless.owner.id)));
    const bodies = new Set<string>();
    for (const path of [
      `/company/${uniqueAddress('nobody')}`,
      `/company/${offAddress}`,
      `/company/${ownerlessAddress}`,
      '/company/x',
      '/company/access',
    ]) {
      const res = await visit(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Company not found');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    const malformed = await visit('/company/%ff');
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
    const uk = await visit(`/uk/company/${offAddress}`);
    expect(uk.statusCode).toBe(404);
    expect(uk.body).toContain('Компанію не знайдено');
    expect(uk.body).toContain('<html lang="uk">');
  });

  it('belongs to the personal host: the company host’s paths stay its own pages', async () => {
    const company = await ownedCompany();
    const address = uniqueAddress('host');
    await turnOn(company, address);
    expect((await visit(`/company/${address}`, { host: 'localhost:4321' })).statusCode).toBe(200);
    const onCompanyHost = await visit(`/company/${address}`, { host: 'company.localhost:4321' });
    expect(onCompanyHost.statusCode).toBe(404);
    expect(onCompanyHost.body).not.toContain('Organization');
  });

  it('is taken down at once when switched off', async () => {
    const company = await ownedCompany();
    const address = uniqueAddress('down');
    await turnOn(company, address);
    expect((await visit(`/company/${address}`)).statusCode).toBe(200);
    await turnOn(company, address, { is_public: false });
    expect((await visit(`/company/${address}`)).statusCode).toBe(404);
  });

  it('carries an ETag: 304 to the same tag, and a change gives a new page with a new tag on the next request', async () => {
    const company = await ownedCompany();
    const address = uniqueAddress('etag');
    await turnOn(company, address);
    const first = await visit(`/company/${address}`);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await visit(`/company/${address}`, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await ctx.database.db.update(companies).set({ about: 'Now with a story' }).where(eq(companies.id, company.companyId));
    const changed = await visit(`/company/${address}`, { 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Now with a story');
    expect(changed.headers.etag).not.toBe(tag);
    // A new verified employee changes the page too.
    await verifiedJob(company.companyId, await createPerson(ctx));
    expect((await visit(`/company/${address}`, { 'if-none-match': String(changed.headers.etag) })).statusCode).toBe(200);
  });

  it('is gzipped for a client that accepts it, and a full brand page stays within 14 KB gzip', async () => {
    const company = await ownedCompany();
    const address = uniqueAddress('gzip');
    await turnOn(company, address);
    const res = await ctx.app.inject({ method: 'GET', url: `/company/${address}`, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('<!doctype html>');
    // Every field at its longest, in made-up words that compress worse than real text (decision 211's
    // budget: one TCP initial window).
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const madeUp = (alphabet: string, length: number) => {
      let text = '';
      while (text.length < length)
        text += `${Array.from({ length: 2 + Math.floor(random() * 8) }, () => [...alphabet][Math.floor(random() * [...alphabet].length)]).join('')} `;
      return text.slice(0, length);
    };
    for (const locale of ['en_GB', 'uk_UA'] as const) {
      const alphabet = locale === 'uk_UA' ? 'абвгґдеєжзиіїйклмнопрстуфхцчшщьюя' : 'abcdefghijklmnopqrstuvwxyz';
      const longest: PublicCompany = {
        companyId: 1,
        address: 'a'.repeat(60),
        noindex: false,
        name: madeUp(alphabet, fieldLimits.brand.name),
        industry: 'Information technology',
        industryId: 1,
        about: madeUp(alphabet, fieldLimits.brand.about),
        website: `https://${madeUp('abcdefghijklmnopqrstuvwxyz', fieldLimits.brand.website - 30).replace(/ /g, '-')}.example`,
        location: madeUp(alphabet, fieldLimits.brand.location),
        size: '1001+',
        logoUrl: '/api/files/3f2a9c1e-5b7d-4a6f-8e0c-2b1d9a7f5e3c.png',
        verifiedEmployees: 123_456,
        // The longest identity: no domain, and a name it could pass for (decision 266).
        identity: {
          verified_domain: null,
          not_affiliated_with: { name: madeUp(alphabet, fieldLimits.brand.name), domain: `${'x'.repeat(60)}.example` },
        },
        updatedAt: new Date(),
      };
      expect(gzipSync(renderCompanyPage(longest, { siteUrl: 'https://profiles.example.org', locale })).length).toBeLessThanOrEqual(
        14 * 1024,
      );
    }
  });

  it('moves an old address to the new one with 301 for 30 days, then frees it for anyone', async () => {
    const company = await ownedCompany();
    const other = await ownedCompany();
    const old = uniqueAddress('old');
    const renamed = uniqueAddress('new');
    await turnOn(company, old);
    await turnOn(company, renamed);
    const moved = await visit(`/uk/company/${old}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/uk/company/${renamed}`);
    // Other spellings of the address move to the address itself.
    const upper = await visit(`/company/${renamed.toUpperCase()}`);
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe(`/company/${renamed}`);
    // Meanwhile no one else may take it, but the company may take it back.
    expect(await addressViolation(other, old)).toBe('This address is taken. Choose another one.');
    ctx.clock.advance(30 * dayMs + 1000);
    expect((await visit(`/company/${old}`)).statusCode).toBe(404);
    // A company session lives 12 hours (decision 243): the other owner enters again.
    other.session = await enterCompany(ctx, other.owner, other.companyId);
    await turnOn(other, old);
    expect((await visit(`/company/${old}`)).statusCode).toBe(200);
    ctx.clock.advance(-(30 * dayMs + 1000));
  });

  it('says noindex when the company asks, and the sitemap lists indexable company pages beside people’s', async () => {
    const shown = await ownedCompany();
    const hidden = await ownedCompany();
    const off = await ownedCompany();
    const shownAddress = uniqueAddress('map');
    const hiddenAddress = uniqueAddress('noindex');
    const offAddress = uniqueAddress('mapoff');
    await turnOn(shown, shownAddress);
    await turnOn(hidden, hiddenAddress, { noindex: true });
    await turnOn(off, offAddress, { is_public: false });
    expect((await visit(`/company/${hiddenAddress}`)).body).toContain('<meta name="robots" content="noindex, nofollow">');
    const person = await createPerson(ctx);
    const personAddress = uniqueAddress('person');
    await ctx.app.inject({
      method: 'PUT',
      url: publicProfileApiPaths.settings,
      headers: { ...bearer(person.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ address: personAddress, is_public: true, noindex: false, sections: defaultPublicProfileSections }),
    });
    const sitemap = await visit('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain(`<loc>${ctx.config.publicSiteUrl}/company/${shownAddress}</loc>`);
    expect(sitemap.body).toContain(`<loc>${ctx.config.publicSiteUrl}/uk/company/${shownAddress}</loc>`);
    expect(sitemap.body).toContain(
      `<xhtml:link rel="alternate" hreflang="uk" href="${ctx.config.publicSiteUrl}/uk/company/${shownAddress}"/>`,
    );
    expect(sitemap.body).toContain(`<loc>${ctx.config.publicSiteUrl}/in/${personAddress}</loc>`);
    expect(sitemap.body).not.toContain(hiddenAddress);
    expect(sitemap.body).not.toContain(offAddress);
  });
});
