// Data portability (profile issue): the profile as a JSON Resume v1.2 document, what we read from one,
// and the conversions both ways (languages, fluency, dates). Pure functions, so the server exports with
// them and the browser reads a file with them; the plan of an import is in json-resume-import.ts.
import { z } from 'zod';
import type { LanguageInput, ProfilePage } from './profile-sections.ts';
import { languageCodes } from './language-codes.ts';
import { languageNames } from './language-names.ts';

export { languageCodes };

export const jsonResumeSchemaUrl = 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.2.1/schema.json';

const text = z.string().optional().catch(undefined);
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item.catch(undefined as never))
    .optional()
    .catch([]);

/** What we read from a JSON Resume: lenient, unknown fields kept, wrong types dropped. */
export const JsonResume = z.looseObject({
  basics: z
    .looseObject({
      name: text,
      label: text,
      email: text,
      phone: text,
      url: text,
      summary: text,
      location: z.looseObject({ address: text, city: text, region: text, countryCode: text }).optional().catch(undefined),
      profiles: list(z.looseObject({ network: text, username: text, url: text })),
    })
    .optional()
    .catch(undefined),
  // `company` is what files written before JSON Resume 1.0 call the employer.
  work: list(
    z.looseObject({
      name: text,
      company: text,
      position: text,
      startDate: text,
      endDate: text,
      summary: text,
      description: text,
      highlights: z.array(z.string()).optional().catch(undefined),
    }),
  ),
  volunteer: list(z.looseObject({ organization: text, position: text })),
  publications: list(z.looseObject({ name: text, publisher: text })),
  interests: list(z.looseObject({ name: text })),
  education: list(
    z.looseObject({
      institution: text,
      area: text,
      studyType: text,
      startDate: text,
      endDate: text,
      courses: z.array(z.string()).optional().catch(undefined),
    }),
  ),
  certificates: list(z.looseObject({ name: text, date: text, issuer: text, url: text })),
  projects: list(
    z.looseObject({
      name: text,
      description: text,
      url: text,
      startDate: text,
      endDate: text,
      highlights: z.array(z.string()).optional().catch(undefined),
    }),
  ),
  skills: list(z.looseObject({ name: text, level: text, keywords: z.array(z.string()).optional().catch(undefined) })),
  languages: list(z.looseObject({ language: text, fluency: text })),
  awards: list(z.looseObject({ title: text })),
  references: list(z.looseObject({ name: text, reference: text })),
});
export type JsonResume = z.infer<typeof JsonResume>;

/** The name of an ISO 639-1 code in English or Ukrainian ("uk" → "Ukrainian" / "Українська"). */
export function languageName(code: string, inLocale: 'en' | 'uk' = 'en'): string {
  return (languageNames[inLocale] as Record<string, string>)[code] ?? code;
}

/** The ISO 639-1 code of a language given by code or by English or Ukrainian name. */
export function languageCodeOf(nameOrCode: string): string | undefined {
  const wanted = nameOrCode.trim().toLowerCase();
  if (languageCodes.includes(wanted)) return wanted;
  for (const code of languageCodes) {
    if (languageName(code, 'en').toLowerCase() === wanted || languageName(code, 'uk').toLowerCase() === wanted) {
      return code;
    }
  }
  return undefined;
}

/** A JSON Resume fluency in words or CEFR mapped to our scale; B1 when it says nothing we know. */
export function proficiencyOf(fluency: string | undefined): z.input<typeof LanguageInput>['proficiency'] {
  const value = (fluency ?? '').toLowerCase();
  const cefr = /\b([abc][12])\b/.exec(value);
  if (cefr) return cefr[1]!.toUpperCase() as 'A1';
  if (/native|mother|bilingual|рідн/.test(value)) return 'native';
  if (/fluent|full professional|proficient|advanced/.test(value)) return 'C1';
  if (/professional working|upper/.test(value)) return 'B2';
  if (/limited|intermediate/.test(value)) return 'B1';
  if (/elementary|basic/.test(value)) return 'A2';
  if (/beginner/.test(value)) return 'A1';
  return 'B1';
}

const fluencyOf = (proficiency: string) => (proficiency === 'native' ? 'Native speaker' : proficiency);

