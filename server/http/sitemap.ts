// `/sitemap.xml` (decisions 208 and 211): every indexable public page the server renders, people's and
// companies', each in both languages with its language alternates. The features give their pages
// (app.ts puts them together), so this module reads no feature's tables itself.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpStatus } from '../../contract/errors.ts';
import type { Locale } from '../../contract/locale.ts';
import { publicProfileSitePaths } from '../../contract/public-profile.ts';
import type { Db } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';
import { escapeHtml as e } from './html-escape.ts';
import { sendPublicDocument } from './public-document.ts';

/** One page: its path in each language, and when it last changed. */
export interface SitemapPage {
  paths: Record<Locale, string>;
  updatedAt: Date;
}

/** A feature's indexable pages on `now`. */
export type SitemapSource = (db: Db, now: Date) => Promise<SitemapPage[]>;

// A sitemap file holds at most 50,000 URLs; each page is two (one a language). Past that, a sitemap
// index over several files is the next step (decision 211).
const maxPages = 25_000;

/** The sitemap document of `pages` on `siteUrl`. */
export function renderSitemap(siteUrl: string, pages: SitemapPage[]): string {
  const urls = pages.slice(0, maxPages).flatMap(({ paths, updatedAt }) => {
    const en = `${siteUrl}${paths.en_GB}`;
    const uk = `${siteUrl}${paths.uk_UA}`;
    const alternates = `<xhtml:link rel="alternate" hreflang="en-GB" href="${e(en)}"/><xhtml:link rel="alternate" hreflang="uk" href="${e(uk)}"/>`;
    const lastmod = updatedAt.toISOString().slice(0, 10);
    return [en, uk].map((loc) => `<url><loc>${e(loc)}</loc><lastmod>${lastmod}</lastmod>${alternates}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`;
}

/** `GET /sitemap.xml` over the features' sources, in their order. */
export function sitemapRoutes(deps: AppDeps, sources: SitemapSource[]): FastifyPluginAsyncZod {
  return async (app) => {
    const siteUrl = deps.config.publicSiteUrl.replace(/\/+$/, '');
    app.get(publicProfileSitePaths.sitemap, { schema: { hide: true } }, async (request, reply) => {
      const pages: SitemapPage[] = [];
      for (const source of sources) pages.push(...(await source(deps.db, deps.clock.now())));
      return sendPublicDocument(request, reply, HttpStatus.ok, 'application/xml; charset=utf-8', renderSitemap(siteUrl, pages));
    });
  };
}
