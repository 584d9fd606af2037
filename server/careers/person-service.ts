// The person's side of careers (decisions 092, 120): employment details, the owner's own
// words, leaving, and asking a company to confirm a job. The job list and finding one job are in
// person-jobs.ts; a job's documents in document-service.ts; consent and replies to what a company
// wrote in feedback-service.ts.
// Every function takes the signed-in person's id; another person's job answers 404.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  type CareerDocument,
  type ConfirmationRequestBody,
  type EmploymentDetails,
  type UpdateExperienceInput,
} from '../../contract/careers.ts';
import type { AchievementCode } from '../../contract/achievements.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import {
  careerDocuments,
  companyEmployments,
  employmentConfirmations,
  employmentReviewRatings,
  employmentReviews,
} from '../db/careers-schema.ts';
import { achievementUnlocks } from '../db/activity-schema.ts';
import { employments, files } from '../db/profile-schema.ts';
import { companies, companyMembers } from '../db/schema.ts';
import { NotFoundError, RuleBrokenError } from '../domain-errors.ts';
import { checkAchievements } from '../shared/achievements/check.ts';
import { notify } from '../shared/notifications/writer.ts';
import { membershipCounts } from '../shared/companies/membership.ts';
import { companyNameOf } from '../shared/companies/record.ts';
import { OwnerCannotLeaveError } from '../shared/companies/errors.ts';
import { messageRef } from '../../contract/validation-messages.ts';
import { recordEvent, type EmploymentRow } from '../shared/careers/core.ts';
import { addDays, dayOf, nextDay } from '../shared/dates.ts';
import { endDateOf, isCurrentOn } from '../shared/careers/lifecycle.ts';
import { eventsOf, finalFeedbackOf, peopleOfMembers, reviewPartsOf, teamOf } from './read.ts';
import { forgetWorkEmail, workEmailStateOf } from './work-email-store.ts';

import { CareersConflictError, documentOf, documentsOfJob, jobCardOf, resolveJob, type ResolvedJob } from './person-jobs.ts';

async function documentsOf(db: Queryable, jobId: number, job: ResolvedJob): Promise<CareerDocument[]> {
  const rows = await db
    .select({ doc: careerDocuments, file: files })
    .from(careerDocuments)
    .innerJoin(files, eq(files.id, careerDocuments.fileId))
    .where(documentsOfJob(job))
    .orderBy(asc(careerDocuments.id));
  return rows.map((r) => documentOf(jobId, r.doc, r.file));
}

/**
 * The achievements this job earned: 'First job' on the first job the person entered;
 * 'Verified employment' on their first verified job, 'Top rating' on the job of the first excellent
 * rating and 'A year at one company' on the first job to last a year. Profile-wide ones belong to no job.
 */
async function achievementsOfJob(db: Queryable, userId: number, job: ResolvedJob, today: string) {
  const earnedHere = new Set<AchievementCode>();
  if (job.kind === 'self') {
    const [first] = await db
      .select({ id: employments.id })
      .from(employments)
      .where(eq(employments.userId, userId))
      .orderBy(asc(employments.createdAt), asc(employments.id))
      .limit(1);
    if (first?.id === job.row.id) earnedHere.add('first_job');
  } else {
    const rows = await db
      .select()
      .from(companyEmployments)
      .where(eq(companyEmployments.userId, userId))
      .orderBy(asc(companyEmployments.createdAt), asc(companyEmployments.id));
    if (rows[0]?.id === job.row.id) earnedHere.add('verified_employment');
    const [firstEntered] = await db
      .select({ id: employments.id })
      .from(employments)
      .where(eq(employments.userId, userId))
      .orderBy(asc(employments.createdAt), asc(employments.id))
      .limit(1);
    if (firstEntered !== undefined && firstEntered.id === job.row.employmentId) earnedHere.add('first_job');
    const [excellent] = await db
      .select({ employmentId: employmentReviews.employmentId })
      .from(employmentReviews)
      .innerJoin(employmentReviewRatings, eq(employmentReviewRatings.reviewId, employmentReviews.id))
      .where(
        and(
          inArray(
            employmentReviews.employmentId,
            rows.map((r) => r.id),
          ),
          inArray(employmentReviewRatings.rating, ['excellent', 'exceptional']),
        ),
      )
      .orderBy(asc(employmentReviews.createdAt), asc(employmentReviews.id))
      .limit(1);
    if (excellent?.employmentId === job.row.id) earnedHere.add('competency_excellent');
    // The job that reached a year first, counted from its start date (decision 167).
    const yearOn = (row: EmploymentRow) => {
      const end = endDateOf(row);
      const reached = addDays(row.startDate, 365);
      return reached <= (end === null || end > today ? today : end) ? reached : null;
    };
    const firstYear = rows
      .map((r) => ({ id: r.id, on: yearOn(r) }))
      .filter((r) => r.on !== null)
      .sort((a, b) => a.on!.localeCompare(b.on!))[0];
    if (firstYear?.id === job.row.id) earnedHere.add('year_at_company');
  }
  if (!earnedHere.size) return [];
  const rows = await db
    .select({ code: achievementUnlocks.code, at: achievementUnlocks.unlockedAt })
    .from(achievementUnlocks)
    .where(and(eq(achievementUnlocks.userId, userId), inArray(achievementUnlocks.code, [...earnedHere])))
    .orderBy(asc(achievementUnlocks.unlockedAt));
  return rows.map((r) => ({ code: r.code, unlocked_at: r.at.toISOString() }));
}