/** A date JSON Resume may give as YYYY, YYYY-MM or YYYY-MM-DD, as the YYYY-MM-DD the profile keeps. */
export function isoDateOf(value: string | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(value.trim());
  if (!match) return null;
  return `${match[1]}-${match[2] ?? '01'}-${match[3] ?? '01'}`;
}

/**
 * A section date as JSON Resume writes it. Jobs, studies, certificates and projects are month-level
 * facts (the forms ask month and year; the server keeps the first day), so they leave as 'YYYY-MM':
 * an imported '2019-03' comes back out as '2019-03', never as a made-up '2019-03-01'.
 */
export function monthOf(value: string): string;
export function monthOf(value: string | null | undefined): string | undefined;
export function monthOf(value: string | null | undefined): string | undefined {
  return value ? value.slice(0, 7) : undefined;
}

/** The whole profile as JSON Resume v1.2, with our extra fields under `x-profiles` keys. */
/**
 * `credentials`: each company-verified job's current credential by job id; those jobs join
 * `work` marked verified, carrying it. An import skips them: only the company can verify a job.
 */
export function toJsonResume(page: ProfilePage, credentials: ReadonlyMap<number, string> = new Map()): Record<string, unknown> {
  const accepted = page.recommendations.filter((r) => r.status === 'accepted');
  return {
    $schema: jsonResumeSchemaUrl,
    basics: {
      name: `${page.first_name} ${page.last_name}`.trim(),
      label: page.headline ?? undefined,
      email: page.contact_email ?? undefined,
      phone: page.contact_phone ?? undefined,
      url: page.website ?? undefined,
      summary: page.about ?? undefined,
      location: page.location ? { city: page.location } : undefined,
      'x-profiles': {
        firstName: page.first_name,
        lastName: page.last_name,
        currentPosition: page.current_position,
        openToWork: page.open_to_work,
        title: page.title,
        description: page.description,
      },
    },
    // One entry a job, read from the one list the profile shows: a self-declared
    // job a company later confirmed is that verified job only, not also the person's own row.
    work: page.jobs.map((j) => {
      if (!j.verified) {
        const own = page.employments.find((e) => e.id === j.id);
        return {
          name: own?.company_name ?? j.company.name,
          position: own?.position ?? j.position ?? undefined,
          startDate: monthOf(own?.start_date ?? j.start_date),
          endDate: monthOf(own ? own.end_date : j.end_date),
          'x-profiles-current': own?.is_current ?? j.is_current,
        };
      }
      return {
        name: j.company.name,
        position: j.position ?? undefined,
        startDate: monthOf(j.start_date),
        endDate: monthOf(j.end_date),
        'x-profiles-current': j.is_current,
        'x-profiles-verified': true,
        'x-profiles-credential': credentials.get(j.id),
      };
    }),
    education: page.educations.map((e) => ({
      institution: e.school,
      studyType: e.degree ?? undefined,
      area: e.area_of_study ?? undefined,
      startDate: monthOf(e.start_date),
      endDate: monthOf(e.end_date),
    })),
    certificates: page.certifications.map((c) => ({
      name: c.name,
      issuer: c.provider,
      date: monthOf(c.issue_date),
      url: c.credential_url ?? undefined,
      'x-profiles-credentialId': c.credential_id ?? undefined,
      'x-profiles-expirationDate': monthOf(c.expiration_date),
    })),
    projects: page.projects.map((p) => ({
      name: p.title,
      description: p.description ?? undefined,
      url: p.url ?? undefined,
      startDate: monthOf(p.start_date),
      endDate: monthOf(p.end_date),
    })),
    skills: page.skills.map((s) => ({ name: s.name })),
    languages: page.languages.map((l) => ({
      language: languageName(l.code),
      fluency: fluencyOf(l.proficiency),
      'x-profiles-code': l.code,
    })),
    // Achievements arrive with their own feature; until then there are none to list.
    awards: [],
    references: accepted.map((r) => ({ name: `${r.author.first_name} ${r.author.last_name}`, reference: r.text })),
    meta: { version: 'v1.2.1', canonical: jsonResumeSchemaUrl },
  };
}
