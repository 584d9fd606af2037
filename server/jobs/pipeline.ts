// The pipeline (decision 262): the company's side of applications. Members whose role may
// `applications.view` (owners and admins) read each opening's applicants with their profile's jobs,
// cover note and document; those who may `applications.manage` move them between stages and write
// notes the applicant never sees. The applicant is told when their application is rejected or offered
// (a notification, mailed in their language); internal stages stay internal.
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { applicantStageOf, type Applicant, type ApplicationNote, type HireApplicantRequest } from '../../contract/applications.ts';
import { applicantPageSize, type ApplicantsPage } from '../../contract/jobs-pipeline.ts';
import { isFixedStage } from '../../contract/jobs-stages.ts';
import { messageRef } from '../../contract/message-refs.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { jobApplicationNotes, jobApplications, jobOpenings } from '../db/jobs-schema.ts';
import { files } from '../db/profile-schema.ts';
import { teams } from '../db/company-schema.ts';
import { profiles } from '../db/schema.ts';
import { ConflictError, NotFoundError, RuleBrokenError } from '../domain-errors.ts';
import { hire } from '../companies/public.ts';
import { dayOf } from '../shared/dates.ts';
import type { CompanyActor } from '../shared/companies/access.ts';
import { notify } from '../shared/notifications/writer.ts';
import type { FileStore } from '../shared/uploads/store.ts';
import { openStoredFile } from '../shared/uploads/service.ts';
import { publicJobsOfPeople } from '../careers/public.ts';
import { applicantDetailsOf, latestScoresOf, rankedPage } from './pipeline-ranking.ts';
import { assertCompanyStage } from './stages.ts';
import type { ApplicantsQuery } from '../../contract/applicant-ranking.ts';

/** An application of the actor's company, else 404. */
async function applicationOf(db: Queryable, actor: CompanyActor, applicationId: number) {
  const [row] = await db
    .select()
    .from(jobApplications)
    .where(and(eq(jobApplications.id, applicationId), eq(jobApplications.companyId, actor.companyId)))
    .limit(1);
  if (!row) throw new NotFoundError('Application not found.');
  return row;
}

type ApplicationRow = typeof jobApplications.$inferSelect;

/** The full answers for `rows`, in their order: the profile's header and jobs, scores, ratings, counts. */
async function applicantsOf(db: Db, clock: Clock, actor: CompanyActor, rows: readonly ApplicationRow[]): Promise<Applicant[]> {
  if (!rows.length) return [];
  const [details, jobsOf] = await Promise.all([
    applicantDetailsOf(
      db,
      actor.userId,
      rows.map((r) => r.id),
    ),
    publicJobsOfPeople(
      db,
      clock,
      rows.map((r) => r.userId),
    ),
  ]);
  return rows.map((a): Applicant => {
    const jobs = jobsOf.get(a.userId) ?? [];
    const { person, document, rating, skills, languages, notes, messages } = details.get(a.id)!;
    return {
      id: a.id,
      stage: a.stage,
      applied_at: a.createdAt.toISOString(),
      stage_changed_at: a.stageChangedAt.toISOString(),
      cover_note: a.coverNote,
      document: document ? { name: document.name, mime_type: document.mimeType, size: document.size } : null,
      person: {
        user_id: a.userId,
        first_name: person?.first ?? '',
        last_name: person?.last ?? '',
        headline: person?.headline ?? null,
        photo_url: person?.photo ? profileApiPaths.file(person.photo) : null,
      },
      jobs: [...jobs.filter((j) => j.verified), ...jobs.filter((j) => !j.verified)],
      competencies: latestScoresOf(jobs),
      skills,
      languages,
      rating,
      notes_count: notes,
      messages_count: messages,
    };
  });
}

/** One application of the actor's company as the pipeline shows it, else 404. */
export async function applicantOf(db: Db, clock: Clock, actor: CompanyActor, applicationId: number): Promise<Applicant> {
  const [applicant] = await applicantsOf(db, clock, actor, [await applicationOf(db, actor, applicationId)]);
  return applicant!;
}

/**
 * One page of an opening's applicants (decision 279): newest first unless `query` sorts them, kept by
 * its filters and, for a board's column, its stage. The filters and sorts are SQL over every application
 * of the opening, so a page and the counts agree with the whole list; the page's applicants are then read
 * in full, all at once: the same statements for one applicant as for fifty (decision 285).
 */
export async function applicantsPage(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  openingId: number,
  query: ApplicantsQuery,
): Promise<ApplicantsPage> {
  // The opening is checked by the page's own read, which reads the actor's company's applications only.
  const ranked = await rankedPage(db, actor.companyId, openingId, query, query.limit ?? applicantPageSize);
  if (!ranked.own) throw new NotFoundError('Opening not found.');
  return {
    items: await applicantsOf(db, clock, actor, ranked.page),
    next_cursor: ranked.nextCursor,
    total: ranked.total,
    stages: ranked.stages.map((s) => ({ key: s.key, name: s.name, fixed: isFixedStage(s.key), count: ranked.perStage.get(s.key) ?? 0 })),
  };
}

