// 'Download CV (PDF)' (decision 203): the signed-in person's own profile as a printable CV,
// made on the server in the language asked for, each company-verified job with a short link and a QR
// code to /verify for its credential. Plain path and name helpers (the profile page's download loads
// them on first click); the query's schema is in cv-schema.ts.
import type { Locale } from './locale.ts';

export const cvPaths = {
  /** GET `?language=en_GB|uk_UA` (the profile's language when left out): `application/pdf`. */
  cv: '/api/profile/cv',
} as const;

export const cvMediaType = 'application/pdf';

/** `/api/profile/cv?language=…`. */
export function cvPathIn(language: Locale): string {
  return `${cvPaths.cv}?language=${language}`;
}

/** The file name of a person's CV: 'cv-olena-kovalenko.pdf' (letters of any script kept). */
export function cvFileName(firstName: string, lastName: string): string {
  const slug = `${firstName} ${lastName}`
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .toLocaleLowerCase()
    .slice(0, 60);
  return `cv-${slug || 'profile'}.pdf`;
}
