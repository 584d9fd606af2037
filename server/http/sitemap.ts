// `/sitemap.xml` (decisions 208 and 211): every indexable public page the server renders, people's and
// companies', each in both languages with its language alternates. The features give their pages
// (app.ts puts them together), so this module reads no feature's tables itself.
// Decision 232: the sitemap is made at most once a refresh interval and kept, as
// plain and gzip bytes with an ETag, so anonymous readers cost nothing but the bytes; past the
// sitemaps protocol's 50,000 URLs or 50 MB a file, `/sitemap.xml` is an index of `/sitemaps/{n}.xml`.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import type { Locale } from '../../contract/locale.ts';
import { publicProfileSitePaths } from '../../contract/public-profile.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';
import { laggingReads } from '../db/replica.ts';
import { perAddressRateLimit } from './addresses.ts';
import { etagOf, matches } from './etag.ts';
import { escapeHtml as e } from './html-escape.ts';
import { acceptsEncoding } from './accept-encoding.ts';

/** One page: its path in each language, and when it last changed. */
export interface SitemapPage {
  paths: Record<Locale, string>;
  updatedAt: Date;
}

/** A feature's indexable pages on `now`. */
export type SitemapSource = (db: Db, now: Date) => Promise<SitemapPage[]>;

/** The sitemaps protocol's limits of one file: 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed. */
export const sitemapProtocolLimits = { urls: 50_000, bytes: 50 * 1024 * 1024 } as const;
/** How long a made sitemap is answered before it is made again; also its max-age. */
export const sitemapRefreshSeconds = 300;
/** Where the files of a split sitemap are: `/sitemaps/1.xml`, … */
export const sitemapFilePath = (n: number | string) => `/sitemaps/${n}.xml`;
/** A crawler reads a sitemap now and then; this leaves room for several behind one address. */
const sitemapLimit = { max: 60, windowMs: 60_000 };

const urlsetOpen =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';
const urlsetClose = '</urlset>\n';

/** A page's `<url>` entries, one a language, each with both languages as alternates. */
function urlEntries(siteUrl: string, { paths, updatedAt }: SitemapPage): string[] {
  const en = `${siteUrl}${paths.en_GB}`;
  const uk = `${siteUrl}${paths.uk_UA}`;
  const alternates = `<xhtml:link rel="alternate" hreflang="en-GB" href="${e(en)}"/><xhtml:link rel="alternate" hreflang="uk" href="${e(uk)}"/>`;
  const lastmod = updatedAt.toISOString().slice(0, 10);
  return [en, uk].map((loc) => `<url><loc>${e(loc)}</loc><lastmod>${lastmod}</lastmod>${alternates}</url>`);
}

/** One sitemap file: its document and the newest day among its pages. */
interface SitemapFile {
  xml: string;
  lastmod: string;
}

/**
 * The sitemap files of `pages`: as few as the limits allow, each within `limits.urls` URLs and
 * `limits.bytes` bytes (UTF-8, uncompressed). A page's two languages may fall into two files.
 */
export function renderSitemapFiles(
  siteUrl: string,
  pages: SitemapPage[],
  limits: { urls: number; bytes: number } = sitemapProtocolLimits,
): SitemapFile[] {
  const frame = Buffer.byteLength(urlsetOpen) + Buffer.byteLength(urlsetClose);
  const files: SitemapFile[] = [];
  let entries: string[] = [];
  let bytes = frame;
  let lastmod = '';
  const close = () => {
    files.push({ xml: `${urlsetOpen}${entries.join('')}${urlsetClose}`, lastmod });
    entries = [];
    bytes = frame;
    lastmod = '';
  };
  for (const page of pages) {
    const day = page.updatedAt.toISOString().slice(0, 10);
    for (const entry of urlEntries(siteUrl, page)) {
      const size = Buffer.byteLength(entry);
      if (entries.length && (entries.length >= limits.urls || bytes + size > limits.bytes)) close();
      entries.push(entry);
      bytes += size;
      if (day > lastmod) lastmod = day;
    }
  }
  if (entries.length || !files.length) close();
  return files;
}

