// Page titles from the first path segment (SPEC §2), with the product name as a fixed suffix.
import type { Locale } from '../../../contract/locale.ts';
import { dictionaries, translate, type MessageKey } from '../../i18n/index.ts';

const titledSegments = new Set([
  'home',
  'activities',
  'settings',
  'careers',
  'achievements',
  'notifications',
  'applications',
  'search',
  'jobs',
  'login',
  'account-closed',
  'invitation',
  'remove-sign-in',
  'create-account',
  'employment-details',
  'terms',
  'privacy',
  'verify',
]);

// Pages whose path may end in an item's id, and the singular name of that item (SPEC §2 'View
// <singular name> | '). Employment details carry an id too but keep their own title.
const singularKeys: Record<string, MessageKey> = {
  activities: 'title.view.activity',
  achievements: 'title.view.achievement',
  careers: 'title.view.career',
  notifications: 'title.view.notification',
};

function segmentsOf(pagePath: string): string[] {
  return pagePath.split('/').filter(Boolean);
}

/** The title key for a page path without locale or profile prefix (`/settings`, `/`). */
export function titleKeyFor(pagePath: string): MessageKey | undefined {
  const segment = segmentsOf(pagePath)[0] ?? 'home';
  return titledSegments.has(segment) ? (`title.${segment}` as MessageKey) : undefined;
}

/** The page's own title, 'View <item> | ' first when the path ends in a numeric id; undefined off the table. */
export function pageTitleFor(locale: Locale, pagePath: string): string | undefined {
  const key = titleKeyFor(pagePath);
  if (!key) return undefined;
  const segments = segmentsOf(pagePath);
  const first = segments[0] ?? 'home';
  const endsInId = segments.length > 1 && /^\d+$/.test(segments[segments.length - 1] ?? '');
  const title = translate(locale, key);
  if (!endsInId || first === 'employment-details') return title;
  const singular = singularKeys[first] ?? 'title.view.item';
  return `${translate(locale, singular)} | ${title}`;
}

/**
 * The meta description of the page at `pagePath` (decision 171): `meta.<segments joined by
 * dots>` (`meta.home` for `/`; ids left out), in the page's language. A page without one fails the
 * build, so no page falls back to another page's text.
 */
export function pageDescriptionFor(locale: Locale, pagePath: string): string {
  const segments = segmentsOf(pagePath).filter((segment) => !/^\d+$/.test(segment));
  const key = `meta.${segments.length ? segments.join('.') : 'home'}`;
  if (!Object.hasOwn(dictionaries.en_GB, key)) throw new Error(`No meta description for ${pagePath}: add ${key} to both dictionaries.`);
  return translate(locale, key as MessageKey);
}

/** The full document title: "<page> | Profiles", or the product name alone. */
export function documentTitle(locale: Locale, pageTitle: string | undefined): string {
  const product = translate(locale, 'app.name');
  return pageTitle ? `${pageTitle} | ${product}` : product;
}

/** Body class for the locale (SPEC §2). */
export function bodyLocaleClass(locale: Locale): 'lang-uk' | 'lang-en' {
  return locale === 'uk_UA' ? 'lang-uk' : 'lang-en';
}
