// Decision 232: `/sitemap.xml` was made on every anonymous read (14.4 MB at 25,000
// pages). It is now kept for a refresh interval with an ETag, 304 to If-None-Match and a public
// max-age; past the URLs a file may hold (here 3, set by SITEMAP_URLS_PER_FILE; the protocol's 50,000
// otherwise) or 50 MB, it is a sitemap index of `/sitemaps/{n}.xml`; one address may read it only so
// often.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPublicProfileSections, publicProfileApiPaths } from '../../contract/public-profile.ts';
import { bearer, createUser } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { renderSitemapFiles, sitemapFilePath, sitemapProtocolLimits, sitemapRefreshSeconds, type SitemapPage } from './sitemap.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SITEMAP_URLS_PER_FILE: '3' });
});
afterAll(async () => ctx.close());

let serial = 0;
async function publicPerson(): Promise<string> {
  const user = await createUser(ctx);
  const address = `mapped-${Date.now().toString(36)}-${(serial += 1)}`;
  const res = await ctx.app.inject({
    method: 'PUT',
    url: publicProfileApiPaths.settings,
    headers: { ...bearer(user.token), 'content-type': 'application/json' },
    payload: JSON.stringify({ address, is_public: true, noindex: false, sections: defaultPublicProfileSections }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return address;
}

const read = (url: string, headers: Record<string, string> = {}, remoteAddress = '192.0.2.20') =>
  ctx.app.inject({ method: 'GET', url, headers, remoteAddress });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
/** Every URL the sitemap lists, through its index when it has one. */
async function allUrls(): Promise<string[]> {
  const root = await read('/sitemap.xml');
  if (root.body.includes('<urlset')) return locs(root.body);
  const urls: string[] = [];
  for (const file of locs(root.body)) urls.push(...locs((await read(new URL(file).pathname)).body));
  return urls;
}
const nextRefresh = () => ctx.clock.advance(sitemapRefreshSeconds * 1000 + 1000);

describe('the sitemap', () => {
  it('is one file while it fits, kept with an ETag, 304 to If-None-Match, a public max-age and gzip', async () => {
    const address = await publicPerson();
    nextRefresh();
    const first = await read('/sitemap.xml');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/xml/);
    expect(first.headers['cache-control']).toBe(`public, max-age=${sitemapRefreshSeconds}`);
    expect(sitemapRefreshSeconds).toBeGreaterThanOrEqual(60);
    expect(first.body).toContain('<urlset');
    expect(locs(first.body)).toEqual([`${ctx.config.publicSiteUrl}/in/${address}`, `${ctx.config.publicSiteUrl}/uk/in/${address}`]);
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^W\/"/);

    const revalidated = await read('/sitemap.xml', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const zipped = await read('/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(first.body);
    expect(zipped.headers['etag']).toBe(etag);
  });

  it('keeps its copy until the refresh interval has passed, then shows the change with another ETag', async () => {
    nextRefresh();
    const before = await read('/sitemap.xml');
    const etag = String(before.headers['etag']);
    const added = await publicPerson();
    // Within the interval: the kept copy, not the database.
    const kept = await read('/sitemap.xml', { 'if-none-match': etag });
    expect(kept.statusCode).toBe(304);
    nextRefresh();
    const after = await read('/sitemap.xml', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers['etag']).not.toBe(etag);
    expect(await allUrls()).toContain(`${ctx.config.publicSiteUrl}/in/${added}`);
  });

  it('becomes an index of files past the URLs a file may hold, each file within the limit and every page in one of them', async () => {
    const addresses = [await publicPerson(), await publicPerson(), await publicPerson()];
    nextRefresh();
    const index = await read('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.body).not.toContain('<urlset');
    const files = locs(index.body);
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files[0]).toBe(`${ctx.config.publicSiteUrl}${sitemapFilePath(1)}`);
    expect(index.body).toMatch(/<sitemap><loc>[^<]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/sitemap>/);

    const urls: string[] = [];
    for (const file of files) {
      const answer = await read(new URL(file).pathname);
      expect(answer.statusCode, file).toBe(200);
      expect(answer.headers['cache-control']).toBe(`public, max-age=${sitemapRefreshSeconds}`);
      expect(answer.body).toContain('<urlset');
      const inFile = locs(answer.body);
      expect(inFile.length).toBeGreaterThan(0);
      expect(inFile.length).toBeLessThanOrEqual(3);
      urls.push(...inFile);
      expect((await read(new URL(file).pathname, { 'if-none-match': String(answer.headers['etag']) })).statusCode).toBe(304);
    }
    expect(new Set(urls).size).toBe(urls.length);
    for (const address of addresses) {
      expect(urls).toContain(`${ctx.config.publicSiteUrl}/in/${address}`);
      expect(urls).toContain(`${ctx.config.publicSiteUrl}/uk/in/${address}`);
    }
    expect((await read(sitemapFilePath(files.length + 1))).statusCode).toBe(404);
    expect((await read('/sitemaps/0.xml')).statusCode).toBe(404);
    expect((await read('/sitemaps/x.xml')).statusCode).toBe(404);
  });

  it('splits at 50 MB a file as well as at the URL count', () => {
    const pages: SitemapPage[] = Array.from({ length: 10 }, (_, i) => ({
      paths: { en_GB: `/in/page-${i}`, uk_UA: `/uk/in/page-${i}` },
      updatedAt: new Date(Date.UTC(2026, 10, i + 1)),
    }));
    const one = renderSitemapFiles('https://profiles.example', pages);
    expect(one).toHaveLength(1);
    expect(sitemapProtocolLimits).toEqual({ urls: 50_000, bytes: 52_428_800 });
    const bytes = Buffer.byteLength(one[0]!.xml);
    // A byte limit of a third of the whole splits it into at least three files, each within it.
    const limit = Math.ceil(bytes / 3);
    const split = renderSitemapFiles('https://profiles.example', pages, { urls: 50_000, bytes: limit });
    expect(split.length).toBeGreaterThanOrEqual(3);
    for (const file of split) expect(Buffer.byteLength(file.xml)).toBeLessThanOrEqual(limit);
    expect(split.flatMap((file) => locs(file.xml))).toEqual(locs(one[0]!.xml));
    expect(split.every((file) => /^2026-11-\d{2}$/.test(file.lastmod))).toBe(true);
    expect(split.at(-1)!.lastmod).toBe('2026-11-10');
  });

  it('lets one address (an IPv6 /64) read it 60 times a minute, then answers 429; another address still reads it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) statuses.push((await read('/sitemap.xml', {}, `2001:db8:41:9::${(i + 1).toString(16)}`)).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await read('/sitemap.xml', {}, '2001:db8:41:9::abcd');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await read('/sitemap.xml', {}, '198.51.100.9')).statusCode).toBe(200);
  });
});
