// Importing a JSON Resume (profile issue): the plan of what importing one would add, shown in the
// preview before anything is saved, and the request that saves what the person confirmed. Only
// additions, never overwriting what the person wrote; whatever is left out is listed with why.
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
import { isoDateOf, languageCodeOf, proficiencyOf, type JsonResume } from './json-resume.ts';
import type { skipReasons } from './json-resume-skips.ts';

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
type Section = keyof typeof entrySchemas;

const key = (...parts: (string | null | undefined)[]) => parts.map((p) => (p ?? '').trim().toLowerCase()).join('|');
const webAddress = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : null);

/** The plan being built, with the entries already on the profile or in the plan, by section. */
class Planner {
  readonly plan: ImportPlan = {
    header: {},
    employments: [],
    educations: [],
    certifications: [],
    projects: [],
    skills: [],
    languages: [],
    skipped: [],
  };
  private readonly seen: Record<Section, Set<string>>;
  private readonly current: ProfilePage;

  constructor(current: ProfilePage) {
    this.current = current;
    this.seen = {
      employments: new Set(current.employments.map((e) => key(e.company_name, e.position, e.start_date))),
      educations: new Set(current.educations.map((e) => key(e.school, e.degree))),
      certifications: new Set(current.certifications.map((c) => key(c.name, c.provider))),
      projects: new Set(current.projects.map((p) => key(p.title))),
      skills: new Set(current.skills.map((s) => key(s.name))),
      languages: new Set(current.languages.map((l) => key(l.code))),
    };
  }

  skip(section: string, name: string, reason: SkippedEntry['reason']) {
    this.plan.skipped.push({ section, name, reason });
  }

  /** A header field, only where the profile's is empty and the value passes the field's rules. */
  fill<K extends keyof ImportPlan['header']>(field: K, now: string | null, value: string | undefined) {
    if (!value || !value.trim() || (now ?? '').trim()) return;
    const refused = refusal(UpdateProfileRequest.shape[field], value.trim());
    if (refused) this.plan.skipped.push({ section: 'basics', name: shortened(value.trim()), ...refused, field });
    else this.plan.header[field] = value.trim();
  }

  /** An entry, unless the profile or the plan has it, it breaks its rules, or the section is full. */
  add<S extends Section>(section: S, k: string, name: string, item: ImportPlan[S][number]) {
    if (this.seen[section].has(k)) return this.skip(section, name, 'duplicate');
    const refused = refusal(entrySchemas[section], item);
    if (refused) return void this.plan.skipped.push({ section, name: shortened(name), ...refused });
    if (this.current[section].length + this.plan[section].length >= sectionEntryLimit) {
      return void this.plan.skipped.push({ section, name: shortened(name), reason: 'sectionFull', maximum: sectionEntryLimit });
    }
    this.seen[section].add(k);
    (this.plan[section] as unknown[]).push(item);
  }
}

function planBasics(planner: Planner, basics: JsonResume['basics'], current: ProfilePage) {
  if (!basics) return;
  const [first, ...rest] = (basics.name ?? '').trim().split(/\s+/);
  planner.fill('first_name', current.first_name, first);
  planner.fill('last_name', current.last_name, rest.join(' '));
  planner.fill('headline', current.headline, basics.label);
  planner.fill('about', current.about, basics.summary);
  planner.fill('location', current.location, basics.location?.city ?? basics.location?.address);
  if (webAddress(basics.url)) planner.fill('website', current.website, basics.url);
  if (basics.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(basics.email)) planner.fill('contact_email', current.contact_email, basics.email);
  planner.fill('contact_phone', current.contact_phone, basics.phone);
}

function planWork(planner: Planner, work: JsonResume['work']) {
  for (const w of work ?? []) {
    if (!w) continue;
    // A company-verified job: the credential is its proof; a person cannot import one.
    if ((w as Record<string, unknown>)['x-profiles-verified'] === true) {
      planner.skip('employments', w.name ?? w.company ?? w.position ?? '', 'notImportable');
      continue;
    }
    const start = isoDateOf(w.startDate);
    const company = w.name ?? w.company;
    if (!company || !w.position || !start) {
      planner.skip('employments', company ?? w.position ?? '', 'incomplete');
      continue;
    }
    // An employment has no place for its summary, the company's description or bullet points (its
    // experience description is the person's own words, written on its page): the preview names each
    // one left out, so nothing goes unsaid.
    if (w.summary?.trim()) planner.skip('summary', shortened(w.summary.trim()), 'notSupported');
    if (w.description?.trim()) planner.skip('description', shortened(w.description.trim()), 'notSupported');
    for (const highlight of w.highlights ?? []) planner.skip('highlights', highlight, 'notSupported');
    const end = isoDateOf(w.endDate);
    planner.add('employments', key(company, w.position, start), `${w.position}, ${company}`, {
      company_name: company,
      position: w.position,
      start_date: start,
      end_date: end,
      is_current: !end,
    });
  }
}

