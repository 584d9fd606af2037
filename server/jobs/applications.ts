// Applying (decision 262): the person's side. A signed-in person applies to a published
// opening in one step with their profile (what every signed-in person sees of it), an optional cover
// note and one optional document they uploaded; one application per opening; withdrawn at any time
// (the row goes, and its document with it once nothing else refers to the file). Every function takes
// the signed-in person's id; another person's application answers 404.
import { and, count, desc, eq, gt, inArray, isNotNull, min } from 'drizzle-orm';
import type { z } from 'zod';
import {
  applicantStageOf,
  applyRate,
  sharedSections,
  type ApplyPreview,
  type ApplyRequest,
  type MyApplication,
  type SharedSection,
} from '../../contract/applications.ts';
import { jobPagePath, type EmploymentType, type OpeningStatus } from '../../contract/jobs.ts';
import { messageRef } from '../../contract/message-refs.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { jobApplications, jobOpenings } from '../db/jobs-schema.ts';
import { certifications, educations, files, profileLanguages, projects, recommendations, skills } from '../db/profile-schema.ts';
import { companies, companyPublicPages, profiles } from '../db/schema.ts';
import { ConflictError, NotFoundError, RuleBrokenError, TooManyError } from '../domain-errors.ts';
import type { FileStore } from '../shared/uploads/store.ts';
import { releaseFiles } from '../shared/uploads/service.ts';
import { publicJobsOf } from '../careers/public.ts';
import { isExpired } from './service.ts';

type ApplyInput = z.output<typeof ApplyRequest>;

/** The person applied to this opening already (one application per opening). */
export class AlreadyAppliedError extends ConflictError {
  constructor(applicationId: number) {
    super('already_applied', 'You have already applied to this opening.', { application_id: applicationId });
  }
}

/** The opening is closed or past its closing date: it takes no applications. */
export class OpeningNotOpenError extends ConflictError {
  constructor() {
    super('opening_not_open', 'This opening no longer takes applications.');
  }
}

const openingColumns = {
  id: jobOpenings.id,
  title: jobOpenings.title,
  status: jobOpenings.status,
  location: jobOpenings.location,
  remote: jobOpenings.remote,
  employmentType: jobOpenings.employmentType,
  closesOn: jobOpenings.closesOn,
  companyId: jobOpenings.companyId,
  companyName: companies.name,
  address: companyPublicPages.address,
  pageOn: companyPublicPages.isPublic,
};

interface OpeningRow {
  id: number;
  title: string;
  status: OpeningStatus;
  location: string | null;
  remote: boolean;
  employmentType: EmploymentType;
  closesOn: string;
  companyId: number;
  companyName: string;
  address: string | null;
  pageOn: boolean | null;
}

function appliedOpening(row: OpeningRow, now: Date): MyApplication['opening'] {
  const open = row.status === 'published' && !isExpired(row.closesOn, now);
  return {
    id: row.id,
    title: row.title,
    company: { id: row.companyId, name: row.companyName },
    location: row.location,
    remote: row.remote,
    employment_type: row.employmentType,
    closes_on: row.closesOn,
    open,
    public_path: open && row.address && row.pageOn ? jobPagePath(row.address, row.id, 'en_GB') : null,
  };
}

/** A published opening (never a draft: its existence is not disclosed), with its company. */
async function openingFor(db: Queryable, openingId: number): Promise<OpeningRow> {
  const [row] = await db
    .select(openingColumns)
    .from(jobOpenings)
    .innerJoin(companies, eq(companies.id, jobOpenings.companyId))
    .leftJoin(companyPublicPages, eq(companyPublicPages.companyId, jobOpenings.companyId))
    .where(and(eq(jobOpenings.id, openingId), isNotNull(jobOpenings.publishedAt)))
    .limit(1);
  if (!row || row.status === 'draft') throw new NotFoundError('Opening not found.');
  return row;
}

async function sectionCounts(db: Queryable, userId: number): Promise<ApplyPreview['profile']['sections']> {
  const counted = async (table: typeof skills | typeof profileLanguages | typeof educations | typeof certifications | typeof projects) =>
    (await db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]?.n ?? 0;
  const [profile] = await db
    .select({ about: profiles.about, phone: profiles.contactPhone, email: profiles.contactEmail, website: profiles.website })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  const [recommended] = await db
    .select({ n: count() })
    .from(recommendations)
    .where(and(eq(recommendations.userId, userId), eq(recommendations.status, 'accepted')));
  const counts: Record<SharedSection, number> = {
    about: profile?.about?.trim() ? 1 : 0,
    skills: await counted(skills),
    languages: await counted(profileLanguages),
    educations: await counted(educations),
    certifications: await counted(certifications),
    projects: await counted(projects),
    recommendations: recommended?.n ?? 0,
    contact: [profile?.phone, profile?.email, profile?.website].filter((v) => v?.trim()).length,
  };
  return sharedSections.map((section) => ({ section, count: counts[section] }));
}