async function mayLeave(db: Queryable, row: EmploymentRow, today: string, now: Date): Promise<boolean> {
  if (row.leavesOn !== null || !isCurrentOn(row, today)) return false;
  const [membership] = await db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, row.companyId), eq(companyMembers.userId, row.userId), membershipCounts(now)))
    .limit(1);
  return membership !== undefined && membership.role !== 'owner';
}

/** `GET /api/careers/{jobId}`: everything the employment details page shows. */
export async function jobDetails(db: Db, clock: Clock, userId: number, jobId: number): Promise<EmploymentDetails> {
  const now = clock.now();
  const today = dayOf(now);
  const job = await resolveJob(db, userId, jobId);
  if (job.kind === 'self') {
    const row = job.row;
    const base = await jobCardOf(db, userId, job, today);
    return {
      ...base,
      team: null,
      reviewer: null,
      experience_description: row.experienceDescription,
      technical_skills: row.technicalSkills,
      documents: await documentsOf(db, row.id, job),
      competencies: [],
      reviews: [],
      in_company_score: { score: null, counted: 0, not_applicable: 0, total_weight: 0, inputs: [] },
      final_feedback: null,
      achievements: await achievementsOfJob(db, userId, job, today),
      events: [],
      can_leave: false,
      work_email: await workEmailStateOf(db, userId, base),
    };
  }
  const row = job.row;
  const parts = (await reviewPartsOf(db, [row])).get(row.id)!;
  const base = await jobCardOf(db, userId, job, today);
  return {
    ...base,
    team: await teamOf(db, row.teamId),
    reviewer:
      row.reviewerMemberId === null ? null : ((await peopleOfMembers(db, [row.reviewerMemberId])).get(row.reviewerMemberId) ?? null),
    experience_description: row.experienceDescription,
    technical_skills: row.technicalSkills,
    documents: await documentsOf(db, row.id, job),
    competencies: parts.competencies,
    reviews: parts.reviews,
    in_company_score: parts.score,
    final_feedback: finalFeedbackOf(row),
    achievements: await achievementsOfJob(db, userId, job, today),
    events: await eventsOf(db, row.id),
    can_leave: await mayLeave(db, row, today, now),
    work_email: await workEmailStateOf(db, userId, base),
  };
}