function planEducation(planner: Planner, education: JsonResume['education']) {
  for (const e of education ?? []) {
    if (!e) continue;
    if (!e.institution) {
      planner.skip('educations', e.area ?? '', 'incomplete');
      continue;
    }
    for (const course of e.courses ?? []) if (course.trim()) planner.skip('courses', course.trim(), 'notSupported');
    planner.add('educations', key(e.institution, e.studyType ?? null), e.institution, {
      school: e.institution,
      degree: e.studyType ?? null,
      area_of_study: e.area ?? null,
      start_date: isoDateOf(e.startDate),
      end_date: isoDateOf(e.endDate),
    });
  }
}

function planCertificates(planner: Planner, certificates: JsonResume['certificates']) {
  for (const c of certificates ?? []) {
    if (!c) continue;
    if (!c.name || !c.issuer) {
      planner.skip('certifications', c.name ?? '', 'incomplete');
      continue;
    }
    planner.add('certifications', key(c.name, c.issuer), c.name, {
      name: c.name,
      provider: c.issuer,
      credential_id: null,
      credential_url: webAddress(c.url),
      issue_date: isoDateOf(c.date),
      expiration_date: null,
      media_file_id: null,
    });
  }
}

function planProjects(planner: Planner, projects: JsonResume['projects']) {
  for (const p of projects ?? []) {
    if (!p) continue;
    if (!p.name) {
      planner.skip('projects', '', 'incomplete');
      continue;
    }
    for (const highlight of p.highlights ?? []) if (highlight.trim()) planner.skip('highlights', highlight.trim(), 'notSupported');
    planner.add('projects', key(p.name), p.name, {
      title: p.name,
      description: p.description ?? null,
      url: webAddress(p.url),
      start_date: isoDateOf(p.startDate),
      end_date: isoDateOf(p.endDate),
      media_file_id: null,
    });
  }
}

function planSkillsAndLanguages(planner: Planner, resume: JsonResume) {
  for (const s of resume.skills ?? []) {
    if (!s?.name) continue;
    planner.add('skills', key(s.name), s.name, { name: s.name });
    // Keywords are skills of their own here (a "Web development" group lists "TypeScript", …).
    for (const keyword of s.keywords ?? []) if (keyword.trim()) planner.add('skills', key(keyword), keyword, { name: keyword.trim() });
  }
  for (const l of resume.languages ?? []) {
    if (!l?.language) continue;
    const code = languageCodeOf(l.language);
    if (!code) {
      planner.skip('languages', l.language, 'unknownLanguage');
      continue;
    }
    planner.add('languages', key(code), l.language, { code, proficiency: proficiencyOf(l.fluency) });
  }
}

/** What a profile has no place for, or must not take from a file: listed, never dropped silently. */
function listLeftOut(planner: Planner, resume: JsonResume) {
  // Recommendations must come from their authors, and achievements are earned here: a file cannot claim them.
  for (const r of resume.references ?? []) if (r) planner.skip('references', r.name ?? '', 'notImportable');
  for (const a of resume.awards ?? []) if (a) planner.skip('awards', a.title ?? '', 'notImportable');
  // Sections a profile has no place for are listed, never dropped silently (hardening issue, point 9).
  for (const v of resume.volunteer ?? []) if (v) planner.skip('volunteer', v.organization ?? v.position ?? '', 'notSupported');
  for (const p of resume.publications ?? []) if (p) planner.skip('publications', p.name ?? '', 'notSupported');
  for (const i of resume.interests ?? []) if (i) planner.skip('interests', i.name ?? '', 'notSupported');
  for (const p of resume.basics?.profiles ?? []) if (p) planner.skip('profiles', p.network ?? p.url ?? '', 'notSupported');
}

/** Plans the import of `resume` into `current`: only additions, never overwriting what the person wrote. */
export function planImport(resume: JsonResume, current: ProfilePage): ImportPlan {
  const planner = new Planner(current);
  planBasics(planner, resume.basics, current);
  planWork(planner, resume.work);
  planEducation(planner, resume.education);
  planCertificates(planner, resume.certificates);
  planProjects(planner, resume.projects);
  planSkillsAndLanguages(planner, resume);
  listLeftOut(planner, resume);
  return planner.plan;
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
