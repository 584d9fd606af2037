// The company workspace lives at company.{host} (SPEC §7; decision 090). One pair of tested functions
// turns a personal-site origin into the company host's and back, for the server and the site.

export const companyHostPrefix = 'company.';

/** Whether a host name (no port) is the company host. */
export function isCompanyHostname(hostname: string): boolean {
  return hostname.toLowerCase().startsWith(companyHostPrefix);
}

/** The company host's origin for a personal-site origin (`http://localhost:4321` → `http://company.localhost:4321`). */
export function companyOriginOf(origin: string): string {
  const url = new URL(origin);
  if (!isCompanyHostname(url.hostname)) url.hostname = `${companyHostPrefix}${url.hostname}`;
  return url.origin;
}

/** The personal site's origin for the company host's origin (the inverse of companyOriginOf). */
export function personalOriginOf(origin: string): string {
  const url = new URL(origin);
  if (isCompanyHostname(url.hostname)) url.hostname = url.hostname.slice(companyHostPrefix.length);
  return url.origin;
}

/**
 * The company host's own pages besides its home (src/pages/company/): they share the build's
 * `company/` folder with nothing, but `/company/{address}` on the personal host is a company's public
 * page (decision 211), so none of these names may become a company's address.
 */
export const companyHostPages = ['access'] as const;

// Files every page shares, served from the build's root on both hosts.
const sharedFile = /^\/(_astro\/|favicon\.svg$|version\.json$|builds\/|robots\.txt$)/;
const companyPages = /^(\/uk)?\/company(\/|$)/;

/**
 * Where a path of the company host lives in the build: pages under `company/` (and `uk/company/`),
 * shared assets at the root. `/members` → `/company/members`, `/uk/` → `/uk/company/`.
 */
export function companySitePath(path: string): string {
  if (sharedFile.test(path)) return path;
  if (path === '/uk' || path.startsWith('/uk/')) return `/uk/company${path.slice(3) || '/'}`;
  return `/company${path}`;
}

/** Whether a personal-site path names a company-host page (the personal host answers 404 for them). */
export function isCompanyPagePath(path: string): boolean {
  return companyPages.test(path);
}
