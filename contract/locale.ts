// The two interface languages (SPEC §1, §9), as plain values: the site's first script needs these,
// and must not pull in the schema library (the zod schema is in locale-schema.ts).

export const locales = ['en_GB', 'uk_UA'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en_GB';

/** Whether `value` names one of the two locales. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Each language's name in itself (an endonym reads the same on every page), for language choices. */
export const localeNames: Record<Locale, string> = { en_GB: 'English (United Kingdom)', uk_UA: 'Українська' };
