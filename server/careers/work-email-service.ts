// Workplace verification by work email (decision 260): on a current job of the person's
// (self-declared or company-verified) at a company with a verified domain, an address at that domain
// or under it gets a code by mail, the code confirms it, and the person may remove it. The codes are
// the sign-up codes (shared/verification: hashed, ten minutes, five wrong tries, resend countdown and
// hourly cap). The address is the owner's only; everyone else sees the mark (work-email-store.ts).
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { codeLifetimeSeconds } from '../../contract/auth.ts';
import type { EmploymentDetails } from '../../contract/careers.ts';
import { say } from '../../contract/i18n/index.ts';
import type { Locale } from '../../contract/locale.ts';
import { messageRef, type ValidationMessageKey, type MessageParams } from '../../contract/message-refs.ts';
import type { WorkEmailCodeSent } from '../../contract/work-email.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { jobWorkEmails } from '../db/careers-schema.ts';
import { users } from '../db/schema.ts';
import { ConflictError, NotFoundError, RuleBrokenError } from '../domain-errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { isCurrentOn } from '../shared/careers/lifecycle.ts';
import { companyNameOf } from '../shared/companies/record.ts';
import { dayOf } from '../shared/dates.ts';
import { consumeCode, issueCode, resendAvailableIn, type CodeTarget } from '../shared/verification/service.ts';
import { companiesByName, resolveJob } from './person-jobs.ts';
import { jobDetails } from './person-service.ts';
import {
  asciiDomainOf,
  domainAbove,
  forgetWorkEmail,
  keysOfJob,
  readable,
  verifiedDomainLists,
  workEmailRowOf,
  type JobKeys,
  type WorkEmailRow,
} from './work-email-store.ts';

export interface WorkEmailDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** Logs each code too when there is no real mail server (local trials), as sign-up does. */
  logCode?: (message: { to: string; code: string; purpose: 'work_email' }) => void;
}

const refused = (key: ValidationMessageKey, params?: MessageParams) =>
  new RuleBrokenError([{ field: 'email', message: messageRef(key, params) }]);

/** What a work email on this job is checked against: the job's keys, its company and that company's verified domains. */
interface Workplace {
  keys: JobKeys;
  companyId: number;
  companyName: string;
  domains: string[];
}

/**
 * The job's workplace, or a refusal on the email field saying why no work email can be checked: the
 * job has ended (or the person is leaving), or its company is not registered or proved no domain.
 */
async function workplaceOf(db: Queryable, clock: Clock, userId: number, jobId: number): Promise<Workplace> {
  const job = await resolveJob(db, userId, jobId);
  const today = dayOf(clock.now());
  let keys: JobKeys;
  let company: { id: number | null; name: string };
  if (job.kind === 'verified') {
    if (job.row.leavesOn !== null || !isCurrentOn(job.row, today)) throw refused('validation.workEmailJobEnded');
    keys = { employmentId: job.row.employmentId, companyEmploymentId: job.row.id };
    company = { id: job.row.companyId, name: (await companyNameOf(db, job.row.companyId)) ?? '' };
  } else {
    if (!job.row.isCurrent) throw refused('validation.workEmailJobEnded');
    keys = { employmentId: job.row.id, companyEmploymentId: null };
    const found = (await companiesByName(db, [job.row.companyName])).get(job.row.companyName.trim().toLowerCase());
    company = { id: found?.id ?? null, name: job.row.companyName };
  }
  const domains = company.id !== null ? ((await verifiedDomainLists(db, [company.id])).get(company.id) ?? []) : [];
  if (company.id === null || !domains.length) throw refused('validation.workEmailNoDomain', { company: company.name });
  return { keys, companyId: company.id, companyName: company.name, domains };
}

/** The address in the form it is stored and compared: lower case, the domain in punycode. */
function normalAddress(given: string): string {
  const value = given.trim().toLowerCase();
  const domain = asciiDomainOf(value);
  if (!domain) throw refused('validation.email');
  return `${value.slice(0, value.lastIndexOf('@'))}@${domain}`;
}

/** Whether someone else (or another job of the person's) has confirmed the address. */
async function confirmedElsewhere(db: Queryable, email: string, row: WorkEmailRow | undefined): Promise<boolean> {
  const [other] = await db
    .select({ id: jobWorkEmails.id })
    .from(jobWorkEmails)
    .where(and(eq(jobWorkEmails.email, email), isNotNull(jobWorkEmails.confirmedAt), row ? ne(jobWorkEmails.id, row.id) : undefined))
    .limit(1);
  return Boolean(other);
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; depth += 1) {
    if (current.code === '23505') return true;
    current = current.cause as { code?: unknown; cause?: unknown } | undefined;
  }
  return false;
}

async function localeOf(db: Queryable, userId: number): Promise<Locale> {
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return user?.locale === 'uk_UA' ? 'uk_UA' : 'en_GB';
}

const targetOf = (userId: number, email: string): CodeTarget => ({ userId, purpose: 'work_email', channel: 'email', destination: email });