/** The sitemap index over `files`, each at `sitemapFilePath(n)` (from 1). */
function renderSitemapIndex(siteUrl: string, files: SitemapFile[]): string {
  const entries = files.map(
    (file, i) =>
      `<sitemap><loc>${e(`${siteUrl}${sitemapFilePath(i + 1)}`)}</loc>${file.lastmod ? `<lastmod>${file.lastmod}</lastmod>` : ''}</sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`;
}

/** A document kept to be answered as it is: its bytes, gzipped bytes and ETag. */
interface KeptDocument {
  plain: Buffer;
  gzip: Buffer;
  etag: string;
}

const keep = (xml: string): KeptDocument => ({ plain: Buffer.from(xml), gzip: gzipSync(xml), etag: etagOf(xml) });

/** `/sitemap.xml` and, when split, its files: kept for `refreshMs` from when they were made. */
class KeptSitemap {
  private copy: { root: KeptDocument; files: KeptDocument[]; madeAt: number } | undefined;
  private making: Promise<{ root: KeptDocument; files: KeptDocument[] }> | undefined;
  private readonly make: () => Promise<{ root: KeptDocument; files: KeptDocument[] }>;
  private readonly clock: Clock;
  private readonly refreshMs: number;

  constructor(make: () => Promise<{ root: KeptDocument; files: KeptDocument[] }>, clock: Clock, refreshMs: number) {
    this.make = make;
    this.clock = clock;
    this.refreshMs = refreshMs;
  }

  async current(): Promise<{ root: KeptDocument; files: KeptDocument[] }> {
    const now = this.clock.now().getTime();
    // A clock set back (tests do) makes it again too, as does one past the interval.
    if (this.copy && now >= this.copy.madeAt && now - this.copy.madeAt < this.refreshMs) return this.copy;
    // Made once however many ask while it is being made.
    this.making ??= this.make()
      .then((made) => {
        this.copy = { ...made, madeAt: now };
        return made;
      })
      .finally(() => (this.making = undefined));
    return this.making;
  }
}

const FileParams = z.object({ file: z.string().max(20) });

/** `GET /sitemap.xml` (and `/sitemaps/{n}.xml` once split) over the features' sources, in their order. */
export function sitemapRoutes(deps: AppDeps, sources: SitemapSource[]): FastifyPluginAsyncZod {
  return async (app) => {
    const siteUrl = deps.config.publicSiteUrl.replace(/\/+$/, '');
    const limits = { urls: deps.config.sitemapUrlsPerFile, bytes: sitemapProtocolLimits.bytes };
    const sitemap = new KeptSitemap(
      async () => {
        const pages: SitemapPage[] = [];
        // The replica's when there is one (decision 254): a sitemap may be a moment behind.
        for (const source of sources) pages.push(...(await source(laggingReads(deps), deps.clock.now())));
        const files = renderSitemapFiles(siteUrl, pages, limits);
        if (files.length === 1) return { root: keep(files[0]!.xml), files: [] };
        return { root: keep(renderSitemapIndex(siteUrl, files)), files: files.map((file) => keep(file.xml)) };
      },
      deps.clock,
      sitemapRefreshSeconds * 1000,
    );
    const config = perAddressRateLimit('sitemap', sitemapLimit);

    app.get(publicProfileSitePaths.sitemap, { schema: { hide: true }, config }, async (request, reply) => {
      const { root } = await sitemap.current();
      return sendKept(request.headers, reply, root);
    });
    app.get('/sitemaps/:file', { schema: { hide: true, params: FileParams }, config }, async (request, reply) => {
      const { files } = await sitemap.current();
      const n = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1];
      const file = n === undefined ? undefined : files[Number(n) - 1];
      if (!file) return reply.code(404).header('cache-control', 'no-store').send({ message: 'No such sitemap file.', code: 'not_found' });
      return sendKept(request.headers, reply, file);
    });
  };
}

/** A kept XML document: its ETag, 304 when it matches, gzip when accepted; any cache may keep it a refresh interval. */
function sendKept(
  headers: { 'if-none-match'?: string; 'accept-encoding'?: string | string[] },
  reply: FastifyReply,
  document: KeptDocument,
) {
  reply.header('cache-control', `public, max-age=${sitemapRefreshSeconds}`).header('vary', 'Accept-Encoding').header('etag', document.etag);
  if (matches(headers['if-none-match'], document.etag)) return reply.code(304).send();
  reply.type('application/xml; charset=utf-8');
  if (acceptsEncoding(String(headers['accept-encoding'] ?? ''), 'gzip'))
    return reply.header('content-encoding', 'gzip').send(document.gzip);
  return reply.send(document.plain);
}