/** `PUT /api/careers/{jobId}/experience`: only the owner writes these (SPEC §6). */
export async function updateExperience(
  db: Db,
  clock: Clock,
  userId: number,
  jobId: number,
  input: UpdateExperienceInput,
): Promise<EmploymentDetails> {
  const job = await resolveJob(db, userId, jobId);
  const seen = new Set<string>();
  const skills = input.technical_skills.filter((s) => {
    const key = s.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const values = { experienceDescription: input.experience_description, technicalSkills: skills, updatedAt: clock.now() };
  if (job.kind === 'verified') await db.update(companyEmployments).set(values).where(eq(companyEmployments.id, job.row.id));
  else await db.update(employments).set(values).where(eq(employments.id, job.row.id));
  return jobDetails(db, clock, userId, jobId);
}

/**
 * 'Leave company' (SPEC §4): from tomorrow on the clock the membership no longer counts (the
 * workspace, hand-over and realtime refuse the person), 'Left the company' is recorded for that day,
 * and the company's members are told now. The owner cannot leave; nobody leaves twice.
 */
export async function leaveCompany(
  db: Db,
  clock: Clock,
  userId: number,
  jobId: number,
): Promise<{ leavesOn: string; job: EmploymentDetails }> {
  const leavesOn = await db.transaction(async (tx) => {
    const now = clock.now();
    const today = dayOf(now);
    const job = await resolveJob(tx, userId, jobId);
    if (job.kind !== 'verified') throw new CareersConflictError('job_not_verified', 'Only a company-verified job can be left.');
    const [row] = await tx.select().from(companyEmployments).where(eq(companyEmployments.id, job.row.id)).for('update');
    if (!row) throw new NotFoundError('Employment not found.');
    if (row.leavesOn !== null) throw new CareersConflictError('already_left', 'You have already left this company.');
    if (!isCurrentOn(row, today)) throw new CareersConflictError('employment_ended', 'This employment has already ended.');
    const [membership] = await tx
      .select({ id: companyMembers.id, role: companyMembers.role })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, row.companyId), eq(companyMembers.userId, userId), isNull(companyMembers.leavesOn)))
      .for('update');
    if (membership?.role === 'owner') throw new OwnerCannotLeaveError();
    const day = nextDay(today);
    await tx.update(companyEmployments).set({ leavesOn: day, updatedAt: now }).where(eq(companyEmployments.id, row.id));
    if (membership) await tx.update(companyMembers).set({ leavesOn: day, updatedAt: now }).where(eq(companyMembers.id, membership.id));
    await recordEvent(tx, row, { kind: 'left', position: row.position, at: new Date(`${day}T00:00:00Z`) });
    // A work email proves a current workplace: leaving ends its mark at once (decision 260).
    await forgetWorkEmail(tx, userId, { employmentId: row.employmentId, companyEmploymentId: row.id });
    const companyName = (await companyNameOf(tx, row.companyId)) ?? null;
    await notify(tx, {
      kind: 'member_left',
      to: { companyId: row.companyId, exceptUserId: userId, on: now },
      actorId: userId,
      subject: { type: 'employment', id: row.id, name: companyName },
    });
    await notify(tx, {
      kind: 'left_company',
      to: { userId },
      companyId: row.companyId,
      subject: { type: 'employment', id: row.id, name: companyName },
    });
    await checkAchievements(tx, userId, now);
    return day;
  });
  return { leavesOn, job: await jobDetails(db, clock, userId, jobId) };
}

/** Asks a registered company to confirm a self-declared job; one open request per job. */
export async function requestConfirmation(
  db: Db,
  clock: Clock,
  userId: number,
  jobId: number,
  input: ConfirmationRequestBody,
): Promise<EmploymentDetails> {
  const job = await resolveJob(db, userId, jobId);
  if (job.kind !== 'self') throw new CareersConflictError('job_already_verified', 'This job is already verified by its company.');
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company_id)).limit(1);
  if (!company) throw new RuleBrokenError([{ field: 'company_id', message: messageRef('validation.notRegisteredCompany') }]);
  const [open] = await db
    .select({ id: employmentConfirmations.id })
    .from(employmentConfirmations)
    .where(and(eq(employmentConfirmations.employmentId, job.row.id), eq(employmentConfirmations.status, 'pending')))
    .limit(1);
  if (open) throw new CareersConflictError('confirmation_already_requested', 'A request to confirm this job is already open.');
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [request] = await tx
      .insert(employmentConfirmations)
      .values({ employmentId: job.row.id, companyId: company.id, userId, message: input.message ?? null, requestedAt: now })
      .onConflictDoNothing()
      .returning({ id: employmentConfirmations.id });
    // The members who decide it are told (never the person asking, should they be one of them).
    if (request) {
      await notify(tx, {
        kind: 'confirmation_requested',
        to: { companyId: company.id, exceptUserId: userId, on: now, may: 'confirmations.decide' },
        actorId: userId,
        subject: { type: 'employment', id: job.row.id, name: job.row.position },
      });
    }
  });
  return jobDetails(db, clock, userId, jobId);
}