async function deliver(deps: WorkEmailDeps, userId: number, to: string, code: string, company: string): Promise<void> {
  const locale = await localeOf(deps.db, userId);
  try {
    const text = say(locale, 'mail.workEmailCode.body', { code, company });
    await deps.mailer.send({ to, subject: say(locale, 'mail.code.subject.work_email'), text });
  } catch {
    // A lost message costs nothing: the person asks for another code after the countdown.
  }
  deps.logCode?.({ to, code, purpose: 'work_email' });
}

async function codeSent(deps: WorkEmailDeps, userId: number, jobId: number, email: string): Promise<WorkEmailCodeSent> {
  const details = await jobDetails(deps.db, deps.clock, userId, jobId);
  return {
    work_email: details.work_email,
    resend_available_in: await resendAvailableIn(deps.db, deps.clock, { userId, purpose: 'work_email', destination: email }),
    expires_in: codeLifetimeSeconds,
  };
}

/**
 * Adds (or replaces) the job's work email and mails it a code. Refused on the email field: not at
 * the company's verified domain or under it, confirmed by someone else, or no work email can be
 * checked for the job (workplaceOf). A replaced address loses its mark until the new one is confirmed.
 */
export async function addWorkEmail(deps: WorkEmailDeps, userId: number, jobId: number, given: string): Promise<WorkEmailCodeSent> {
  const place = await workplaceOf(deps.db, deps.clock, userId, jobId);
  const email = normalAddress(given);
  if (!domainAbove(email, place.domains)) {
    throw refused('validation.workEmailDomain', { domain: readable(place.domains[0]!) });
  }
  if (await confirmedElsewhere(deps.db, email, undefined)) throw refused('validation.workEmailTaken');
  const code = await deps.db.transaction(async (tx) => {
    // The code first: a refused resend (countdown, hourly cap) leaves the former address in place.
    const issued = await issueCode(tx, deps.clock, targetOf(userId, email));
    await forgetWorkEmail(tx, userId, place.keys);
    const now = deps.clock.now();
    // A verified job's row hangs on the verified record; a self-declared job's on the job itself.
    const job =
      place.keys.companyEmploymentId !== null
        ? { companyEmploymentId: place.keys.companyEmploymentId }
        : { employmentId: place.keys.employmentId };
    await tx.insert(jobWorkEmails).values({ userId, ...job, companyId: place.companyId, email, createdAt: now, updatedAt: now });
    return issued;
  });
  await deliver(deps, userId, email, code, place.companyName);
  return codeSent(deps, userId, jobId, email);
}

/** Mails a new code to the job's added, unconfirmed address (the countdown and hourly cap apply). */
export async function resendWorkEmailCode(deps: WorkEmailDeps, userId: number, jobId: number): Promise<WorkEmailCodeSent> {
  const place = await workplaceOf(deps.db, deps.clock, userId, jobId);
  const row = await workEmailRowOf(deps.db, userId, place.keys);
  if (!row) throw new NotFoundError('This job has no work email.');
  if (row.confirmedAt) throw new ConflictError('already_verified', 'This work email is already confirmed.');
  const code = await deps.db.transaction((tx) => issueCode(tx, deps.clock, targetOf(userId, row.email)));
  await deliver(deps, userId, row.email, code, place.companyName);
  return codeSent(deps, userId, jobId, row.email);
}

/**
 * Confirms the job's address with its code (a wrong, expired or locked code is refused on the code
 * field, as everywhere). The address must still be at the company's verified domain.
 */
export async function confirmWorkEmail(deps: WorkEmailDeps, userId: number, jobId: number, code: string): Promise<EmploymentDetails> {
  const place = await workplaceOf(deps.db, deps.clock, userId, jobId);
  const row = await workEmailRowOf(deps.db, userId, place.keys);
  if (!row) throw new NotFoundError('This job has no work email.');
  if (!domainAbove(row.email, place.domains) || row.companyId !== place.companyId) {
    throw refused('validation.workEmailDomain', { domain: readable(place.domains[0]!) });
  }
  if (!row.confirmedAt) {
    await consumeCode(deps.db, deps.clock, targetOf(userId, row.email), code);
    try {
      await deps.db.transaction(async (tx) => {
        if (await confirmedElsewhere(tx, row.email, row)) throw refused('validation.workEmailTaken');
        const now = deps.clock.now();
        await tx.update(jobWorkEmails).set({ confirmedAt: now, updatedAt: now }).where(eq(jobWorkEmails.id, row.id));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refused('validation.workEmailTaken');
      throw error;
    }
  }
  return jobDetails(deps.db, deps.clock, userId, jobId);
}

/** Removes the job's work email and with it the mark; answers the job. 404 when it has none. */
export async function removeWorkEmail(db: Db, clock: Clock, userId: number, jobId: number): Promise<EmploymentDetails> {
  const job = await jobDetails(db, clock, userId, jobId);
  if (!(await forgetWorkEmail(db, userId, keysOfJob(job)))) throw new NotFoundError('This job has no work email.');
  return jobDetails(db, clock, userId, jobId);
}
