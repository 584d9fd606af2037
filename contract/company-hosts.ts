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