/** What applying to `openingId` sends: the opening, and the profile as the company will see it. */
export async function applyPreview(db: Db, clock: Clock, userId: number, openingId: number): Promise<ApplyPreview> {
  const opening = await openingFor(db, openingId);
  const [existing] = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(and(eq(jobApplications.openingId, openingId), eq(jobApplications.userId, userId)))
    .limit(1);
  const [profile] = await db
    .select({ first: profiles.firstName, last: profiles.lastName, headline: profiles.headline, photo: profiles.photoPath })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return {
    opening: appliedOpening(opening, clock.now()),
    application_id: existing?.id ?? null,
    profile: {
      first_name: profile?.first ?? '',
      last_name: profile?.last ?? '',
      headline: profile?.headline ?? null,
      photo_url: profile?.photo ? profileApiPaths.file(profile.photo) : null,
      jobs: await publicJobsOf(db, clock, userId),
      sections: await sectionCounts(db, userId),
    },
  };
}

async function assertOwnDocument(db: Queryable, userId: number, fileId: number | null) {
  if (fileId === null) return;
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.userId, userId), eq(files.kind, 'media')))
    .limit(1);
  if (!row) throw new RuleBrokenError([{ field: 'document_file_id', message: messageRef('validation.invalid') }]);
}

/**
 * Against mass applying: at most `applyRate.max` applications sent in the last `applyRate.windowMs`,
 * counted from the stored ones (as invitations are), so every API process counts alike.
 */
async function assertUnderRate(db: Queryable, userId: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - applyRate.windowMs);
  const [sent] = await db
    .select({ n: count(), oldest: min(jobApplications.createdAt) })
    .from(jobApplications)
    .where(and(eq(jobApplications.userId, userId), gt(jobApplications.createdAt, since)));
  if ((sent?.n ?? 0) >= applyRate.max) {
    const oldest = sent?.oldest ? new Date(sent.oldest).getTime() : now.getTime();
    throw new TooManyError(Math.max(1, Math.ceil((oldest + applyRate.windowMs - now.getTime()) / 1000)));
  }
}

/** `POST /api/applications`: 404 for a draft or unknown opening, 409 when closed or already applied. */
export async function apply(db: Db, clock: Clock, userId: number, input: ApplyInput): Promise<MyApplication> {
  const now = clock.now();
  const id = await db.transaction(async (tx) => {
    const opening = await openingFor(tx, input.opening_id);
    if (opening.status !== 'published' || isExpired(opening.closesOn, now)) throw new OpeningNotOpenError();
    await assertOwnDocument(tx, userId, input.document_file_id);
    await assertUnderRate(tx, userId, now);
    const [row] = await tx
      .insert(jobApplications)
      .values({
        openingId: input.opening_id,
        companyId: opening.companyId,
        userId,
        coverNote: input.cover_note,
        documentFileId: input.document_file_id,
        stageChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: jobApplications.id });
    if (!row) {
      const [existing] = await tx
        .select({ id: jobApplications.id })
        .from(jobApplications)
        .where(and(eq(jobApplications.openingId, input.opening_id), eq(jobApplications.userId, userId)));
      throw new AlreadyAppliedError(existing?.id ?? 0);
    }
    return row.id;
  });
  const [mine] = await myApplications(db, clock, userId, [id]);
  return mine!;
}

/** The person's applications, newest first, each with the stage they should know of. */
export async function myApplications(db: Db, clock: Clock, userId: number, only?: number[]): Promise<MyApplication[]> {
  const rows = await db
    .select({
      application: jobApplications,
      opening: openingColumns,
      document: { name: files.originalName, mimeType: files.mimeType, size: files.size },
    })
    .from(jobApplications)
    .innerJoin(jobOpenings, eq(jobOpenings.id, jobApplications.openingId))
    .innerJoin(companies, eq(companies.id, jobOpenings.companyId))
    .leftJoin(companyPublicPages, eq(companyPublicPages.companyId, jobOpenings.companyId))
    .leftJoin(files, eq(files.id, jobApplications.documentFileId))
    .where(and(eq(jobApplications.userId, userId), only ? inArray(jobApplications.id, only) : undefined))
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
    .limit(500);
  const now = clock.now();
  return rows.map(({ application: a, opening, document }) => ({
    id: a.id,
    stage: applicantStageOf(a.stage),
    applied_at: a.createdAt.toISOString(),
    cover_note: a.coverNote,
    document: document?.name ? { name: document.name, mime_type: document.mimeType!, size: document.size! } : null,
    opening: appliedOpening(opening, now),
  }));
}

/**
 * `DELETE /api/applications/{id}`: the application leaves the pipeline at once; its document goes with it.
 * Answers the company, whose open pipelines are told.
 */
export async function withdraw(db: Db, store: FileStore, userId: number, applicationId: number): Promise<{ companyId: number }> {
  const [removed] = await db
    .delete(jobApplications)
    .where(and(eq(jobApplications.id, applicationId), eq(jobApplications.userId, userId)))
    .returning({ fileId: jobApplications.documentFileId, companyId: jobApplications.companyId });
  if (!removed) throw new NotFoundError('Application not found.');
  if (removed.fileId) await releaseFiles(db, store, { ids: [removed.fileId] });
  return { companyId: removed.companyId };
}
