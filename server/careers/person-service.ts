// The person's side of careers (issue 12; decisions 092, 120): the job list, employment details, the
// owner's own words, leaving, and asking a company to confirm a job; a job's documents are in
// document-service.ts, consent and replies to what a company wrote in feedback-service.ts.
// Every function takes the signed-in person's id; another person's job answers 404.
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  careersPaths,
  companySuggestionLimit,
  type CareerCompany,
  type CareerDocument,
  type CareerJob,
  type ConfirmationRequestBody,
  type EmploymentDetails,
  type UpdateExperienceInput,
} from '../../contract/careers.ts';
import type { AchievementCode } from '../../contract/achievements.ts';
import { isDocumentName } from '../../contract/profile-sections.ts';
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
import { ConflictError, NotFoundError, RuleBrokenError } from '../domain-errors.ts';
import { checkAchievements } from '../shared/achievements/check.ts';
import { notify } from '../shared/notifications/writer.ts';
import { downloadNameOf } from '../shared/uploads/service.ts';
import { membershipCounts } from '../shared/companies/membership.ts';
import { companyNameOf } from '../shared/companies/record.ts';
import { OwnerCannotLeaveError } from '../shared/companies/errors.ts';
import { messageRef } from '../../contract/validation-messages.ts';
import { recordEvent, type EmploymentRow } from '../shared/careers/core.ts';
import { addDays, dayOf, monthsBetween, nextDay } from '../shared/dates.ts';
import { endDateOf, isCurrentOn } from '../shared/careers/lifecycle.ts';
import { employmentDays, eventsOf, finalFeedbackOf, peopleOfMembers, registeredCompanies, reviewPartsOf, teamOf } from './read.ts';
import { forgetWorkEmail, withWorkEmailMarks, workEmailStateOf } from './work-email-store.ts';

type SelfRow = typeof employments.$inferSelect;

class CareersConflictError extends ConflictError {
  constructor(
    code: 'job_not_verified' | 'already_left' | 'employment_ended' | 'job_already_verified' | 'confirmation_already_requested',
    message: string,
  ) {
    super(code, message);
  }
}

const normalName = (name: string) => name.trim().toLowerCase();

/** Registered companies by name (decision 120: the oldest company of that name, case-insensitive). */
export async function companiesByName(db: Queryable, names: string[]): Promise<Map<string, CareerCompany>> {
  const wanted = [...new Set(names.map(normalName))].filter(Boolean);
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name, logo: companies.logoPath, key: sql<string>`lower(btrim(${companies.name}))` })
    .from(companies)
    .where(inArray(sql`lower(btrim(${companies.name}))`, wanted))
    .orderBy(asc(companies.id));
  const out = new Map<string, CareerCompany>();
  const byId = await registeredCompanies(
    db,
    rows.map((r) => r.id),
  );
  for (const row of rows) if (!out.has(row.key)) out.set(row.key, byId.get(row.id)!);
  return out;
}

/**
 * Registered companies whose name contains `typed` (case-insensitive), those starting with it first,
 * then by name: the job form offers them so 'North' reaches Northwind Studio (issue 24 point 8).
 */