/** Stages whose arrival the applicant is told of (the ones they see besides `applied`). */
const toldStages = { rejected: 'application_rejected', offer: 'application_offer' } as const;

/**
 * Moves an application to one of the company's stages (decision 279); the applicant is notified when it
 * becomes rejected or an offer, never of the company's internal stages.
 */
export async function moveStage(db: Db, clock: Clock, actor: CompanyActor, applicationId: number, stage: string): Promise<Applicant> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const row = await applicationOf(tx, actor, applicationId);
    if (row.stage === stage) return;
    await assertCompanyStage(tx, actor.companyId, stage);
    await tx.update(jobApplications).set({ stage, stageChangedAt: now, updatedAt: now }).where(eq(jobApplications.id, row.id));
    const kind = stage === 'rejected' || stage === 'offer' ? toldStages[stage] : undefined;
    if (kind && applicantStageOf(row.stage) !== stage) {
      const [opening] = await tx.select({ title: jobOpenings.title }).from(jobOpenings).where(eq(jobOpenings.id, row.openingId));
      await notify(tx, {
        kind,
        to: { userId: row.userId },
        companyId: actor.companyId,
        subject: { type: 'application', id: row.id, name: opening?.title ?? null },
      });
    }
  });
  return applicantOf(db, clock, actor, applicationId);
}

/** The company's notes on an application, oldest first. */
export async function listNotes(db: Db, actor: CompanyActor, applicationId: number): Promise<ApplicationNote[]> {
  await applicationOf(db, actor, applicationId);
  const rows = await db
    .select({ note: jobApplicationNotes, first: profiles.firstName, last: profiles.lastName })
    .from(jobApplicationNotes)
    .leftJoin(profiles, eq(profiles.userId, jobApplicationNotes.authorId))
    .where(eq(jobApplicationNotes.applicationId, applicationId))
    .orderBy(asc(jobApplicationNotes.id))
    .limit(500);
  return rows.map(({ note, first, last }) => ({
    id: note.id,
    body: note.body,
    author: note.authorId ? { user_id: note.authorId, first_name: first ?? '', last_name: last ?? '' } : null,
    created_at: note.createdAt.toISOString(),
  }));
}

/** Adds a note; the list answers with it. */
export async function addNote(db: Db, clock: Clock, actor: CompanyActor, applicationId: number, body: string): Promise<ApplicationNote[]> {
  await applicationOf(db, actor, applicationId);
  await db.insert(jobApplicationNotes).values({ applicationId, authorId: actor.userId, body, createdAt: clock.now() });
  return listNotes(db, actor, applicationId);
}

/** The application's document for the company's download. */
export async function openApplicationDocument(db: Db, store: FileStore, actor: CompanyActor, applicationId: number) {
  const row = await applicationOf(db, actor, applicationId);
  if (!row.documentFileId) throw new NotFoundError('Document not found.');
  const [file] = await db.select({ name: files.storageName }).from(files).where(eq(files.id, row.documentFileId));
  const stored = file ? await openStoredFile(db, store, file.name) : undefined;
  if (!stored) throw new NotFoundError('Document not found.');
  return stored;
}

/** The application was hired already: its job started then (decision 262). */
export class AlreadyHiredError extends ConflictError {
  constructor() {
    super('already_hired', 'This applicant was hired already.');
  }
}

/**
 * Hires the applicant as today's hire does: a member of the company and a company-verified job from
 * `start_date` with the position (the opening's title unless given) and team; the application becomes
 * hired (the person is told by the hire's own notification) and, when asked, the opening closes.
 */
export async function hireApplicant(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  applicationId: number,
  input: z.output<typeof HireApplicantRequest>,
): Promise<Applicant> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const row = await applicationOf(tx, actor, applicationId);
    if (row.stage === 'hired') throw new AlreadyHiredError();
    const problems: { field: string; message: string }[] = [];
    if (input.start_date < dayOf(row.createdAt)) problems.push({ field: 'start_date', message: messageRef('validation.invalid') });
    if (input.team_id !== null) {
      const [team] = await tx
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.id, input.team_id), eq(teams.companyId, actor.companyId)))
        .limit(1);
      if (!team) problems.push({ field: 'team_id', message: messageRef('validation.notCompanyTeam') });
    }
    if (problems.length) throw new RuleBrokenError(problems);
    const [opening] = await tx.select({ title: jobOpenings.title }).from(jobOpenings).where(eq(jobOpenings.id, row.openingId));
    await hire(tx, {
      companyId: actor.companyId,
      userId: row.userId,
      position: input.position ?? opening?.title ?? null,
      teamId: input.team_id,
      source: 'application',
      sourceId: row.id,
      at: now,
      startDate: input.start_date,
    });
    await tx.update(jobApplications).set({ stage: 'hired', stageChangedAt: now, updatedAt: now }).where(eq(jobApplications.id, row.id));
    if (input.close_opening) {
      await tx
        .update(jobOpenings)
        .set({ status: 'closed', closedAt: now, updatedAt: now })
        .where(and(eq(jobOpenings.id, row.openingId), eq(jobOpenings.status, 'published')));
    }
  });
  return applicantOf(db, clock, actor, applicationId);
}
