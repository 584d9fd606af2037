// Work emails of jobs (decision 260): the rows, and the mark they earn. The mark is worked
// out on every read, never stored: a job shows "Work email at northwind.example confirmed" only while
// the address is confirmed, the job is current, the job's company is still the one the address was
// checked against, and that company still holds a verified domain the address is at or under. So the
// company losing its domain, or the job ending, removes the mark with no job to run.
import { domainToASCII, domainToUnicode } from 'node:url';
import { and, asc, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { CareerJob } from '../../contract/careers.ts';
import type { WorkEmail } from '../../contract/work-email.ts';
import type { Queryable } from '../db/client.ts';
import { jobWorkEmails } from '../db/careers-schema.ts';
import { companyDomains } from '../db/company-schema.ts';

export type WorkEmailRow = typeof jobWorkEmails.$inferSelect;

/** Which rows belong to a job: a verified job keeps the row of the self-declared job it confirms. */
export interface JobKeys {
  employmentId: number | null;
  companyEmploymentId: number | null;
}

/** A job as the lists show it, keyed the way its work email is. */
export function keysOfJob(job: Pick<CareerJob, 'id' | 'verified' | 'self_declared_id'>): JobKeys {
  return job.verified
    ? { employmentId: job.self_declared_id, companyEmploymentId: job.id }
    : { employmentId: job.id, companyEmploymentId: null };
}

function matchesKeys(keys: JobKeys): SQL | undefined {
  return or(
    keys.employmentId !== null ? eq(jobWorkEmails.employmentId, keys.employmentId) : undefined,
    keys.companyEmploymentId !== null ? eq(jobWorkEmails.companyEmploymentId, keys.companyEmploymentId) : undefined,
  );
}

function belongsTo(row: WorkEmailRow, keys: JobKeys): boolean {
  return (
    (keys.companyEmploymentId !== null && row.companyEmploymentId === keys.companyEmploymentId) ||
    (keys.employmentId !== null && row.employmentId === keys.employmentId)
  );
}

/** The job's row; the verified record's own row first, should the confirmed self-declared job have one too. */
export async function workEmailRowOf(db: Queryable, userId: number, keys: JobKeys): Promise<WorkEmailRow | undefined> {
  const rows = await db
    .select()
    .from(jobWorkEmails)
    .where(and(eq(jobWorkEmails.userId, userId), matchesKeys(keys)));
  return rows.find((r) => r.companyEmploymentId !== null) ?? rows[0];
}

/** Removes the job's work email (both keys); whether there was one. */
export async function forgetWorkEmail(db: Queryable, userId: number, keys: JobKeys): Promise<boolean> {
  const removed = await db
    .delete(jobWorkEmails)
    .where(and(eq(jobWorkEmails.userId, userId), matchesKeys(keys)))
    .returning({ id: jobWorkEmails.id });
  return removed.length > 0;
}

/** Every verified domain (punycode) of each company, oldest proof first. */
export async function verifiedDomainLists(db: Queryable, companyIds: number[]): Promise<Map<number, string[]>> {
  const ids = [...new Set(companyIds)];
  const out = new Map<number, string[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ companyId: companyDomains.companyId, domain: companyDomains.domain })
    .from(companyDomains)
    .where(and(inArray(companyDomains.companyId, ids), eq(companyDomains.status, 'verified')))
    .orderBy(asc(companyDomains.verifiedAt), asc(companyDomains.id));
  for (const row of rows) out.set(row.companyId, [...(out.get(row.companyId) ?? []), row.domain]);
  return out;
}

/** The address's domain part in punycode, lower case; null when it has none a resolver would take. */
export function asciiDomainOf(address: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 1) return null;
  const ascii = domainToASCII(address.slice(at + 1).toLowerCase());
  return ascii ? ascii.replace(/\.$/, '') : null;
}

/** The verified domain the address is at or under (punycode), if any. */
export function domainAbove(address: string, domains: readonly string[]): string | undefined {
  const host = asciiDomainOf(address);
  if (!host) return undefined;
  return domains.find((d) => host === d || host.endsWith(`.${d}`));
}

