// Opt-in public profiles (decision 208): the address rules, the sections a person may
// show or hide, and the site paths. Plain data and functions, no zod: the settings card, the server
// and its HTML page all read it.
import type { Locale } from './locale.ts';

/** The sections of the public page a person can switch off, in their order on the page. */
export const publicProfileSections = ['experience', 'skills', 'languages', 'education', 'certifications', 'projects', 'contact'] as const;
export type PublicProfileSection = (typeof publicProfileSections)[number];
export type PublicProfileSections = Record<PublicProfileSection, boolean>;

/** Every section on: what a person starts with. */
export const defaultPublicProfileSections: PublicProfileSections = Object.fromEntries(
  publicProfileSections.map((section) => [section, true]),
) as PublicProfileSections;

export const publicAddressLimits = { min: 3, max: 60 } as const;

/** Lowercase letters, digits and hyphens; no hyphen at either end and none doubled. */
export const publicAddressPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Addresses no one may take: the site's own words and names a visitor could mistake for the
 * product speaking. Compared after lower-casing.
 */
export const reservedPublicAddresses: ReadonlySet<string> = new Set([
  'about',
  'account',
  'account-closed',
  'accounts',
  'achievements',
  'activities',
  'admin',
  'administrator',
  'api',
  'app',
  'applications',
  'assets',
  'auth',
  'billing',
  'blog',
  'builds',
  'careers',
  'company',
  'company-access',
  'company-profile',
  'companies',
  'contact',
  'create-account',
  'credentials',
  'dashboard',
  'dev',
  'docs',
  'edit',
  'employment-details',
  'en',
  'feed',
  'help',
  'home',
  'in',
  'index',
  'info',
  'invitation',
  'jobs',
  'login',
  'logout',
  'mail',
  'me',
  'new',
  'news',
  'notifications',
  'null',
  'official',
  'owner',
  'privacy',
  'profile',
  'profiles',
  'public',
  'root',
  'search',
  'security',
  'settings',
  'signin',
  'signup',
  'sitemap',
  'staff',
  'static',
  'status',
  'support',
  'system',
  'team',
  'terms',
  'test',
  'uk',
  'undefined',
  'user',
  'users',
  'verify',
  'www',
]);

/** Why `address` cannot be chosen (format or reserved), or undefined when it may be (if free). */
export function publicAddressProblem(address: string): 'format' | 'reserved' | undefined {
  if (address.length < publicAddressLimits.min || address.length > publicAddressLimits.max) return 'format';
  if (!publicAddressPattern.test(address)) return 'format';
  if (reservedPublicAddresses.has(address)) return 'reserved';
  return undefined;
}

// Ukrainian letters in the national transliteration (Cabinet of Ministers resolution 55, 2010),
// word-inner forms; enough for a suggestion the person can change.
const cyrillic: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
  ю: 'iu',
  я: 'ia',
  ы: 'y',
  э: 'e',
  ё: 'io',
  ъ: '',
  "'": '',
  '’': '',
  ʼ: '',
};

/**
 * Lowercase Latin letters, digits and single hyphens from any text ('Олена Коваль' → 'olena-koval',
 * 'Zoë O’Brien' → 'zoe-obrien'), at most the address's maximum; empty when nothing is left.
 */
export function addressSlugOf(text: string): string {
  // Letters first by the table, then accents off what is left: decomposed first, 'й' lost its breve
  // and became 'y' ('Північний' → 'pivnichnyy'), where the table writes 'i'.
  const latin = [...text.toLowerCase().normalize('NFC')]
    .map((char) => cyrillic[char] ?? char)
    .join('')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  return latin
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, publicAddressLimits.max)
    .replace(/-+$/, '');
}

/** An address made from a name: 'Олена Коваль' → 'olena-koval', 'Zoë O’Brien' → 'zoe-obrien'. */
export function suggestPublicAddress(firstName: string, lastName: string): string {
  const base = addressSlugOf(`${firstName} ${lastName}`) || 'person';
  return publicAddressProblem(base) ? `${base}-profile`.slice(0, publicAddressLimits.max) : base;
}

/** The public page's path in `locale`: `/in/olena-koval`, `/uk/in/olena-koval`. */
export function publicProfilePath(address: string, locale: Locale): string {
  return `${locale === 'uk_UA' ? '/uk' : ''}/in/${address}`;
}

/** How long a given-up address keeps redirecting before anyone may take it. */
export const publicAddressRedirectDays = 30;

export const publicProfileApiPaths = {
  settings: '/api/profile/public',
  availability: '/api/profile/public/availability',
} as const;

/** The site paths the server renders per request (decision 208); everything else is a static file. */
export const publicProfileSitePaths = { sitemap: '/sitemap.xml' } as const;
