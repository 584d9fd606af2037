// Data portability (profile issue): the profile as a JSON Resume v1.2 document, and the plan of what
// importing one would add. Pure functions, so the server exports with them and the browser previews
// an import with them before anything is saved.
import { z } from 'zod';
import {
  CertificationInput,
  EducationInput,
  EmploymentInput,
  LanguageInput,
  ProjectInput,
  sectionEntryLimit,
  SkillInput,
  UpdateProfileRequest,
  type ProfilePage,
} from './profile-sections.ts';
import { skipReasons } from './json-resume-skips.ts';
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
 * `credentials`: each company-verified job's current credential by job id (issue 26); those jobs join
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
    // One entry a job, read from the one list the profile shows (issue 36 point 1): a self-declared
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

/** What an import would change: header fields now empty, entries to add, and what it leaves out. */
export interface ImportPlan {
  header: Partial<{
    first_name: string;
    last_name: string;
    headline: string;
    about: string;
    location: string;
    website: string;
    contact_email: string;
    contact_phone: string;
  }>;
  employments: z.input<typeof EmploymentInput>[];
  educations: z.input<typeof EducationInput>[];
  certifications: z.input<typeof CertificationInput>[];
  projects: z.input<typeof ProjectInput>[];
  skills: z.input<typeof SkillInput>[];
  languages: z.input<typeof LanguageInput>[];
  skipped: SkippedEntry[];
}

/** Why an import leaves something out (json-resume-skips.ts). */
export { skipReasons };

/** Something an import leaves out, and why; `field` and `maximum` say which field of the entry failed (or, for sectionFull, the section's limit). */
export interface SkippedEntry {
  section: string;
  name: string;
  reason: (typeof skipReasons)[number];
  field?: string;
  maximum?: number;
}

/**
 * Why `schema` refuses `value`, as a skipped entry's reason: the first failing field, and its limit
 * when it is too long. One bad entry is left out with its own message instead of failing the whole
 * import (hardening issue, point 9).
 */
function refusal(schema: z.ZodType, value: unknown): Pick<SkippedEntry, 'reason' | 'field' | 'maximum'> | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length ? String(issue.path[0]) : undefined;
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') return { reason: 'tooLong', field, maximum: issue.maximum };
  return { reason: 'invalid', ...(field === undefined ? {} : { field }) };
}

/** A refused value as the preview names it: at most 60 characters, an ellipsis when cut. */
const shortened = (value: string) => (value.length > 60 ? `${value.slice(0, 59)}…` : value);

const entrySchemas = {
  employments: EmploymentInput,
  educations: EducationInput,
  certifications: CertificationInput,
  projects: ProjectInput,
  skills: SkillInput,
  languages: LanguageInput,
} as const;

const key = (...parts: (string | null | undefined)[]) => parts.map((p) => (p ?? '').trim().toLowerCase()).join('|');

