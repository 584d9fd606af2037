// `npm run dev` (decision 203 addendum): the Astro dev server answers the pages; every path the API
// server answers outside `/api` must reach it too, or the /verify page, a CV's short link and a DID
// resolver pointed at the dev host find nothing. Vite's proxy takes a key starting with '^' as a regular
// expression and any other key as a path prefix.
import { companyHostPages } from '../contract/company-hosts.ts';
import { credentialPublicPaths } from '../contract/credential-format.ts';

// The dev server answers the company host's pages at /company/ and /company/{page} (it has no second
// host), so only the other /company/{address} paths are public company pages (decision 211).
const companyPagePattern = `^(/uk)?/company/(?!(?:${companyHostPages.join('|')})(?:[?#]|$))[^/?#]+(?:[?#]|$)`;

/** The path prefixes and patterns the dev server sends to the API server. */
export const devProxyPaths = [
  '/api',
  // A CV's short link: the credential its token names.
  credentialPublicPaths.byLink(''),
  // A company's DID document and its revocation list.
  '^/companies/\\d+/(did\\.json|credentials/status)$',
  // Public profiles and the sitemap, rendered per request (decision 208).
  '/in/',
  '/uk/in/',
  '/sitemap.xml',
  // The files of a sitemap past 50,000 URLs (decision 232).
  '^/sitemaps/\\d+\\.xml$',
  // Public company pages (decision 211), not the company host's own pages.
  companyPagePattern,
];

/** Vite's `server.proxy` for the dev server: each path above to the API server at `target`. */
export function devProxy(target: string): Record<string, string> {
  return Object.fromEntries(devProxyPaths.map((key) => [key, target]));
}

/** Whether the dev server sends `path` to the API server (what Vite's proxy does with the keys). */
export function proxiedInDev(path: string): boolean {
  return devProxyPaths.some((key) => (key.startsWith('^') ? new RegExp(key).test(path) : path.startsWith(key)));
}
