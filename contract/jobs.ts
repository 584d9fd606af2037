// Openings (decision 255): what the workspace's Openings tab reads and sends, and the paths
// of the public job pages. An opening is the first link of opening → application → stage; the later
// links (applying, the pipeline) hang off its id.
import { z } from 'zod';
import { proficiencies } from './profile-sections.ts';
import { highestScore, lowestScore } from './employment-scores.ts';
import { calendarDate, messageRef, optionalText, requiredText } from './validation.ts';

const id = z.number().int().positive();
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** draft: only owners and admins see it; published: public while its closing date has not passed; closed: kept with its applications. */
export const openingStatuses = ['draft', 'published', 'closed'] as const;
export const OpeningStatus = z.enum(openingStatuses);
export type OpeningStatus = z.infer<typeof OpeningStatus>;

/** The employment types, each with its schema.org JobPosting `employmentType`. */
export const employmentTypeSchemaOrg = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  internship: 'INTERN',
  volunteer: 'VOLUNTEER',
} as const;
export const employmentTypes = Object.keys(employmentTypeSchemaOrg) as [
  keyof typeof employmentTypeSchemaOrg,
  ...(keyof typeof employmentTypeSchemaOrg)[],
];
export type EmploymentType = keyof typeof employmentTypeSchemaOrg;

/** The salary's period, each with schema.org's `unitText`. */
export const salaryPeriodSchemaOrg = { hour: 'HOUR', day: 'DAY', week: 'WEEK', month: 'MONTH', year: 'YEAR' } as const;
export const salaryPeriods = Object.keys(salaryPeriodSchemaOrg) as [
  keyof typeof salaryPeriodSchemaOrg,
  ...(keyof typeof salaryPeriodSchemaOrg)[],
];
export type SalaryPeriod = keyof typeof salaryPeriodSchemaOrg;

/** The currencies a salary may be given in (ISO 4217): the ones people here are paid in. */
export const salaryCurrencies = ['UAH', 'EUR', 'USD', 'GBP', 'PLN', 'CHF', 'CAD', 'SEK', 'NOK', 'DKK', 'CZK'] as const;

export const openingLimits = {
  title: 160,
  description: 10_000,
  location: 160,
  skill: 80,
  skills: 30,
  competencies: 20,
  languages: 10,
  /** The largest amount a salary field takes (whole units of the currency). */
  salary: 100_000_000,
} as const;

const invalid = messageRef('validation.invalid');
const duplicate = messageRef('validation.duplicate');

export const OpeningCompetency = z.object({
  competency_id: id,
  /** The minimum score on the 1–6 scale (SPEC §3). */
  min_level: z
    .number({ error: invalid })
    .int({ error: invalid })
    .min(lowestScore, { error: invalid })
    .max(highestScore, { error: invalid }),
});
export type OpeningCompetency = z.infer<typeof OpeningCompetency>;

export const OpeningLanguage = z.object({
  code: z
    .string({ error: messageRef('validation.required') })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, { error: invalid }),
  level: z.enum(proficiencies, { error: invalid }),
});
export type OpeningLanguage = z.infer<typeof OpeningLanguage>;

const amount = z
  .number({ error: invalid })
  .int({ error: invalid })
  .min(0, { error: invalid })
  .max(openingLimits.salary, { error: invalid })
  .nullable();

