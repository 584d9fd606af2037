// What the person says of what a company wrote of their job (decision 120): consent, round
// by round and for the final feedback, to show it on the public profile, and the person's public
// reply to each; the company's words stay as they are. Every function answers the job's details.
import { eq } from 'drizzle-orm';
import type { EmploymentDetails } from '../../contract/careers.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { companyEmployments, employmentReviews } from '../db/careers-schema.ts';
import { NotFoundError } from '../domain-errors.ts';
import type { EmploymentRow } from '../shared/careers/core.ts';
import { verifiedJobOnly } from './person-jobs.ts';
import { jobDetails } from './person-service.ts';
import { reviewOf } from './read.ts';

/** Consent, review by review: whether the round shows on the public profile. */
export async function setReviewVisibility(
  db: Db,
  clock: Clock,
  userId: number,
  jobId: number,
  reviewId: number,
  isPublic: boolean,
): Promise<EmploymentDetails> {
  const row = await verifiedJobOnly(db, userId, jobId);
  await reviewOf(db, row.id, reviewId);
  await db.update(employmentReviews).set({ isPublic }).where(eq(employmentReviews.id, reviewId));
  return jobDetails(db, clock, userId, jobId);
}

/** The person's public reply to a round (null removes it); the company's words stay as they are. */
export async function setReviewReply(
  db: Db,
  clock: Clock,
  userId: number,
  jobId: number,
  reviewId: number,
  text: string | null,
): Promise<EmploymentDetails> {
  const row = await verifiedJobOnly(db, userId, jobId);
  await reviewOf(db, row.id, reviewId);
  await db
    .update(employmentReviews)
    .set({ reply: text, repliedAt: text === null ? null : clock.now() })
    .where(eq(employmentReviews.id, reviewId));
  return jobDetails(db, clock, userId, jobId);
}

async function withFinalFeedback(db: Queryable, userId: number, jobId: number): Promise<EmploymentRow> {
  const row = await verifiedJobOnly(db, userId, jobId);
  if (row.finalFeedbackAt === null) throw new NotFoundError('There is no final feedback yet.');
  return row;
}

export async function setFinalFeedbackVisibility(
  db: Db,
  clock: Clock,
  userId: number,
  jobId: number,
  isPublic: boolean,
): Promise<EmploymentDetails> {
  const row = await withFinalFeedback(db, userId, jobId);
  await db.update(companyEmployments).set({ finalFeedbackPublic: isPublic }).where(eq(companyEmployments.id, row.id));
  return jobDetails(db, clock, userId, jobId);
}

export async function setFinalFeedbackReply(
  db: Db,
  clock: Clock,
  userId: number,
  jobId: number,
  text: string | null,
): Promise<EmploymentDetails> {
  const row = await withFinalFeedback(db, userId, jobId);
  await db
    .update(companyEmployments)
    .set({ finalFeedbackReply: text, finalFeedbackRepliedAt: text === null ? null : clock.now() })
    .where(eq(companyEmployments.id, row.id));
  return jobDetails(db, clock, userId, jobId);
}
