// Opt-in public profiles (decision 208): the settings endpoints (who may call them, what
// addresses they take), and what /in/{address} answers signed out: the page with its meta, 404 for
// unknown, switched-off and closed alike, 301 from an old address for 30 days, ETag and 304, the
// sitemap, and never a contact field the person did not open to everyone.
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPublicProfileSections, publicProfileApiPaths } from '../../contract/public-profile.ts';
import { PublicAddressAvailability, PublicProfileSettings } from '../../contract/public-profile-schemas.ts';
import { employments, profileLanguages, skills } from '../db/profile-schema.ts';
import { profiles, users } from '../db/schema.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const dayMs = 24 * 60 * 60 * 1000;
let serial = 0;
const uniqueAddress = (stem = 'person') => `${stem}-${Date.now().toString(36)}-${(serial += 1)}`;

const settingsOf = async (user: TestUser) => {
  const res = await ctx.app.inject({ method: 'GET', url: publicProfileApiPaths.settings, headers: bearer(user.token) });
  expect(res.statusCode, res.body).toBe(200);
  return PublicProfileSettings.parse(res.json().data);
};
const save = (user: TestUser | null, payload: unknown, locale = 'en_GB') =>
  ctx.app.inject({
    method: 'PUT',
    url: `${publicProfileApiPaths.settings}?locale=${locale}`,
    headers: { ...(user ? bearer(user.token) : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const turnOn = async (user: TestUser, address: string, more: object = {}) => {
  const res = await save(user, { address, is_public: true, noindex: false, sections: defaultPublicProfileSections, ...more });
  expect(res.statusCode, res.body).toBe(200);
  return PublicProfileSettings.parse(res.json().data);
};
const visit = (path: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: path, headers });
const addressViolation = async (user: TestUser, address: unknown, locale = 'en_GB') => {
  const res = await save(user, { address, is_public: true, noindex: false, sections: defaultPublicProfileSections }, locale);
  expect(res.statusCode, res.body).toBe(422);
  return expectErrorAnswer(res).violations!.find((v) => v.field === 'address')?.title;
};

describe('the public profile settings', () => {
  it('are off by default, with an address suggested from the name, transliterated', async () => {
    const person = await createUser(ctx, { firstName: 'Олена' });
    await ctx.database.db.update(profiles).set({ lastName: 'Коваль' }).where(eq(profiles.userId, person.id));
    const settings = await settingsOf(person);
    expect(settings).toMatchObject({ address: null, is_public: false, noindex: false, sections: defaultPublicProfileSections });
    expect(settings.suggested_address).toMatch(/^olena-koval(-\d+)?$/);
  });

  it('answer 401 to an anonymous caller, and each person reads and saves only their own', async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    expect((await visit(publicProfileApiPaths.settings)).statusCode).toBe(401);
    expect(
      (await save(null, { address: uniqueAddress(), is_public: true, noindex: false, sections: defaultPublicProfileSections })).statusCode,
    ).toBe(401);
    expect((await visit(`${publicProfileApiPaths.availability}?address=abc`)).statusCode).toBe(401);
    const address = uniqueAddress('owner');
    await turnOn(owner, address);
    // Another person's save changes their own settings, never the owner's; the owner's address is taken for them.
    expect(await addressViolation(other, address)).toBe('This address is taken. Choose another one.');
    expect((await settingsOf(owner)).address).toBe(address);
    expect((await settingsOf(other)).address).toBeNull();
  });

  it('refuse bad addresses with a message each: length, characters, reserved words, taken in any case', async () => {
    const person = await createUser(ctx);
    const holder = await createUser(ctx);
    const held = uniqueAddress('held');
    await turnOn(holder, held);
    expect(await addressViolation(person, 'ab')).toBe('Use 3 to 60 lowercase letters, digits and single hyphens, not at the start or end');
    expect(await addressViolation(person, 'a'.repeat(61))).toBe('The address Exceeded maximum character length of 60');
    expect(await addressViolation(person, 'olena_koval')).toMatch(/lowercase letters, digits and single hyphens/);
    expect(await addressViolation(person, '-olena')).toMatch(/single hyphens/);
    expect(await addressViolation(person, 'olena--koval')).toMatch(/single hyphens/);
    expect(await addressViolation(person, 'settings')).toBe('This address is reserved. Choose another one.');
    expect(await addressViolation(person, 'Admin')).toBe('This address is reserved. Choose another one.');
    expect(await addressViolation(person, held.toUpperCase())).toBe('This address is taken. Choose another one.');
    expect(await addressViolation(person, '')).toBe('The address Field is required');
    expect(await addressViolation(person, 'admin', 'uk_UA')).toMatch(/зарезервована/);
  });

  it('refuse a malformed body with 422, never a 5xx', async () => {
    const person = await createUser(ctx);
    for (const payload of [
      {},
      { address: 'x'.repeat(5000) },
      { address: uniqueAddress(), is_public: 'yes', noindex: false, sections: {} },
      [],
      'text',
      { address: 12, is_public: true, noindex: false, sections: defaultPublicProfileSections },
      { address: uniqueAddress(), is_public: true, noindex: false, sections: { ...defaultPublicProfileSections, about: true } },
    ]) {
      const res = await save(person, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
  });

  it('tell whether an address is free, reserved, malformed or taken', async () => {
    const person = await createUser(ctx);
    const holder = await createUser(ctx);
    const held = uniqueAddress('avail');
    await turnOn(holder, held);
    const ask = async (address: string) => {
      const res = await visit(`${publicProfileApiPaths.availability}?address=${encodeURIComponent(address)}`, bearer(person.token));
      expect(res.statusCode, res.body).toBe(200);
      return PublicAddressAvailability.parse(res.json().data);
    };
    expect(await ask(uniqueAddress('free'))).toMatchObject({ available: true, reason: null });
    expect(await ask('login')).toMatchObject({ available: false, reason: 'reserved' });
    expect(await ask('no way')).toMatchObject({ available: false, reason: 'format' });
    expect(await ask(held.toUpperCase())).toMatchObject({ address: held, available: false, reason: 'taken' });
    // One's own address is available to oneself.
    const res = await visit(`${publicProfileApiPaths.availability}?address=${held}`, bearer(holder.token));
    expect(res.json().data).toMatchObject({ available: true });
  });
});

describe('the public page signed out', () => {
  it('shows the profile as HTML with title, description, canonical, Open Graph, Twitter and JSON-LD', async () => {
    const person = await createUser(ctx, { firstName: 'Olena' });
    await ctx.database.db
      .update(profiles)
      .set({ lastName: 'Koval', headline: 'Product designer <b>&</b>', profileStatus: 'open_to_work' })
      .where(eq(profiles.userId, person.id));
    await ctx.database.db.insert(skills).values({ userId: person.id, name: 'Figma' });
    await ctx.database.db.insert(profileLanguages).values({ userId: person.id, code: 'uk', proficiency: 'native' });
    const address = uniqueAddress('olena');
    await turnOn(person, address);

    const res = await visit(`/in/${address}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('<title>Olena Koval — Product designer &lt;b&gt;&amp;&lt;/b&gt; | Profiles</title>');
    expect(html).not.toContain('<b>&</b>');
    expect(html).toMatch(/<meta name="description" content="Product designer &lt;b&gt;&amp;&lt;\/b&gt;. Figma">/);
    expect(html).toContain(`<link rel="canonical" href="${ctx.config.publicSiteUrl}/in/${address}">`);
    expect(html).toContain('<meta property="og:type" content="profile">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain('Open to work');
    expect(html).toContain('Sign in to see more');
    expect(html).not.toContain('noindex');
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(jsonLd).toMatchObject({
      '@type': 'Person',
      name: 'Olena Koval',
      knowsAbout: ['Figma'],
      knowsLanguage: [{ '@type': 'Language', alternateName: 'uk' }],
    });
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src/);

    const uk = await visit(`/uk/in/${address}`);
    expect(uk.statusCode).toBe(200);
    expect(uk.body).toContain('<html lang="uk">');
    expect(uk.body).toContain('Увійдіть, щоб побачити більше');
    expect(uk.body).toContain('Шукаю роботу');
    expect(uk.body).toContain(`<link rel="canonical" href="${ctx.config.publicSiteUrl}/uk/in/${address}">`);
  });

  it('writes dates as the app does, in both languages (contract/date-formats.ts)', async () => {
    const person = await createUser(ctx, { firstName: 'Dana' });
    await ctx.database.db
      .insert(employments)
      .values({ userId: person.id, position: 'Editor', companyName: 'Acme', startDate: '2021-03-01', endDate: '2023-11-01' });
    const address = uniqueAddress('dana');
    await turnOn(person, address);
    expect((await visit(`/in/${address}`)).body).toContain('Mar 2021 – Nov 2023');
    // 'березень 2021', as the app writes a month: Intl's 'березень 2021 р.' read differently.
    const uk = (await visit(`/uk/in/${address}`)).body;
    expect(uk).toContain('березень 2021 – листопад 2023');
    expect(uk).not.toContain('2021 р.');
  });

  it('answers 404 "Profile not found" alike for unknown, switched-off and closed, and the same page for each', async () => {
    const off = await createUser(ctx);
    const closed = await createUser(ctx);
    const offAddress = uniqueAddress('off');
    const closedAddress = uniqueAddress('closed');
    await turnOn(off, offAddress, { is_public: false });
    await turnOn(closed, closedAddress);
    await ctx.database.db.update(users).set({ status: 'closed' }).where(eq(users.id, closed.id));
    const bodies = new Set<string>();
    for (const path of [`/in/${uniqueAddress('nobody')}`, `/in/${offAddress}`, `/in/${closedAddress}`, '/in/x']) {
      const res = await visit(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('Profile not found');
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    const malformed = await visit('/in/%ff');
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
    expect((await visit(`/uk/in/${offAddress}`)).body).toContain('Профіль не знайдено');
  });

  it('is taken down at once when switched off, and a section switched off is gone on the next request', async () => {
    const person = await createUser(ctx);
    await ctx.database.db.insert(skills).values({ userId: person.id, name: 'Typography' });
    const address = uniqueAddress('down');
    await turnOn(person, address);
    expect((await visit(`/in/${address}`)).body).toContain('Typography');
    await turnOn(person, address, { sections: { ...defaultPublicProfileSections, skills: false } });
    expect((await visit(`/in/${address}`)).body).not.toContain('Typography');
    await turnOn(person, address, { is_public: false });
    expect((await visit(`/in/${address}`)).statusCode).toBe(404);
  });

  it('carries an ETag: 304 to the same tag, and a change gives a new page with a new tag on the next request', async () => {
    const person = await createUser(ctx);
    const address = uniqueAddress('etag');
    await turnOn(person, address);
    const first = await visit(`/in/${address}`);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await visit(`/in/${address}`, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await ctx.database.db.update(profiles).set({ headline: 'Now a lead designer' }).where(eq(profiles.userId, person.id));
    const changed = await visit(`/in/${address}`, { 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Now a lead designer');
    expect(changed.headers.etag).not.toBe(tag);
  });

  it('is gzipped for a client that accepts it', async () => {
    const person = await createUser(ctx);
    const address = uniqueAddress('gzip');
    await turnOn(person, address);
    const res = await ctx.app.inject({ method: 'GET', url: `/in/${address}`, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('<!doctype html>');
  });

  it('never shows a contact field the person did not open to everyone', async () => {
    const person = await createUser(ctx);
    await ctx.database.db
      .update(profiles)
      .set({
        contactEmail: 'open@example.test',
        contactPhone: '+380671112233',
        address: '12 Secret Street',
        birthDate: '1990-01-02',
        contactVisibility: { contact_email: 'everyone', contact_phone: 'signed_in' },
      })
      .where(eq(profiles.userId, person.id));
    const address = uniqueAddress('contact');
    await turnOn(person, address);
    const html = (await visit(`/in/${address}`)).body;
    expect(html).toContain('open@example.test');
    expect(html).not.toContain('+380671112233');
    expect(html).not.toContain('Secret Street');
    expect(html).not.toContain('1990');
    expect(html).not.toContain(person.email);
    await turnOn(person, address, { sections: { ...defaultPublicProfileSections, contact: false } });
    expect((await visit(`/in/${address}`)).body).not.toContain('open@example.test');
  });

  it('offers Join beside sign-in, both shown on phones, each leading back to the page', async () => {
    const person = await createUser(ctx);
    const address = uniqueAddress('join');
    await turnOn(person, address);
    for (const [prefix, join] of [
      ['', 'Join'],
      ['/uk', 'Приєднатися'],
    ] as const) {
      const page = (await visit(`${prefix}/in/${address}`)).body;
      const back = encodeURIComponent(`${prefix}/in/${address}`);
      expect(page).toContain(`<a class="join" href="${prefix}/create-account?redirect=${back}">${join}</a>`);
      expect(page).toContain(`<a class="signin" href="${prefix}/login?redirect=${back}">`);
      // Nothing hides either on a narrow screen.
      expect(page).not.toMatch(/\.signin\{display:none\}|\.join\{display:none\}/);
    }
  });

  it('accepts a trailing slash: it moves to the page itself, in both languages', async () => {
    const person = await createUser(ctx);
    const address = uniqueAddress('slash');
    await turnOn(person, address);
    for (const prefix of ['', '/uk']) {
      const slashed = await visit(`${prefix}/in/${address}/`);
      expect(slashed.statusCode).toBe(301);
      expect(slashed.headers.location).toBe(`${prefix}/in/${address}`);
      expect((await visit(slashed.headers.location as string)).statusCode).toBe(200);
    }
    // An unknown address with a slash still ends at the public 404 page.
    const unknown = await visit(`/in/${uniqueAddress('nobody')}/`);
    expect(unknown.statusCode).toBe(301);
    expect((await visit(unknown.headers.location as string)).statusCode).toBe(404);
  });

  it('moves an old address to the new one with 301 for 30 days, then frees it for anyone', async () => {
    const person = await createUser(ctx);
    const other = await createUser(ctx);
    const old = uniqueAddress('old');
    const renamed = uniqueAddress('new');
    await turnOn(person, old);
    await turnOn(person, renamed);
    const moved = await visit(`/uk/in/${old}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/uk/in/${renamed}`);
    // Other spellings of the address move to the address itself.
    const upper = await visit(`/in/${renamed.toUpperCase()}`);
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe(`/in/${renamed}`);
    // Meanwhile no one else may take it.
    expect(await addressViolation(other, old)).toBe('This address is taken. Choose another one.');
    ctx.clock.advance(30 * dayMs + 1000);
    expect((await visit(`/in/${old}`)).statusCode).toBe(404);
    await turnOn(other, old);
    expect((await visit(`/in/${old}`)).statusCode).toBe(200);
  });

  it('says noindex when the person asks, and the sitemap lists only indexable public profiles', async () => {
    const shown = await createUser(ctx);
    const hidden = await createUser(ctx);
    const off = await createUser(ctx);
    const shownAddress = uniqueAddress('map');
    const hiddenAddress = uniqueAddress('noindex');
    const offAddress = uniqueAddress('mapoff');
    await turnOn(shown, shownAddress);
    await turnOn(hidden, hiddenAddress, { noindex: true });
    await turnOn(off, offAddress, { is_public: false });
    expect((await visit(`/in/${hiddenAddress}`)).body).toContain('<meta name="robots" content="noindex, nofollow">');
    const sitemap = await visit('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain(`<loc>${ctx.config.publicSiteUrl}/in/${shownAddress}</loc>`);
    expect(sitemap.body).toContain(`<loc>${ctx.config.publicSiteUrl}/uk/in/${shownAddress}</loc>`);
    expect(sitemap.body).not.toContain(hiddenAddress);
    expect(sitemap.body).not.toContain(offAddress);
  });
});
