// Openings (decision 255): a company's owners and admins write them, publish, close and
// reopen them; every member reads the published and closed ones. A published opening is public until
// its closing date has passed, on its company's public page (server/jobs/public-page-*.ts).
import { and, asc, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import { roleMay } from '../../contract/company-roles.ts';
import { jobPagePath, type Opening, type OpeningStatus, type SaveOpeningInput } from '../../contract/jobs.ts';
import { messageRef } from '../../contract/message-refs.ts';
import type { Clock } from '../clock.ts';
import { competencies } from '../db/careers-schema.ts';
import type { Db, Queryable } from '../db/client.ts';
import { companyDomains, teams } from '../db/company-schema.ts';
import { jobOpeningCompetencies, jobOpenings } from '../db/jobs-schema.ts';
import { companyMembers, companyPublicPages } from '../db/schema.ts';
import { ConflictError, NotFoundError, RuleBrokenError } from '../domain-errors.ts';
import type { SitemapPage } from '../http/sitemap.ts';
import type { CompanyActor } from '../shared/companies/access.ts';
import { membershipCounts } from '../shared/companies/membership.ts';
import { dayOf } from '../shared/dates.ts';
import { normaliseDescription } from './description.ts';

type Row = typeof jobOpenings.$inferSelect;

/** Whether a published opening is past its closing date on `now`'s (UTC) day. */
export const isExpired = (closesOn: string, now: Date) => closesOn < dayOf(now);

/** The company's public page address while the page is on, else null. */
async function publicAddressOf(db: Queryable, companyId: number): Promise<string | null> {
  const [page] = await db
    .select({ address: companyPublicPages.address })
    .from(companyPublicPages)
    .where(and(eq(companyPublicPages.companyId, companyId), eq(companyPublicPages.isPublic, true)))
    .limit(1);
  return page?.address ?? null;
}

async function competenciesOf(db: Queryable, openingIds: number[]) {
  if (!openingIds.length) return new Map<number, Opening['competencies']>();
  const rows = await db
    .select({
      openingId: jobOpeningCompetencies.openingId,
      competencyId: jobOpeningCompetencies.competencyId,
      minLevel: jobOpeningCompetencies.minLevel,
      name: competencies.name,
    })
    .from(jobOpeningCompetencies)
    .innerJoin(competencies, eq(competencies.id, jobOpeningCompetencies.competencyId))
    .where(inArray(jobOpeningCompetencies.openingId, openingIds))
    .orderBy(asc(competencies.name));
  const byOpening = new Map<number, Opening['competencies']>();
  for (const row of rows) {
    const list = byOpening.get(row.openingId) ?? [];
    list.push({ competency_id: row.competencyId, min_level: row.minLevel, name: row.name });
    byOpening.set(row.openingId, list);
  }
  return byOpening;
}

function toOpening(row: Row, competencyList: Opening['competencies'], address: string | null, now: Date): Opening {
  const expired = isExpired(row.closesOn, now);
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    description: row.description,
    location: row.location,
    remote: row.remote,
    employment_type: row.employmentType,
    salary_min: row.salaryMin,
    salary_max: row.salaryMax,
    salary_currency: row.salaryCurrency as Opening['salary_currency'],
    salary_period: row.salaryPeriod,
    competencies: competencyList,
    skills: row.skills,
    languages: row.languages,
    team_id: row.teamId,
    closes_on: row.closesOn,
    expired,
    published_at: row.publishedAt?.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    public_path: row.status === 'published' && !expired && address ? jobPagePath(address, row.id, 'en_GB') : null,
  };
}

/** Drafts are for those who may manage openings; everyone else with the view sees the rest. */
const visibleTo = (actor: CompanyActor) => (roleMay(actor.role, 'openings.manage') ? undefined : ne(jobOpenings.status, 'draft'));

