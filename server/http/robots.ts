// `/robots.txt` (decision 208): everything may be crawled, and the file names the sitemap, at its
// absolute address on the public site (the protocol wants a full URL, which a static file in public/
// cannot know), so a crawler finds the people's and companies' public pages without being told.
import type { FastifyPluginAsync } from 'fastify';
import { publicProfileSitePaths } from '../../contract/public-profile.ts';
import type { AppDeps } from '../deps.ts';

/** The file's text for a public site at `publicSiteUrl`. */
export function robotsText(publicSiteUrl: string): string {
  const siteUrl = publicSiteUrl.replace(/\/+$/, '');
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}${publicProfileSitePaths.sitemap}\n`;
}

export function robotsRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    const body = robotsText(deps.config.publicSiteUrl);
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(body),
    );
  };
}
