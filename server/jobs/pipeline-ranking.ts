// Ranking applicants (decision 271): the company's ratings (1–5 per owner or admin, the
// average shown), the latest public competency scores from each applicant's past employers with their
// level of trust, the applicant's skills and languages, and the pipeline's filters and sorts over them.
// Filters and sorts are SQL over the opening's applications (decision 285), the page cut by the database:
// one rule for every engine, and the score that keeps an applicant is the one the page shows.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { reaches, type ApplicantCompetency, type ApplicantRating, type ApplicantsQuery } from '../../contract/applicant-ranking.ts';
import type { PublicJob } from '../../contract/careers.ts';
import { ratingScale, ratingValue } from '../../contract/employment-scores.ts';
import { searchLevels, type SearchLevel } from '../../contract/search.ts';
import { trustLevelOf } from '../../contract/trust.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { companyEmployments, competencies, employmentReviewRatings, employmentReviews } from '../db/careers-schema.ts';
import { companyDomains } from '../db/company-schema.ts';
import {
  jobApplicationMessages,
  jobApplicationNotes,
  jobApplicationRatings,
  jobApplications,
  jobOpenings,
  pipelineStages,
} from '../db/jobs-schema.ts';
import { files, profileLanguages, skills } from '../db/profile-schema.ts';
import { profiles } from '../db/schema.ts';
import { NotFoundError, RuleBrokenError } from '../domain-errors.ts';
import { messageRef } from '../../contract/message-refs.ts';
import type { CompanyActor } from '../shared/companies/access.ts';

/** Each verified job's latest public review round, one score per competency, best first. */
export function latestScoresOf(jobs: readonly PublicJob[]): ApplicantCompetency[] {
  const scores: ApplicantCompetency[] = [];
  for (const job of jobs) {
    if (!job.verified) continue;
    const latest = [...job.reviews].sort((a, b) => b.reviewed_on.localeCompare(a.reviewed_on) || b.id - a.id)[0];
    for (const rating of latest?.ratings ?? []) {
      const score = ratingValue(rating.rating);
      if (score === null) continue;
      scores.push({
        name: rating.competency_name,
        score,
        company: job.company.name,
        domain: job.company.verified_domain,
        reviewed_on: latest!.reviewed_on,
        trust: trustLevelOf(job),
      });
    }
  }
  return scores.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
}

/** What the page shows beside each application, read by `applicantDetailsOf`. */
interface ApplicantDetails {
  person: { first: string; last: string; headline: string | null; photo: string | null } | null;
  document: { name: string; mimeType: string; size: number } | null;
  notes: number;
  messages: number;
  rating: ApplicantRating;
  skills: string[];
  languages: { code: string; level: SearchLevel }[];
}

const average = (values: number[]) => (values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10 : null);

/** A json column as the driver gives it: parsed already by node-postgres and PGlite, text if a driver does not. */
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** A raw statement's rows, as both engines' drivers answer them. */
const rowsOf = async <T>(db: Queryable, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Each application's applicant as the page shows them beside it (the profile's header, the document,
 * the counts of notes and messages, the company's ratings as `reader` sees them, skills and
 * languages), in one statement for the whole page (decision 285): each read is a subquery of the
 * application's row, so the page waits for one round trip instead of seven.
 */
export async function applicantDetailsOf(db: Queryable, reader: number, ids: readonly number[]): Promise<Map<number, ApplicantDetails>> {
  if (!ids.length) return new Map();
  const a = jobApplications;
  const rows = await db
    .select({
      id: a.id,
      hasProfile: sql<boolean>`${profiles.userId} is not null`,
      first: profiles.firstName,
      last: profiles.lastName,
      headline: profiles.headline,
      photo: profiles.photoPath,
      documentName: files.originalName,
      documentType: files.mimeType,
      documentSize: files.size,
      notes: sql<number>`(select count(*) from ${jobApplicationNotes} n where n.application_id = ${a.id})`.mapWith(Number),
      messages: sql<number>`(select count(*) from ${jobApplicationMessages} m where m.application_id = ${a.id})`.mapWith(Number),
      ratings: sql<unknown>`(select coalesce(json_agg(json_build_array(r.user_id, r.rating)), '[]'::json)
        from ${jobApplicationRatings} r where r.application_id = ${a.id})`,
      skills: sql<unknown>`(select coalesce(json_agg(s.name order by s.name), '[]'::json) from ${skills} s where s.user_id = ${a.userId})`,
      languages: sql<unknown>`(select coalesce(json_agg(json_build_array(l.code, l.proficiency) order by l.code), '[]'::json)
        from ${profileLanguages} l where l.user_id = ${a.userId})`,
    })
    .from(a)
    .leftJoin(profiles, eq(profiles.userId, a.userId))
    .leftJoin(files, eq(files.id, a.documentFileId))
    .where(inArray(a.id, [...ids]));
  return new Map(
    rows.map((row) => {
      const given = parsed<[number, number][]>(row.ratings).map(([userId, rating]) => ({ userId: Number(userId), rating }));
      const details: ApplicantDetails = {
        person: row.hasProfile ? { first: row.first ?? '', last: row.last ?? '', headline: row.headline, photo: row.photo } : null,
        document:
          row.documentName === null ? null : { name: row.documentName, mimeType: row.documentType ?? '', size: Number(row.documentSize) },
        notes: row.notes,
        messages: row.messages,
        rating: {
          average: average(given.map((r) => r.rating)),
          count: given.length,
          mine: given.find((r) => r.userId === reader)?.rating ?? null,
        },
        skills: parsed<string[]>(row.skills),
        languages: parsed<[string, string][]>(row.languages)
          .filter(([, level]) => (searchLevels as readonly string[]).includes(level))
          .map(([code, level]) => ({ code, level: level as SearchLevel })),
      };
      return [row.id, details];
    }),
  );
}