/** The company's openings for `actor`: open ones first, then drafts, then closed; newest first within. */
export async function listOpenings(db: Db, clock: Clock, actor: CompanyActor): Promise<Opening[]> {
  const rows = await db
    .select()
    .from(jobOpenings)
    .where(and(eq(jobOpenings.companyId, actor.companyId), visibleTo(actor)))
    .orderBy(
      sql`case ${jobOpenings.status} when 'published' then 0 when 'draft' then 1 else 2 end`,
      desc(jobOpenings.updatedAt),
      desc(jobOpenings.id),
    );
  const [byOpening, address] = await Promise.all([
    competenciesOf(
      db,
      rows.map((r) => r.id),
    ),
    publicAddressOf(db, actor.companyId),
  ]);
  const now = clock.now();
  return rows.map((row) => toOpening(row, byOpening.get(row.id) ?? [], address, now));
}

async function rowOf(db: Queryable, actor: CompanyActor, openingId: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(jobOpenings)
    .where(and(eq(jobOpenings.id, openingId), eq(jobOpenings.companyId, actor.companyId), visibleTo(actor)))
    .limit(1);
  // Another company's opening, or a draft a plain member may not see, answers like one that does not exist.
  if (!row) throw new NotFoundError();
  return row;
}

export async function getOpening(db: Db, clock: Clock, actor: CompanyActor, openingId: number): Promise<Opening> {
  const row = await rowOf(db, actor, openingId);
  const [byOpening, address] = await Promise.all([competenciesOf(db, [row.id]), publicAddressOf(db, actor.companyId)]);
  return toOpening(row, byOpening.get(row.id) ?? [], address, clock.now());
}

const closingDatePast = () => new RuleBrokenError([{ field: 'closes_on', message: messageRef('validation.closingDatePast') }]);

/** The team and competencies must be the company's own (competencies not retired); the closing date not past. */
async function checkReferences(db: Queryable, companyId: number, input: SaveOpeningInput, now: Date, datedFromToday: boolean) {
  const problems: { field: string; message: string }[] = [];
  if (datedFromToday && input.closes_on < dayOf(now))
    problems.push({ field: 'closes_on', message: messageRef('validation.closingDatePast') });
  if (input.team_id !== null) {
    const [team] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.id, input.team_id), eq(teams.companyId, companyId)))
      .limit(1);
    if (!team) problems.push({ field: 'team_id', message: messageRef('validation.notCompanyTeam') });
  }
  const ids = input.competencies.map((c) => c.competency_id);
  if (ids.length) {
    const own = await db
      .select({ id: competencies.id })
      .from(competencies)
      .where(and(inArray(competencies.id, ids), eq(competencies.companyId, companyId), isNull(competencies.retiredAt)));
    const owned = new Set(own.map((c) => c.id));
    input.competencies.forEach((c, index) => {
      if (!owned.has(c.competency_id))
        problems.push({ field: `competencies.${index}.competency_id`, message: messageRef('validation.notCompanyCompetency') });
    });
  }
  if (problems.length) throw new RuleBrokenError(problems);
}

function columnsOf(input: SaveOpeningInput) {
  const salaryGiven = input.salary_min !== null;
  return {
    title: input.title,
    description: normaliseDescription(input.description),
    location: input.location?.trim() || null,
    remote: input.remote,
    employmentType: input.employment_type,
    salaryMin: input.salary_min,
    salaryMax: salaryGiven ? input.salary_max : null,
    salaryCurrency: salaryGiven ? input.salary_currency : null,
    salaryPeriod: salaryGiven ? input.salary_period : null,
    skills: input.skills,
    languages: input.languages,
    teamId: input.team_id,
    closesOn: input.closes_on,
  };
}

async function writeCompetencies(tx: Queryable, openingId: number, input: SaveOpeningInput) {
  await tx.delete(jobOpeningCompetencies).where(eq(jobOpeningCompetencies.openingId, openingId));
  if (input.competencies.length) {
    await tx
      .insert(jobOpeningCompetencies)
      .values(input.competencies.map((c) => ({ openingId, competencyId: c.competency_id, minLevel: c.min_level })));
  }
}