/** A domain as people read it. */
export const readable = (domain: string) => domainToUnicode(domain) || domain;

interface MarkedJob {
  is_current: boolean;
  company: { id: number | null };
}

/** The readable domain a confirmed row earns the job, or null (see the file's head for the rules). */
export function markOf(row: WorkEmailRow | undefined, job: MarkedJob, domains: Map<number, string[]>): string | null {
  if (!row?.confirmedAt || !job.is_current || job.company.id !== row.companyId) return null;
  const above = domainAbove(row.email, domains.get(row.companyId) ?? []);
  return above ? readable(above) : null;
}

/** Fills each job's `work_email_domain` from the person's rows. */
export async function withWorkEmailMarks<J extends CareerJob>(db: Queryable, userId: number, jobs: J[]): Promise<J[]> {
  return (await withWorkEmailMarksOfPeople(db, new Map([[userId, jobs]]))).get(userId)!;
}

/** `withWorkEmailMarks` for each person's jobs at once: two statements however many people. */
export async function withWorkEmailMarksOfPeople<J extends CareerJob>(db: Queryable, jobsOf: Map<number, J[]>): Promise<Map<number, J[]>> {
  if (!jobsOf.size) return jobsOf;
  const rows = await db
    .select()
    .from(jobWorkEmails)
    .where(and(inArray(jobWorkEmails.userId, [...jobsOf.keys()]), isNotNull(jobWorkEmails.confirmedAt)));
  if (!rows.length) return jobsOf;
  const domains = await verifiedDomainLists(
    db,
    rows.map((r) => r.companyId),
  );
  return new Map(
    [...jobsOf].map(([userId, jobs]) => {
      const own = rows.filter((r) => r.userId === userId);
      return [
        userId,
        jobs.map((job) => {
          const keys = keysOfJob(job);
          const mine = own.filter((r) => belongsTo(r, keys));
          const row = mine.find((r) => r.companyEmploymentId !== null) ?? mine[0];
          return { ...job, work_email_domain: markOf(row, job, domains) };
        }),
      ];
    }),
  );
}

/** The owner's view of a job's work email: the domain an address must be at, the address and where it stands. */
export async function workEmailStateOf(db: Queryable, userId: number, job: CareerJob): Promise<WorkEmail> {
  const row = await workEmailRowOf(db, userId, keysOfJob(job));
  const domains = job.company.id !== null ? await verifiedDomainLists(db, [job.company.id, ...(row ? [row.companyId] : [])]) : new Map();
  const own = job.company.id !== null ? (domains.get(job.company.id) ?? []) : [];
  return {
    domain: own[0] ? readable(own[0]) : null,
    address: row?.email ?? null,
    status: !row ? 'none' : markOf(row, job, domains) ? 'confirmed' : 'pending',
  };
}

/**
 * The verified domain of `companyId` under which each request's job has a confirmed work email (the
 * company's confirmation queue marks them), by self-declared job id; jobs without one are absent.
 */
export async function confirmedForCompany(
  db: Queryable,
  companyId: number,
  jobs: { employmentId: number; isCurrent: boolean }[],
): Promise<Map<number, string>> {
  if (!jobs.length) return new Map();
  const rows = await db
    .select()
    .from(jobWorkEmails)
    .where(
      and(
        inArray(
          jobWorkEmails.employmentId,
          jobs.map((j) => j.employmentId),
        ),
        eq(jobWorkEmails.companyId, companyId),
        isNotNull(jobWorkEmails.confirmedAt),
      ),
    );
  const domains = await verifiedDomainLists(db, [companyId]);
  const marked = new Map<number, string>();
  for (const job of jobs) {
    const row = rows.find((r) => r.employmentId === job.employmentId);
    const mark = markOf(row, { is_current: job.isCurrent, company: { id: companyId } }, domains);
    if (mark) marked.set(job.employmentId, mark);
  }
  return marked;
}
