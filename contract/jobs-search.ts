// Finding openings (decision 269): `/jobs` for signed-in people. The query lives in the
// address (`/jobs?q=designer&location=Kyiv&remote=true`), so the page and the API read the same
// names; plain zod, no server code. Only published openings before their closing date whose job page
// exists (the company's public page is on) are found.
import { z } from 'zod';
import { employmentTypes, salaryCurrencies, salaryPeriods, type SalaryPeriod } from './jobs.ts';
import { messageRef } from './message-refs.ts';
import { isStorableText } from './validation.ts';

export const jobSearchLimits = {
  /** The longest query or filter text taken. */
  textMax: 100,
  /** Words of a query that count (each two letters or more). */
  wordsMax: 6,
  /** Results a page holds by default, and at most. */
  pageSize: 20,
  pageSizeMax: 50,
  /** The largest salary minimum taken (whole units; the openings' own cap). */
  salaryMax: 100_000_000,
  /** Openings the header's suggestions show. */
  suggestions: 3,
  /** Searches one person may run per minute. */
  searchesPerMinute: 60,
} as const;

export const jobSearchApiPaths = { search: '/api/jobs/search' } as const;

/**
 * What a salary period is worth in a year, to compare salaries given per hour, day, week, month or
 * year: a full-time year of 52 weeks, 5 days a week, 8 hours a day. Currencies are never converted:
 * a salary minimum in one currency finds salaries in that currency only.
 */
export const salaryPeriodsPerYear: Record<SalaryPeriod, number> = { hour: 2080, day: 260, week: 52, month: 12, year: 1 };

const invalid = messageRef('validation.invalid');

/** A page's `cursor` parameter: the `next_cursor` of the page before, as the server wrote it (base64url). */
export const pageCursor = () =>
  z
    .string({ error: invalid })
    .max(200, { error: invalid })
    .regex(/^[A-Za-z0-9_-]+$/, { error: invalid })
    .optional();
const tooLong = messageRef('validation.tooLong', { maximum: jobSearchLimits.textMax });

/** A free-text query or filter: trimmed, storable, at most `textMax`; empty is absent. */
const searchText = () =>
  z
    .string({ error: invalid })
    .max(jobSearchLimits.textMax, { error: tooLong })
    .refine(isStorableText, { error: invalid })
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .optional()
    .transform((v) => (v ? v : undefined));

/** A yes/no flag as an address writes it. */
const flag = z
  .enum(['true', 'false', '1', '0'], { error: invalid })
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * `GET /api/jobs/search`. `location` and `remote` together find jobs in the place or remote ones;
 * `salary_min` needs `currency` (and takes `period`, a month by default): an opening counts when the
 * top of its range, per year, reaches the minimum per year.
 */
export const JobSearchQuery = z
  .object({
    q: searchText(),
    location: searchText(),
    remote: flag,
    type: z.enum(employmentTypes, { error: invalid }).optional(),
    skill: searchText(),
    company: searchText(),
    salary_min: z.coerce
      .number({ error: invalid })
      .int({ error: invalid })
      .min(1, { error: invalid })
      .max(jobSearchLimits.salaryMax, { error: invalid })
      .optional(),
    currency: z.enum(salaryCurrencies, { error: invalid }).optional(),
    period: z.enum(salaryPeriods, { error: invalid }).default('month'),
    /** Only companies that proved they control a domain: the top of the ladder of trust (decision 257). */
    verified: flag,
    cursor: pageCursor(),
    limit: z.coerce
      .number({ error: invalid })
      .int({ error: invalid })
      .min(1, { error: invalid })
      .max(jobSearchLimits.pageSizeMax, { error: invalid })
      .default(jobSearchLimits.pageSize),
    // Every GET carries the reader's locale (SPEC §7).
    locale: z.string().max(10).optional(),
  })
  .refine((q) => q.salary_min === undefined || q.currency, { message: messageRef('validation.required'), path: ['currency'] });
export type JobSearchQuery = z.infer<typeof JobSearchQuery>;

const id = z.number().int().positive();

/** The company of an opening, with the ladder's word on it: its verified domain, or null (identity not verified). */
export const JobCompany = z.object({
  id,
  name: z.string(),
  logo_url: z.string().nullable(),
  /** The company's public page address: the job page is `/company/{address}/jobs/{id}`. */
  address: z.string(),
  verified_domain: z.string().nullable(),
});
export type JobCompany = z.infer<typeof JobCompany>;

export const JobResult = z.object({
  id,
  title: z.string(),
  company: JobCompany,
  location: z.string().nullable(),
  remote: z.boolean(),
  employment_type: z.enum(employmentTypes),
  salary_min: z.number().int().nullable(),
  salary_max: z.number().int().nullable(),
  salary_currency: z.enum(salaryCurrencies).nullable(),
  salary_period: z.enum(salaryPeriods).nullable(),
  /** The first publication (the job page's datePosted). */
  published_at: z.iso.datetime({ offset: true }),
  closes_on: z.string(),
});
export type JobResult = z.infer<typeof JobResult>;

export const JobSearchResults = z.object({
  items: z.array(JobResult),
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type JobSearchResults = z.infer<typeof JobSearchResults>;