/** A new opening, always a draft: publishing is its own step. */
export async function createOpening(db: Db, clock: Clock, actor: CompanyActor, input: SaveOpeningInput): Promise<Opening> {
  const now = clock.now();
  const id = await db.transaction(async (tx) => {
    await checkReferences(tx, actor.companyId, input, now, true);
    const [row] = await tx
      .insert(jobOpenings)
      .values({ companyId: actor.companyId, createdBy: actor.userId, status: 'draft', ...columnsOf(input), createdAt: now, updatedAt: now })
      .returning({ id: jobOpenings.id });
    await writeCompetencies(tx, row!.id, input);
    return row!.id;
  });
  return getOpening(db, clock, actor, id);
}

/** Saves the whole opening; a closed one may be corrected, its closing date kept as it was or moved. */
export async function updateOpening(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  openingId: number,
  input: SaveOpeningInput,
): Promise<Opening> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const row = await rowOf(tx, actor, openingId);
    // A new closing date of a draft or a published opening runs from today; a closed one's may stay past.
    await checkReferences(tx, actor.companyId, input, now, row.status !== 'closed' && input.closes_on !== row.closesOn);
    await tx
      .update(jobOpenings)
      .set({ ...columnsOf(input), updatedAt: now })
      .where(eq(jobOpenings.id, openingId));
    await writeCompetencies(tx, openingId, input);
  });
  return getOpening(db, clock, actor, openingId);
}

const wrongStatus = (status: OpeningStatus) => new ConflictError('opening_status', `The opening is ${status}.`, { status });

/** draft → published (datePosted is the first publication), closed → published again (reopen), published → closed. */
async function move(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  openingId: number,
  from: OpeningStatus[],
  to: OpeningStatus,
): Promise<Opening> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const row = await rowOf(tx, actor, openingId);
    if (!from.includes(row.status)) throw wrongStatus(row.status);
    if (to === 'published' && isExpired(row.closesOn, now)) throw closingDatePast();
    await tx
      .update(jobOpenings)
      .set({
        status: to,
        updatedAt: now,
        ...(to === 'published' ? { publishedAt: row.publishedAt ?? now, closedAt: null } : { closedAt: now }),
      })
      .where(and(eq(jobOpenings.id, openingId), eq(jobOpenings.status, row.status)));
  });
  return getOpening(db, clock, actor, openingId);
}

export const publishOpening = (db: Db, clock: Clock, actor: CompanyActor, openingId: number) =>
  move(db, clock, actor, openingId, ['draft'], 'published');
export const closeOpening = (db: Db, clock: Clock, actor: CompanyActor, openingId: number) =>
  move(db, clock, actor, openingId, ['published'], 'closed');
export const reopenOpening = (db: Db, clock: Clock, actor: CompanyActor, openingId: number) =>
  move(db, clock, actor, openingId, ['closed'], 'published');

// ── What signed-out visitors read ─────────────────────────────────────────────────────────────────

/** A published opening as its public page shows it, with the company's details for JobPosting. */
export interface PublicOpening {
  id: number;
  title: string;
  description: string;
  location: string | null;
  remote: boolean;
  employmentType: Row['employmentType'];
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: Row['salaryPeriod'];
  skills: string[];
  languages: Row['languages'];
  competencies: { name: string; minLevel: number }[];
  team: string | null;
  closesOn: string;
  publishedAt: Date;
  updatedAt: Date;
  /** The company's verified domains: JobPosting's hiringOrganization.sameAs. */
  verifiedDomains: string[];
}

export type PublicOpeningAnswer = { kind: 'open'; opening: PublicOpening } | { kind: 'gone'; title: string } | { kind: 'missing' };

/**
 * The opening `openingId` of `companyId` for the public: open (published, not past its closing date),
 * gone (closed, or past its date: 410), or missing (unknown, a draft, another company's: 404).
 */
