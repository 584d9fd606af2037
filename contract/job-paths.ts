// A job page's path (decision 255) without zod, so the header's suggestions, loaded on first
// use, link openings without the schema library (decision 269). contract/jobs.ts re-exports it.

/** A published opening's public page on the personal host: `/company/acme/jobs/12`, `/uk/company/acme/jobs/12`. */
export function jobPagePath(companyAddress: string, openingId: number, locale: 'en_GB' | 'uk_UA'): string {
  return `${locale === 'uk_UA' ? '/uk' : ''}/company/${companyAddress}/jobs/${openingId}`;
}