/** `POST /api/companies/{id}/openings` and `PUT …/openings/{openingId}`: the whole opening each time. */
export const SaveOpeningRequest = z
  .object({
    title: requiredText(openingLimits.title),
    /** Paragraphs (a blank line between), lists (`- ` or `1. `), **bold** and [links](https://…); nothing else is formatting. */
    description: requiredText(openingLimits.description),
    location: optionalText(openingLimits.location),
    remote: z.boolean({ error: invalid }),
    employment_type: z.enum(employmentTypes, { error: messageRef('validation.required') }),
    salary_min: amount,
    salary_max: amount,
    salary_currency: z.enum(salaryCurrencies, { error: invalid }).nullable(),
    salary_period: z.enum(salaryPeriods, { error: invalid }).nullable(),
    competencies: z
      .array(OpeningCompetency)
      .max(openingLimits.competencies, { error: messageRef('validation.tooMany', { maximum: openingLimits.competencies }) }),
    skills: z
      .array(requiredText(openingLimits.skill))
      .max(openingLimits.skills, { error: messageRef('validation.tooMany', { maximum: openingLimits.skills }) }),
    languages: z
      .array(OpeningLanguage)
      .max(openingLimits.languages, { error: messageRef('validation.tooMany', { maximum: openingLimits.languages }) }),
    team_id: id.nullable(),
    /** The last day applications are taken; the page answers 410 from the day after. */
    closes_on: calendarDate(),
  })
  .superRefine((value, ctx) => {
    if (!value.remote && value.location === null) {
      ctx.addIssue({ code: 'custom', path: ['location'], message: messageRef('validation.locationOrRemote') });
    }
    const salaryGiven = value.salary_min !== null || value.salary_max !== null;
    if (salaryGiven) {
      if (value.salary_min === null) ctx.addIssue({ code: 'custom', path: ['salary_min'], message: messageRef('validation.required') });
      if (value.salary_currency === null)
        ctx.addIssue({ code: 'custom', path: ['salary_currency'], message: messageRef('validation.required') });
      if (value.salary_period === null)
        ctx.addIssue({ code: 'custom', path: ['salary_period'], message: messageRef('validation.required') });
    }
    if (value.salary_min !== null && value.salary_max !== null && value.salary_max < value.salary_min) {
      ctx.addIssue({ code: 'custom', path: ['salary_max'], message: messageRef('validation.salaryRange') });
    }
    const seenCompetencies = new Set<number>();
    value.competencies.forEach((c, index) => {
      if (seenCompetencies.has(c.competency_id))
        ctx.addIssue({ code: 'custom', path: ['competencies', index, 'competency_id'], message: duplicate });
      seenCompetencies.add(c.competency_id);
    });
    const seenSkills = new Set<string>();
    value.skills.forEach((skill, index) => {
      const key = skill.toLowerCase();
      if (seenSkills.has(key)) ctx.addIssue({ code: 'custom', path: ['skills', index], message: duplicate });
      seenSkills.add(key);
    });
    const seenLanguages = new Set<string>();
    value.languages.forEach((language, index) => {
      if (seenLanguages.has(language.code)) ctx.addIssue({ code: 'custom', path: ['languages', index, 'code'], message: duplicate });
      seenLanguages.add(language.code);
    });
  });
export type SaveOpeningRequest = z.input<typeof SaveOpeningRequest>;
export type SaveOpeningInput = z.output<typeof SaveOpeningRequest>;

/** An opening as the workspace sees it. */
export const Opening = z.object({
  id,
  status: OpeningStatus,
  title: z.string(),
  description: z.string(),
  location: z.string().nullable(),
  remote: z.boolean(),
  employment_type: z.enum(employmentTypes),
  salary_min: z.number().int().nullable(),
  salary_max: z.number().int().nullable(),
  salary_currency: z.enum(salaryCurrencies).nullable(),
  salary_period: z.enum(salaryPeriods).nullable(),
  competencies: z.array(OpeningCompetency.extend({ name: z.string() })),
  skills: z.array(z.string()),
  languages: z.array(OpeningLanguage),
  team_id: id.nullable(),
  closes_on: z.string(),
  /** Past its closing date: published but no longer public. */
  expired: z.boolean(),
  published_at: z.iso.datetime({ offset: true }).nullable(),
  closed_at: z.iso.datetime({ offset: true }).nullable(),
  updated_at: z.iso.datetime({ offset: true }),
  /** The public page's path while the opening is published and the company's public page is on. */
  public_path: z.string().nullable(),
});
export type Opening = z.infer<typeof Opening>;

export const OpeningParams = z.object({ companyId: idParam, openingId: idParam });

/** Paths the company host calls with its company session. */
export const openingPaths = {
  openings: (companyId: number | string) => `/api/companies/${companyId}/openings`,
  opening: (companyId: number | string, openingId: number | string) => `/api/companies/${companyId}/openings/${openingId}`,
  publish: (companyId: number | string, openingId: number | string) => `/api/companies/${companyId}/openings/${openingId}/publish`,
  close: (companyId: number | string, openingId: number | string) => `/api/companies/${companyId}/openings/${openingId}/close`,
  reopen: (companyId: number | string, openingId: number | string) => `/api/companies/${companyId}/openings/${openingId}/reopen`,
} as const;

// A published opening's public page on the personal host: job-paths.ts (no schema library, so the header's
// suggestions link openings without it).
export { jobPagePath } from './job-paths.ts';