export async function publicOpeningOf(db: Db, clock: Clock, companyId: number, openingId: number): Promise<PublicOpeningAnswer> {
  const [row] = await db
    .select({ opening: jobOpenings, team: teams.name })
    .from(jobOpenings)
    .leftJoin(teams, eq(teams.id, jobOpenings.teamId))
    .where(and(eq(jobOpenings.id, openingId), eq(jobOpenings.companyId, companyId), ne(jobOpenings.status, 'draft')))
    .limit(1);
  if (!row || !row.opening.publishedAt) return { kind: 'missing' };
  const o = row.opening;
  if (o.status === 'closed' || isExpired(o.closesOn, clock.now())) return { kind: 'gone', title: o.title };
  const [byOpening, domains] = await Promise.all([
    competenciesOf(db, [o.id]),
    db
      .select({ domain: companyDomains.domain })
      .from(companyDomains)
      .where(and(eq(companyDomains.companyId, companyId), eq(companyDomains.status, 'verified')))
      .orderBy(asc(companyDomains.domain)),
  ]);
  return {
    kind: 'open',
    opening: {
      id: o.id,
      title: o.title,
      description: o.description,
      location: o.location,
      remote: o.remote,
      employmentType: o.employmentType,
      salaryMin: o.salaryMin,
      salaryMax: o.salaryMax,
      salaryCurrency: o.salaryCurrency,
      salaryPeriod: o.salaryPeriod,
      skills: o.skills,
      languages: o.languages,
      competencies: (byOpening.get(o.id) ?? []).map((c) => ({ name: c.name, minLevel: c.min_level })),
      team: row.team,
      closesOn: o.closesOn,
      publishedAt: o.publishedAt!,
      updatedAt: o.updatedAt,
      verifiedDomains: domains.map((d) => d.domain),
    },
  };
}

/** The open jobs a company's public page lists: title, place and closing date, soonest to close last. */
export async function openJobsOf(db: Db, clock: Clock, companyId: number) {
  return db
    .select({
      id: jobOpenings.id,
      title: jobOpenings.title,
      location: jobOpenings.location,
      remote: jobOpenings.remote,
      employmentType: jobOpenings.employmentType,
    })
    .from(jobOpenings)
    .where(and(eq(jobOpenings.companyId, companyId), eq(jobOpenings.status, 'published'), gte(jobOpenings.closesOn, dayOf(clock.now()))))
    .orderBy(desc(jobOpenings.publishedAt), desc(jobOpenings.id))
    .limit(100);
}
export type OpenJob = Awaited<ReturnType<typeof openJobsOf>>[number];

/** The sitemap's job pages: published, not past their date, of a company whose public page is on and indexable. */
export async function indexableJobPages(db: Db, now: Date): Promise<SitemapPage[]> {
  const rows = await db
    .select({ id: jobOpenings.id, address: companyPublicPages.address, updatedAt: jobOpenings.updatedAt })
    .from(jobOpenings)
    .innerJoin(companyPublicPages, eq(companyPublicPages.companyId, jobOpenings.companyId))
    .where(
      and(
        eq(jobOpenings.status, 'published'),
        gte(jobOpenings.closesOn, dayOf(now)),
        eq(companyPublicPages.isPublic, true),
        eq(companyPublicPages.noindex, false),
        // As the company pages': a company whose owner closed their account has no page.
        sql`exists (select 1 from ${companyMembers} where ${and(eq(companyMembers.companyId, jobOpenings.companyId), eq(companyMembers.role, 'owner'), membershipCounts(now))})`,
      ),
    )
    .orderBy(asc(jobOpenings.id));
  return rows.map(({ id, address, updatedAt }) => ({
    paths: { en_GB: jobPagePath(address, id, 'en_GB'), uk_UA: jobPagePath(address, id, 'uk_UA') },
    updatedAt,
  }));
}
