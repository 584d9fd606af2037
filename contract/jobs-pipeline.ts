// The pipeline's pages (decision 279): an opening's applicants come a page at a time, in the filter's
// order, with the company's stages and how many of the kept applicants sit at each, so the board draws
// every column and its count from the first page and reads each column's next page on its own.
import { z } from 'zod';
import { Applicant } from './applications.ts';
import { PipelineStage } from './jobs-stages.ts';

/** Applicants on a page unless `limit` says otherwise (at most applicantPageSizeMax). */
export const applicantPageSize = 20;

/** A column of the board: one of the company's stages with the opening's kept applicants at it. */
export const StageColumn = PipelineStage.omit({ applications: true }).extend({ count: z.number().int().nonnegative() });
export type StageColumn = z.infer<typeof StageColumn>;

/** `GET …/openings/{id}/applications`: one page of the applicants the query keeps. */
export const ApplicantsPage = z.object({
  items: z.array(Applicant),
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
  /** Applicants the query keeps (at `stage` when it names one). */
  total: z.number().int().nonnegative(),
  /** The company's stages in its order, each with the kept applicants at it (every stage, whatever `stage` asked). */
  stages: z.array(StageColumn),
});
export type ApplicantsPage = z.infer<typeof ApplicantsPage>;
