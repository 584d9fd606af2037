// Ranking applicants in the pipeline (decision 271): the company's own ratings (1–5, one per
// owner or admin, the average shown), the latest public competency scores each applicant's past
// employers gave with the level of trust each has (contract/trust.ts), their skills and languages, and
// the filters and sorts over them. Company-only: nothing here is in the applicant's answers.
import { z } from 'zod';
import { pageCursor } from './jobs-search.ts';
import { messageRef } from './message-refs.ts';
import { searchLevels, searchScores, searchTrustLevels } from './search.ts';
import { trustLevels } from './trust.ts';
import { isStorableText } from './validation.ts';

const invalid = messageRef('validation.invalid');

/** A rating of an applicant: whole stars from 1 to 5. */
export const applicantRatingScale = { lowest: 1, highest: 5 } as const;

/** `PUT …/applications/{id}/rating`: the caller's own rating; null takes it back. */
export const RateApplicantRequest = z.object({
  rating: z
    .number({ error: invalid })
    .int({ error: invalid })
    .min(applicantRatingScale.lowest, { error: invalid })
    .max(applicantRatingScale.highest, { error: invalid })
    .nullable(),
});
export type RateApplicantRequest = z.input<typeof RateApplicantRequest>;

/** The company's ratings of one applicant: the average of the members' ratings and the reader's own. */
export const ApplicantRating = z.object({
  /** One decimal place; null while nobody rated. */
  average: z.number().min(applicantRatingScale.lowest).max(applicantRatingScale.highest).nullable(),
  count: z.number().int().nonnegative(),
  /** The reading member's own rating, if they gave one. */
  mine: z.number().int().min(applicantRatingScale.lowest).max(applicantRatingScale.highest).nullable(),
});
export type ApplicantRating = z.infer<typeof ApplicantRating>;

/**
 * A competency score from a past (or current) employer: the latest review round the person made
 * public for that job, with the job's level of trust. One per competency and job.
 */
export const ApplicantCompetency = z.object({
  name: z.string(),
  score: z.number().int().min(searchScores.lowest).max(searchScores.highest),
  company: z.string(),
  /** The domain the company proved (decision 248), which sets the `domain_verified` level; else null. */
  domain: z.string().nullable(),
  reviewed_on: z.string(),
  trust: z.enum(trustLevels),
});
export type ApplicantCompetency = z.infer<typeof ApplicantCompetency>;

export const ApplicantLanguage = z.object({ code: z.string(), level: z.enum(searchLevels) });

/** The most applicants one page of the pipeline carries (decision 279). */
export const applicantPageSizeMax = 50;

/** How the pipeline orders applicants. */
export const applicantSorts = ['newest', 'rating', 'competency'] as const;

const textMax = 100;
const filterText = () =>
  z
    .string()
    .max(textMax, { error: messageRef('validation.tooLong', { maximum: textMax }) })
    .refine(isStorableText, { error: invalid })
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * `GET …/openings/{id}/applications?competency=&min_score=&trust=&language=&level=&skill=&sort=`.
 * `competency` matches a score's name (case and spacing aside) at `min_score` or above (1 without it),
 * from a job at `trust` or above (any company's confirmation by default; `domain_verified` narrows);
 * `level` needs `language`; `skill` matches a skill's name; `sort=competency` needs `competency`.
 */
export const ApplicantsQuery = z
  .object({
    competency: filterText(),
    min_score: z.coerce
      .number({ error: invalid })
      .int({ error: invalid })
      .min(searchScores.lowest, { error: invalid })
      .max(searchScores.highest, { error: invalid })
      .optional(),
    trust: z.enum(searchTrustLevels, { error: invalid }).default('company_confirmed'),
    language: z
      .string()
      .regex(/^[a-z]{2}$/, { error: invalid })
      .optional(),
    level: z.enum(searchLevels, { error: invalid }).optional(),
    skill: filterText(),
    sort: z.enum(applicantSorts, { error: invalid }).default('newest'),
    /** Only the applicants at this stage of the company's (a board's column, decision 279). */
    stage: z
      .string({ error: invalid })
      .regex(/^[a-z][a-z0-9_]{0,31}$/, { error: invalid })
      .optional(),
    /** The `next_cursor` of the page before. */
    cursor: pageCursor(),
    limit: z.coerce
      .number({ error: invalid })
      .int({ error: invalid })
      .min(1, { error: invalid })
      .max(applicantPageSizeMax, { error: invalid })
      .optional(),
    locale: z.string().max(10).optional(),
  })
  .refine((q) => q.min_score === undefined || q.competency, { message: invalid, path: ['min_score'] })
  .refine((q) => !q.level || q.language, { message: invalid, path: ['level'] })
  .refine((q) => q.sort !== 'competency' || q.competency, { message: invalid, path: ['sort'] });
export type ApplicantsQuery = z.output<typeof ApplicantsQuery>;
/** The filter as the site holds and sends it. */
export type ApplicantsFilter = Partial<Omit<ApplicantsQuery, 'locale' | 'competency' | 'skill' | 'stage' | 'cursor' | 'limit'>> & {
  competency?: string;
  skill?: string;
};

/** Whether the trust level `level` reaches `least` on the ladder. */
export const reaches = (level: (typeof trustLevels)[number], least: (typeof trustLevels)[number]): boolean =>
  trustLevels.indexOf(level) >= trustLevels.indexOf(least);
