// Paths of the site (SPEC §2, ARCHITECTURE "Routing on a static host"): an optional `/uk` locale
// prefix outermost, then an optional `profile-{id}` segment, then the page. This module is the only
// reader of `location.pathname`; everything else asks it.
import type { Locale } from '../../../contract/locale.ts';

/** The segment prefix that marks a profile id (SPEC §9). */
export const profilePrefix = 'profile-';

/** A path taken apart: the page is always `/` or `/segment[/segment…]` without a trailing slash. */
export interface SitePath {
  locale: Locale;
  profileId: string | undefined;
  page: string;
}

/** Splits a URL path into locale, profile id and page. */
export function parseSitePath(pathname: string): SitePath {
  const segments = pathname.split('/').filter(Boolean);
  let locale: Locale = 'en_GB';
  if (segments[0] === 'uk') {
    locale = 'uk_UA';
    segments.shift();
  }
  let profileId: string | undefined;
  const first = segments[0];
  // Honoured only as a segment starting with the prefix and naming something after it.
  if (first !== undefined && first.startsWith(profilePrefix) && first.length > profilePrefix.length) {
    profileId = first.slice(profilePrefix.length);
    segments.shift();
  }
  return { locale, profileId, page: `/${segments.join('/')}` };
}

/** Joins locale, profile id and page; the root ends with a slash (`/uk/profile-42/`), other pages do not. */
export function buildSitePath(parts: { locale: Locale; profileId?: string | undefined; page: string }): string {
  const page = parts.page.split('/').filter(Boolean).join('/');
  const prefix = `${parts.locale === 'uk_UA' ? '/uk' : ''}${parts.profileId ? `/${profilePrefix}${parts.profileId}` : ''}`;
  return page ? `${prefix}/${page}` : `${prefix}/`;
}

/**
 * The route name of a page: its segments joined by '-', numeric ids written `id`, `home` for the
 * root (`/employment-details/12` → `employment-details-id`). Two paths with one name are one route.
 */
export function routeNameOf(page: string): string {
  const segments = page
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^\d+$/.test(segment) ? 'id' : segment));
  return segments.length ? segments.join('-') : 'home';
}

/** The current path taken apart; `pathname` defaults to the browser's location. */
export function currentSitePath(pathname: string = globalThis.location.pathname): SitePath {
  return parseSitePath(pathname);
}

/** The current path as a person reads it ('Page not found: {path}', SPEC §8): percent-escapes decoded where they are valid. */
export function currentPathForDisplay(pathname: string = globalThis.location.pathname): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** The current path with its query string, as a return target after signing in. */
export function currentPathWithQuery(where: Pick<Location, 'pathname' | 'search'> = globalThis.location): string {
  return `${where.pathname}${where.search}`;
}

/** The same page as `path` in another locale, keeping the profile id. */
export function pathInLocale(path: SitePath, locale: Locale): string {
  return buildSitePath({ ...path, locale });
}