/** A name as the filters compare it: case and spacing aside (the typed name and the stored ones alike). */
// (The pattern is given as a parameter: in a template literal '\s' would reach the database as 's'.)
const folded = (value: SQL | string) => sql`lower(btrim(regexp_replace(${value}, ${String.raw`\s+`}, ' ', 'g')))`;

/** A rating's value as `ratingValue` gives it (1 for poor … 6 for exceptional); N/A rows are left out first. */
const ratingValueSql = (rating: SQL) =>
  sql`(array_position(${sql.raw(`array[${ratingScale.map((r) => `'${r}'`).join(', ')}]::text[]`)}, ${rating}) - 1)`;

/**
 * The applicant's best score in `competency` from the latest public review round of each of their
 * verified jobs (as `latestScoresOf` reads their profile), from a job at `trust` or above; 0 without one.
 */
function bestScoreSql(competency: string, trust: ApplicantsQuery['trust']): SQL {
  const domainOnly = reaches('company_confirmed', trust)
    ? sql``
    : sql`and exists (select 1 from ${companyDomains} d where d.company_id = ce.company_id and d.status = 'verified')`;
  return sql`coalesce((
    select max(${ratingValueSql(sql`x.rating`)})
    from ${companyEmployments} ce
    cross join lateral (
      select r.id from ${employmentReviews} r where r.employment_id = ce.id and r.is_public
      order by r.reviewed_on desc, r.id desc limit 1
    ) latest
    join ${employmentReviewRatings} x on x.review_id = latest.id and x.rating <> 'na'
    join ${competencies} c on c.id = x.competency_id
    where ce.user_id = ${jobApplications.userId} and ${folded(sql`c.name`)} = ${folded(competency)} ${domainOnly}
  ), 0)::float8`;
}

/** The places of each sort's key (its own values, then the applied time and the id). */
const keyLength = { newest: 2, rating: 4, competency: 3 } as const;

/** A cursor that is not one of this sort's: 422 on `cursor`, like any other bad value. */
const badCursor = () => new RuleBrokenError([{ field: 'cursor', message: messageRef('validation.invalid') }]);

function cursorKey(cursor: string, sort: ApplicantsQuery['sort']): number[] {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(key) || key.length !== keyLength[sort] || !key.every((v) => typeof v === 'number' && Number.isFinite(v)))
    throw badCursor();
  return key as number[];
}

/** What an opening's pipeline reads of its applications at most, however many applied (decision 279). */
const applicationsRead = 5000;

type ApplicationRow = typeof jobApplications.$inferSelect;

/**
 * One page of the applications to a company's opening that `query` keeps, in its order, with the count
 * of those kept at each stage (decision 285). The filters and the sort's key are SQL over every
 * application of the opening (its newest 5,000): a language at a level, a skill, the best score in a
 * competency from the latest public round of each verified job, the company's average rating. Nothing
 * is read per applicant, so the cost is two statements whatever the opening holds. The order is total
 * (the sort's value, then the applied time to the millisecond, then the highest id) and the cursor is
 * the last item's key, so a page holds its place while applicants come and go.
 */