/** Plans the import of `resume` into `current`: only additions, never overwriting what the person wrote. */
export function planImport(resume: JsonResume, current: ProfilePage): ImportPlan {
  const plan: ImportPlan = {
    header: {},
    employments: [],
    educations: [],
    certifications: [],
    projects: [],
    skills: [],
    languages: [],
    skipped: [],
  };
  const basics = resume.basics;
  if (basics) {
    const [first, ...rest] = (basics.name ?? '').trim().split(/\s+/);
    const fill = <K extends keyof ImportPlan['header']>(field: K, now: string | null, value: string | undefined) => {
      if (!value || !value.trim() || (now ?? '').trim()) return;
      const refused = refusal(UpdateProfileRequest.shape[field], value.trim());
      if (refused) plan.skipped.push({ section: 'basics', name: shortened(value.trim()), ...refused, field });
      else plan.header[field] = value.trim();
    };
    fill('first_name', current.first_name, first);
    fill('last_name', current.last_name, rest.join(' '));
    fill('headline', current.headline, basics.label);
    fill('about', current.about, basics.summary);
    fill('location', current.location, basics.location?.city ?? basics.location?.address);
    if (basics.url && /^https?:\/\//i.test(basics.url)) fill('website', current.website, basics.url);
    if (basics.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(basics.email)) fill('contact_email', current.contact_email, basics.email);
    fill('contact_phone', current.contact_phone, basics.phone);
  }

  const seen = {
    employments: new Set(current.employments.map((e) => key(e.company_name, e.position, e.start_date))),
    educations: new Set(current.educations.map((e) => key(e.school, e.degree))),
    certifications: new Set(current.certifications.map((c) => key(c.name, c.provider))),
    projects: new Set(current.projects.map((p) => key(p.title))),
    skills: new Set(current.skills.map((s) => key(s.name))),
    languages: new Set(current.languages.map((l) => key(l.code))),
  };
  const add = <S extends keyof typeof seen>(section: S, k: string, name: string, item: ImportPlan[S][number]) => {
    if (seen[section].has(k)) {
      plan.skipped.push({ section, name, reason: 'duplicate' });
      return;
    }
    const refused = refusal(entrySchemas[section], item);
    if (refused) {
      plan.skipped.push({ section, name: shortened(name), ...refused });
      return;
    }
    if (current[section].length + plan[section].length >= sectionEntryLimit) {
      plan.skipped.push({ section, name: shortened(name), reason: 'sectionFull', maximum: sectionEntryLimit });
      return;
    }
    seen[section].add(k);
    (plan[section] as unknown[]).push(item);
  };

  for (const w of resume.work ?? []) {
    if (!w) continue;
    // A company-verified job (issue 26): the credential is its proof; a person cannot import one.
    if ((w as Record<string, unknown>)['x-profiles-verified'] === true) {
      plan.skipped.push({ section: 'employments', name: w.name ?? w.company ?? w.position ?? '', reason: 'notImportable' });
      continue;
    }
    const start = isoDateOf(w.startDate);
    const company = w.name ?? w.company;
    if (!company || !w.position || !start) {
      plan.skipped.push({ section: 'employments', name: company ?? w.position ?? '', reason: 'incomplete' });
      continue;
    }
    // An employment has no place for its summary, the company's description or bullet points (its
    // experience description is the person's own words, written on its page): the preview names each
    // one left out, so nothing goes unsaid.
    if (w.summary?.trim()) plan.skipped.push({ section: 'summary', name: shortened(w.summary.trim()), reason: 'notSupported' });
    if (w.description?.trim()) plan.skipped.push({ section: 'description', name: shortened(w.description.trim()), reason: 'notSupported' });
    for (const highlight of w.highlights ?? []) plan.skipped.push({ section: 'highlights', name: highlight, reason: 'notSupported' });
    const end = isoDateOf(w.endDate);
    add('employments', key(company, w.position, start), `${w.position}, ${company}`, {
      company_name: company,
      position: w.position,
      start_date: start,
      end_date: end,
      is_current: !end,
    });
  }
  for (const e of resume.education ?? []) {
    if (!e) continue;
    if (!e.institution) {
      plan.skipped.push({ section: 'educations', name: e.area ?? '', reason: 'incomplete' });
      continue;
    }
    for (const course of e.courses ?? [])
      if (course.trim()) plan.skipped.push({ section: 'courses', name: course.trim(), reason: 'notSupported' });
    add('educations', key(e.institution, e.studyType ?? null), e.institution, {
      school: e.institution,
      degree: e.studyType ?? null,
      area_of_study: e.area ?? null,
      start_date: isoDateOf(e.startDate),
      end_date: isoDateOf(e.endDate),
    });
  }
  for (const c of resume.certificates ?? []) {
    if (!c) continue;
    if (!c.name || !c.issuer) {
      plan.skipped.push({ section: 'certifications', name: c.name ?? '', reason: 'incomplete' });
      continue;
    }
    add('certifications', key(c.name, c.issuer), c.name, {
      name: c.name,
      provider: c.issuer,
      credential_id: null,
      credential_url: c.url && /^https?:\/\//i.test(c.url) ? c.url : null,
      issue_date: isoDateOf(c.date),
      expiration_date: null,
      media_file_id: null,
    });
  }
  for (const p of resume.projects ?? []) {
    if (!p) continue;
    if (!p.name) {
      plan.skipped.push({ section: 'projects', name: '', reason: 'incomplete' });
      continue;
    }
    for (const highlight of p.highlights ?? [])
      if (highlight.trim()) plan.skipped.push({ section: 'highlights', name: highlight.trim(), reason: 'notSupported' });
    add('projects', key(p.name), p.name, {
      title: p.name,
      description: p.description ?? null,
      url: p.url && /^https?:\/\//i.test(p.url) ? p.url : null,
      start_date: isoDateOf(p.startDate),
      end_date: isoDateOf(p.endDate),
      media_file_id: null,
    });
  }
  for (const s of resume.skills ?? []) {
    if (!s?.name) continue;
    add('skills', key(s.name), s.name, { name: s.name });
    // Keywords are skills of their own here (a "Web development" group lists "TypeScript", …).
    for (const keyword of s.keywords ?? []) if (keyword.trim()) add('skills', key(keyword), keyword, { name: keyword.trim() });
  }
  for (const l of resume.languages ?? []) {
    if (!l?.language) continue;
    const code = languageCodeOf(l.language);
    if (!code) {
      plan.skipped.push({ section: 'languages', name: l.language, reason: 'unknownLanguage' });
      continue;
    }
    add('languages', key(code), l.language, { code, proficiency: proficiencyOf(l.fluency) });
  }
  // Recommendations must come from their authors, and achievements are earned here: a file cannot claim them.
  for (const r of resume.references ?? []) if (r) plan.skipped.push({ section: 'references', name: r.name ?? '', reason: 'notImportable' });
  for (const a of resume.awards ?? []) if (a) plan.skipped.push({ section: 'awards', name: a.title ?? '', reason: 'notImportable' });
  // Sections a profile has no place for are listed, never dropped silently (hardening issue, point 9).
  for (const v of resume.volunteer ?? [])
    if (v) plan.skipped.push({ section: 'volunteer', name: v.organization ?? v.position ?? '', reason: 'notSupported' });
  for (const p of resume.publications ?? [])
    if (p) plan.skipped.push({ section: 'publications', name: p.name ?? '', reason: 'notSupported' });
  for (const i of resume.interests ?? []) if (i) plan.skipped.push({ section: 'interests', name: i.name ?? '', reason: 'notSupported' });
  for (const p of resume.basics?.profiles ?? [])
    if (p) plan.skipped.push({ section: 'profiles', name: p.network ?? p.url ?? '', reason: 'notSupported' });
  return plan;
}

/** `POST /api/profile/import`: the header fields and entries the person confirmed in the preview. */
export const ImportRequest = z.object({
  header: UpdateProfileRequest.pick({
    first_name: true,
    last_name: true,
    headline: true,
    about: true,
    location: true,
    website: true,
    contact_email: true,
    contact_phone: true,
  })
    .partial()
    .default({}),
  employments: z.array(EmploymentInput).max(sectionEntryLimit).default([]),
  educations: z.array(EducationInput).max(sectionEntryLimit).default([]),
  certifications: z.array(CertificationInput).max(sectionEntryLimit).default([]),
  projects: z.array(ProjectInput).max(sectionEntryLimit).default([]),
  skills: z.array(SkillInput).max(sectionEntryLimit).default([]),
  languages: z.array(LanguageInput).max(sectionEntryLimit).default([]),
});
export type ImportRequest = z.input<typeof ImportRequest>;
