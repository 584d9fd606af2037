// The person's jobs (decisions 092, 120): every job of the person, self-declared and verified,
// one job found by its id whatever its kind, and the registered companies a typed name matches. What a
// job's page shows and what the person does with a job are in person-service.ts.
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { careersPaths, companySuggestionLimit, type CareerCompany, type CareerDocument, type CareerJob } from '../../contract/careers.ts';
import { isDocumentName } from '../../contract/profile-sections.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { careerDocuments, companyEmployments, employmentConfirmations } from '../db/careers-schema.ts';
import type { files } from '../db/profile-schema.ts';
import { employments } from '../db/profile-schema.ts';
import { companies } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';
import { downloadNameOf } from '../shared/uploads/service.ts';
import { type EmploymentRow } from '../shared/careers/core.ts';
import { dayOf, monthsBetween } from '../shared/dates.ts';
import { employmentDays, registeredCompanies } from './read.ts';
import { withWorkEmailMarks, withWorkEmailMarksOfPeople } from './work-email-store.ts';

type SelfRow = typeof employments.$inferSelect;

export class CareersConflictError extends ConflictError {
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
 * then by name: the job form offers them so 'North' reaches Northwind Studio.
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
  return (await jobsOfRows(db, clock, await jobRowsOf(db, [userId]))).get(userId) ?? [];
}

/** People's job records, verified and self-declared, before anything else is read about them. */
interface JobRows {
  users: number[];
  verified: EmploymentRow[];
  declared: SelfRow[];
}

/**
 * The job records of each of `userIds`: the same statements for one person as for a page of them (the
 * pipeline reads its page's applicants so, decision 285), then `jobsOfRows` and the review rounds.
 */
export async function jobRowsOf(db: Queryable, userIds: readonly number[]): Promise<JobRows> {
  const users = [...new Set(userIds)];
  if (!users.length) return { users, verified: [], declared: [] };
  const [verified, declared] = await Promise.all([
    db.select().from(companyEmployments).where(inArray(companyEmployments.userId, users)),
    db.select().from(employments).where(inArray(employments.userId, users)),
  ]);
  return { users, verified, declared };
}

/** Each person's jobs from their records: the companies, confirmations and work-email marks read for all at once. */
export async function jobsOfRows(db: Queryable, clock: Clock, rows: JobRows): Promise<Map<number, CareerJob[]>> {
  const { users, verified } = rows;
  if (!users.length) return new Map();
  const today = dayOf(clock.now());
  const confirmed = new Set(verified.map((v) => v.employmentId).filter((v): v is number => v !== null));
  const declared = rows.declared.filter((e) => !confirmed.has(e.id));
  const [registered, byName, confirmations] = await Promise.all([
    registeredCompanies(
      db,
      verified.map((v) => v.companyId),
    ),
    companiesByName(
      db,
      declared.map((d) => d.companyName),
    ),
    latestConfirmations(
      db,
      declared.map((d) => d.id),
    ),
  ]);
  const jobs = new Map<number, CareerJob[]>(users.map((u) => [u, []]));
  for (const v of verified) jobs.get(v.userId)!.push(verifiedJob(v, registered.get(v.companyId)!, today));
  for (const d of declared)
    jobs
      .get(d.userId)!
      .push(
        selfDeclaredJob(d, byName.get(normalName(d.companyName)) ?? unregistered(d.companyName), today, confirmations.get(d.id) ?? null),
      );
  for (const list of jobs.values()) list.sort(byCurrentThenStart);
  return withWorkEmailMarksOfPeople(db, jobs);
}

export type ResolvedJob = { kind: 'verified'; row: EmploymentRow } | { kind: 'self'; row: SelfRow };

/** The job list's entry for one job of the person: its company, confirmation and work-email marks. */
export async function jobCardOf(db: Queryable, userId: number, job: ResolvedJob, today: string): Promise<CareerJob> {
  if (job.kind === 'self') {
    const row = job.row;
    const company = (await companiesByName(db, [row.companyName])).get(normalName(row.companyName)) ?? unregistered(row.companyName);
    const confirmation = (await latestConfirmations(db, [row.id])).get(row.id) ?? null;
    return (await withWorkEmailMarks(db, userId, [selfDeclaredJob(row, company, today, confirmation)]))[0]!;
  }
  const company = (await registeredCompanies(db, [job.row.companyId])).get(job.row.companyId)!;
  return (await withWorkEmailMarks(db, userId, [verifiedJob(job.row, company, today)]))[0]!;
}

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