export async function rankedPage(
  db: Queryable,
  companyId: number,
  openingId: number,
  query: ApplicantsQuery,
  size: number,
): Promise<{
  own: boolean;
  stages: { key: string; name: string | null }[];
  page: ApplicationRow[];
  nextCursor: string | null;
  total: number;
  perStage: Map<string, number>;
}> {
  const { competency, min_score, trust, language, level, skill, sort, stage, cursor } = query;
  const after = cursor === undefined ? undefined : cursorKey(cursor, sort);
  const applied = sql`floor(extract(epoch from ${jobApplications.createdAt}) * 1000)::float8`;
  const ratings = (of: SQL) => sql`(select ${of} from ${jobApplicationRatings} rt where rt.application_id = ${jobApplications.id})::float8`;
  const best = competency ? bestScoreSql(competency, trust) : undefined;
  const key: SQL[] = [
    ...(sort === 'rating' ? [ratings(sql`coalesce(round(avg(rt.rating)::numeric, 1), 0)`), ratings(sql`count(*)`)] : []),
    ...(sort === 'competency' ? [best ?? sql`0::float8`] : []),
    applied,
    sql`${jobApplications.id}::float8`,
  ];
  // The newest 5,000 are those at or after the 5,000th newest (the order is total: the time, then the
  // id); asked once, as one row, where a list of their ids was joined to each application again.
  const oldestRead = sql`(select b.created_at, b.id from ${jobApplications} b where b.opening_id = ${openingId}
    order by b.created_at desc, b.id desc offset ${applicationsRead - 1} limit 1)`;
  const levels = level ? searchLevels.slice(searchLevels.indexOf(level)) : searchLevels;
  const kept = and(
    eq(jobApplications.companyId, companyId),
    eq(jobApplications.openingId, openingId),
    // No 5,000th: every application is read.
    sql`coalesce((${jobApplications.createdAt}, ${jobApplications.id}) >= ${oldestRead}, true)`,
    language
      ? sql`exists (select 1 from ${profileLanguages} l where l.user_id = ${jobApplications.userId} and l.code = ${language}
          and l.proficiency in (${sql.join(
            levels.map((l) => sql`${l}`),
            sql`, `,
          )}))`
      : undefined,
    skill
      ? sql`exists (select 1 from ${skills} s where s.user_id = ${jobApplications.userId} and ${folded(sql`s.name`)} = ${folded(skill)})`
      : undefined,
    best ? sql`${best} >= ${min_score ?? 1}` : undefined,
  );
  // The page's frame in one statement: whether the opening is the company's, its stages in their order
  // and the count of the kept applicants at each; the page's rows are the other, sent beside it.
  const [[frame], rows] = await Promise.all([
    rowsOf<{ own: boolean; stages: unknown; counts: unknown }>(
      db,
      sql`select
        exists (select 1 from ${jobOpenings} o where o.id = ${openingId} and o.company_id = ${companyId}) as own,
        (select coalesce(json_agg(json_build_array(s.key, s.name) order by s.position, s.key), '[]'::json)
          from ${pipelineStages} s where s.company_id = ${companyId}) as stages,
        (select coalesce(json_agg(json_build_array(c.stage, c.n)), '[]'::json)
          from (select ${jobApplications.stage} as stage, count(*)::int as n from ${jobApplications} where ${kept} group by 1) c) as counts`,
    ),
    db
      .select({ application: jobApplications, ...Object.fromEntries(key.map((k, i) => [`key${i}`, sql<number>`${k}`.mapWith(Number)])) })
      .from(jobApplications)
      .where(
        and(
          kept,
          stage === undefined ? undefined : eq(jobApplications.stage, stage),
          after
            ? sql`(${sql.join(key, sql`, `)}) < (${sql.join(
                after.map((v) => sql`${v}::float8`),
                sql`, `,
              )})`
            : undefined,
        ),
      )
      .orderBy(...key.map((k) => sql`${k} desc`))
      .limit(size + 1),
  ]);
  const perStage = new Map(parsed<[string, number][]>(frame!.counts).map(([stage, n]) => [stage, Number(n)]));
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    own: frame!.own,
    stages: parsed<[string, string | null][]>(frame!.stages).map(([key, name]) => ({ key, name })),
    page: page.map((r) => r.application),
    nextCursor:
      last && rows.length > size
        ? Buffer.from(JSON.stringify(key.map((_, i) => (last as Record<string, unknown>)[`key${i}`]))).toString('base64url')
        : null,
    total: stage === undefined ? [...perStage.values()].reduce((a, b) => a + b, 0) : (perStage.get(stage) ?? 0),
    perStage,
  };
}

/** Sets or takes back the actor's own rating of an application of their company. */
export async function rateApplication(db: Db, clock: Clock, actor: CompanyActor, applicationId: number, rating: number | null) {
  const [row] = await db
    .select({ id: jobApplications.id, openingId: jobApplications.openingId })
    .from(jobApplications)
    .where(and(eq(jobApplications.id, applicationId), eq(jobApplications.companyId, actor.companyId)))
    .limit(1);
  if (!row) throw new NotFoundError('Application not found.');
  const mine = and(eq(jobApplicationRatings.applicationId, applicationId), eq(jobApplicationRatings.userId, actor.userId));
  if (rating === null) await db.delete(jobApplicationRatings).where(mine);
  else
    await db
      .insert(jobApplicationRatings)
      .values({ applicationId, userId: actor.userId, rating, updatedAt: clock.now() })
      .onConflictDoUpdate({
        target: [jobApplicationRatings.applicationId, jobApplicationRatings.userId],
        set: { rating, updatedAt: clock.now() },
      });
  return row.openingId;
}
