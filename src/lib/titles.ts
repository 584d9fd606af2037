// Page titles from the first path segment (SPEC §2), with the product name as a fixed suffix.
import type { Locale } from '../../contract/locale.ts';
import { translate, type MessageKey } from '../i18n/index.ts';

const titledSegments = new Set([
  'home',
  'activities',
  'settings',
  'careers',
  'achievements',
  'notifications',
  'login',
  'account-closed',
  'invitation',
  'create-account',
  'employment-details',
]);

/** The title key for a page path without locale or profile prefix (`/settings`, `/`). */
export function titleKeyFor(pagePath: string): MessageKey | undefined {
  const segment = pagePath.split('/').filter(Boolean)[0] ?? 'home';
  return titledSegments.has(segment) ? (`title.${segment}` as MessageKey) : undefined;
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
