import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicProfiles } from '../db/public-profile-schema.ts';
import { createUser } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let site: string;
/** An open account's id: `{id}` in a path below. */
let personId: number;

const page = (title: string) =>
  `<!doctype html><html><head><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-abc='"><title>${title}</title></head><body></body></html>`;

beforeAll(async () => {
  site = mkdtempSync(path.join(tmpdir(), 'profiles-site-'));
  const write = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), body);
  };
  write('index.html', page('Home'));
  write('login/index.html', page('Log in'));
  write('uk/login/index.html', page('Вхід'));
  write('settings/index.html', page('Settings'));
  write('employment-details/index.html', page('Employment details'));
  write('404.html', page('Not found'));
  write('uk/404/index.html', page('Не знайдено'));
  write('_astro/app.abc123.js', 'console.log(1)');
  write('version.json', '{"ts":1}');
  write('company/index.html', page('Workspace'));
  write('company/access/index.html', page('Access'));
  write('uk/company/index.html', page('Робочий простір'));
  writeFileSync(path.join(path.dirname(site), 'secret.txt'), 'secret');
  ctx = await createTestContext({ SITE_DIR: site });
  personId = (await createUser(ctx)).id;
});
afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url: url.replace('{id}', String(personId)) });

describe('serving the built site', () => {
  it.each([
    ['/login', 'Log in'],
    ['/login/', 'Log in'],
    ['/uk/login', 'Вхід'],
    ['/', 'Home'],
    ['/profile-{id}', 'Home'],
    ['/profile-{id}/', 'Home'],
    ['/profile-{id}/settings', 'Settings'],
    ['/uk/profile-{id}/login', 'Вхід'],
    ['/employment-details/15', 'Employment details'],
    ['/profile-{id}/employment-details/15', 'Employment details'],
    ['/login?next=%2Fsettings', 'Log in'],
  ])('serves %s from the page titled %s', async (url, title) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<title>${title}</title>`);
  });

  it('answers an unknown page with the 404 page and status 404', async () => {
    const res = await get('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Not found</title>');
  });

  it.each([
    ['/profile-9999', 'Not found'],
    ['/profile-9999/', 'Not found'],
    ['/profile-9999/careers', 'Not found'],
    ['/profile-abc', 'Not found'],
    ['/profile-0', 'Not found'],
    ['/uk/profile-9999', 'Не знайдено'],
    ['/uk/profile-99999999999/careers', 'Не знайдено'],
  ])('answers %s, a person who does not exist, with the 404 page titled %s and status 404', async (url, title) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(`<title>${title}</title>`);
  });

  describe("a signed-out visitor of a person's profile", () => {
    let publicId: number;
    let hiddenId: number;
    beforeAll(async () => {
      publicId = (await createUser(ctx)).id;
      await ctx.database.db.insert(publicProfiles).values({ userId: publicId, address: `shown-${publicId}`, isPublic: true });
      hiddenId = (await createUser(ctx)).id;
      await ctx.database.db.insert(publicProfiles).values({ userId: hiddenId, address: `hidden-${hiddenId}`, isPublic: false });
    });
    const visit = (url: string, cookie?: string) =>
      ctx.app.inject({ method: 'GET', url: url.replace('{id}', String(publicId)), headers: cookie ? { cookie } : {} });

    it.each([
      ['/profile-{id}', '/in/shown-{id}'],
      ['/profile-{id}/', '/in/shown-{id}'],
      ['/uk/profile-{id}', '/uk/in/shown-{id}'],
      ['/uk/profile-{id}/', '/uk/in/shown-{id}'],
    ])('goes from %s to the public page %s when the person has one on', async (url, location) => {
      const res = await visit(url, 'locale=uk_UA');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(location.replace('{id}', String(publicId)));
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('stays on the app for a signed-in visitor, for the pages below the profile, and for a person whose page is off', async () => {
      const signedIn = await visit('/profile-{id}', 'locale=en_GB; s-token=abc');
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body).toContain('<title>Home</title>');
      expect((await visit('/profile-{id}/settings')).statusCode).toBe(200);
      expect((await visit('/profile-{id}', 's-token=')).statusCode).toBe(302);
      const off = await ctx.app.inject({ method: 'GET', url: `/profile-${hiddenId}` });
      expect(off.statusCode).toBe(200);
      expect(off.body).toContain('<title>Home</title>');
      expect((await get('/profile-{id}')).statusCode).toBe(200);
    });
  });

  it('answers an unknown Ukrainian page with the Ukrainian 404 page', async () => {
    const res = await get('/uk/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Не знайдено');
  });

  it('does not honour a profile segment without the profile- prefix', async () => {
    expect((await get('/42/settings')).statusCode).toBe(404);
    expect((await get('/profile/settings')).statusCode).toBe(404);
  });

  it.each(['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/login/%00', '/%E0%A4%A'])(
    'never serves a file outside the site for %s',
    async (url) => {
      const res = await get(url);
      // A malformed escape is refused by the router itself with 400; anything else is a plain 404.
      expect([400, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('secret');
    },
  );

  it("lifts the page's CSP into the header and adds frame-ancestors", async () => {
    const res = await get('/login');
    expect(res.headers['content-security-policy']).toBe("default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors 'none'");
  });

  it('caches fingerprinted assets forever, pages never without revalidation, version.json not at all', async () => {
    expect((await get('/_astro/app.abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/login')).headers['cache-control']).toBe('no-cache');
    expect((await get('/version.json')).headers['cache-control']).toBe('no-store');
  });

  it('answers a repeated request for an unchanged page 304 by its ETag, and never the 404 page', async () => {
    const first = await get('/login');
    expect(first.headers.etag).toBeDefined();
    const again = await ctx.app.inject({ method: 'GET', url: '/login', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const missing = await get('/no-such-page');
    expect(missing.headers.etag).toBeUndefined();
  });

  it('answers HEAD for a page', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/login' });
    expect(res.statusCode).toBe(200);
  });

  it('sends HSTS only behind TLS when the proxy is trusted', async () => {
    const trusted = await createTestContext({ SITE_DIR: site, TRUST_PROXY: 'true' });
    try {
      const res = await trusted.app.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    } finally {
      await trusted.close();
    }
    const untrusted = await get('/login');
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the company host (SPEC §7, decision 090)', () => {
  const onCompanyHost = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { host: 'company.localhost:4321' } });

  it.each([
    ['/', 'Workspace'],
    ['/access', 'Access'],
    ['/uk/', 'Робочий простір'],
  ])('serves %s from the company pages', async (url, title) => {
    const res = await onCompanyHost(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${title}</title>`);
  });

  it('serves the shared assets from the root', async () => {
    expect((await onCompanyHost('/_astro/app.abc123.js')).statusCode).toBe(200);
    expect((await onCompanyHost('/version.json')).body).toBe('{"ts":1}');
  });

  it('does not serve personal pages, and the personal host does not serve company pages', async () => {
    expect((await onCompanyHost('/settings')).statusCode).toBe(404);
    expect((await get('/company/')).statusCode).toBe(404);
    expect((await get('/company/access')).statusCode).toBe(404);
    expect((await get('/uk/company/')).statusCode).toBe(404);
  });
});

describe('compressed answers', () => {
  it('sends the Brotli or gzip twin the client accepts, and the plain file otherwise', async () => {
    const { brotliCompressSync, gzipSync, brotliDecompressSync } = await import('node:zlib');
    const html = page('Compressed');
    writeFileSync(path.join(site, 'compressed.html'), html);
    writeFileSync(path.join(site, 'compressed.html.br'), brotliCompressSync(html));
    writeFileSync(path.join(site, 'compressed.html.gz'), gzipSync(html));
    const get = (encoding: string) => ctx.app.inject({ method: 'GET', url: '/compressed', headers: { 'accept-encoding': encoding } });

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(html);
    // The policy still comes from the page itself, not from its compressed bytes.
    expect(br.headers['content-security-policy']).toContain("'sha256-abc='");

    expect((await get('gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });
});