export async function suggestCompanies(db: Queryable, typed: string): Promise<CareerCompany[]> {
  const words = typed.trim().toLowerCase();
  // LIKE's own characters are matched as themselves.
  const escaped = words.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.name}) like ${`%${escaped}%`}`)
    .orderBy(sql`lower(btrim(${companies.name})) like ${`${escaped}%`} desc`, sql`lower(${companies.name})`, asc(companies.id))
    .limit(companySuggestionLimit);
  const byId = await registeredCompanies(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => byId.get(r.id)!);
}

const unregistered = (name: string): CareerCompany => ({ id: null, name, logo_url: null, registered: false, verified_domain: null });

function selfDeclaredJob(row: SelfRow, company: CareerCompany, today: string, confirmation: CareerJob['confirmation']): CareerJob {
  const end = row.endDate;
  return {
    id: row.id,
    verified: false,
    self_declared_id: row.id,
    position: row.position,
    company: { ...company, name: row.companyName },
    start_date: row.startDate,
    end_date: end,
    is_current: row.isCurrent,
    planned_termination: null,
    leaves_on: null,
    months: monthsBetween(row.startDate, !row.isCurrent && end !== null && end < today ? end : today),
    confirmation,
    work_email_domain: null,
  };
}

function verifiedJob(row: EmploymentRow, company: CareerCompany, today: string): CareerJob {
  return {
    id: row.id,
    verified: true,
    self_declared_id: row.employmentId,
    position: row.position,
    company,
    ...employmentDays(row, today),
    confirmation: null,
    work_email_domain: null,
  };
}

const byCurrentThenStart = (a: CareerJob, b: CareerJob) =>
  Number(b.is_current) - Number(a.is_current) || b.start_date.localeCompare(a.start_date) || b.id - a.id;

async function latestConfirmations(db: Queryable, employmentIds: number[]): Promise<Map<number, NonNullable<CareerJob['confirmation']>>> {
  if (!employmentIds.length) return new Map();
  const rows = await db
    .select({
      employmentId: employmentConfirmations.employmentId,
      status: employmentConfirmations.status,
      companyId: employmentConfirmations.companyId,
    })
    .from(employmentConfirmations)
    .where(inArray(employmentConfirmations.employmentId, employmentIds))
    .orderBy(asc(employmentConfirmations.id));
  return new Map(rows.map((r) => [r.employmentId, { status: r.status, company_id: r.companyId }]));
}

/** Every job of the person, self-declared and verified; a confirmed self-declared job shows once, as verified. */
export async function listJobs(db: Db, clock: Clock, userId: number): Promise<CareerJob[]> {
  const today = dayOf(clock.now());
  const verified = await db.select().from(companyEmployments).where(eq(companyEmployments.userId, userId));
  const confirmed = new Set(verified.map((v) => v.employmentId).filter((v): v is number => v !== null));
  const declared = (await db.select().from(employments).where(eq(employments.userId, userId))).filter((e) => !confirmed.has(e.id));
  const registered = await registeredCompanies(
    db,
    verified.map((v) => v.companyId),
  );
  const byName = await companiesByName(
    db,
    declared.map((d) => d.companyName),
  );
  const confirmations = await latestConfirmations(
    db,
    declared.map((d) => d.id),
  );
  const jobs = [
    ...verified.map((v) => verifiedJob(v, registered.get(v.companyId)!, today)),
    ...declared.map((d) =>
      selfDeclaredJob(d, byName.get(normalName(d.companyName)) ?? unregistered(d.companyName), today, confirmations.get(d.id) ?? null),
    ),
  ];
  return withWorkEmailMarks(db, userId, jobs.sort(byCurrentThenStart));
}

type ResolvedJob = { kind: 'verified'; row: EmploymentRow } | { kind: 'self'; row: SelfRow };

/** The person's job `jobId` of either kind; a confirmed self-declared job resolves to its verified record. 404 otherwise. */
export async function resolveJob(db: Queryable, userId: number, jobId: number): Promise<ResolvedJob> {
  const [verified] = await db
    .select()
    .from(companyEmployments)
    .where(
      and(
        eq(companyEmployments.userId, userId),
        sql`(${companyEmployments.id} = ${jobId} or ${companyEmployments.employmentId} = ${jobId})`,
      ),
    )
    .orderBy(desc(companyEmployments.id))
    .limit(1);
  if (verified) return { kind: 'verified', row: verified };
  const [declared] = await db
    .select()
    .from(employments)
    .where(and(eq(employments.id, jobId), eq(employments.userId, userId)))
    .limit(1);
  if (declared) return { kind: 'self', row: declared };
  throw new NotFoundError('Employment not found.');
}

export async function verifiedJobOnly(db: Queryable, userId: number, jobId: number): Promise<EmploymentRow> {
  const job = await resolveJob(db, userId, jobId);
  if (job.kind !== 'verified') throw new CareersConflictError('job_not_verified', 'Only a company-verified job has this.');
  return job.row;
}

export function documentOf(jobId: number, row: typeof careerDocuments.$inferSelect, file: typeof files.$inferSelect): CareerDocument {
  const name = downloadNameOf(file);
  return {
    id: row.id,
    name,
    mime_type: file.mimeType,
    size: file.size,
    is_document: isDocumentName(name),
    download_path: careersPaths.document(jobId, row.id),
    uploaded_at: row.createdAt.toISOString(),
  };
}

/** A job's documents; a verified job also has those the person added to the self-declared job it confirms. */
export function documentsOfJob(job: ResolvedJob) {
  if (job.kind === 'self') return eq(careerDocuments.employmentId, job.row.id);
  return or(
    eq(careerDocuments.companyEmploymentId, job.row.id),
    job.row.employmentId === null ? undefined : eq(careerDocuments.employmentId, job.row.employmentId),
  );
}

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
 * The achievements this job earned (issue 24 point 7): 'First job' on the first job the person entered;
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
    const company = (await companiesByName(db, [row.companyName])).get(normalName(row.companyName)) ?? unregistered(row.companyName);
    const confirmation = (await latestConfirmations(db, [row.id])).get(row.id) ?? null;
    const [base] = await withWorkEmailMarks(db, userId, [selfDeclaredJob(row, company, today, confirmation)]);
    return {
      ...base!,
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
      work_email: await workEmailStateOf(db, userId, base!),
    };
  }
  const row = job.row;
  const company = (await registeredCompanies(db, [row.companyId])).get(row.companyId)!;
  const parts = (await reviewPartsOf(db, [row])).get(row.id)!;
  const [base] = await withWorkEmailMarks(db, userId, [verifiedJob(row, company, today)]);
  return {
    ...base!,
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
    work_email: await workEmailStateOf(db, userId, base!),
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
