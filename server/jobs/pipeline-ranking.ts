// Ranking applicants (decision 271): the company's ratings (1–5 per owner or admin, the
// average shown), the latest public competency scores from each applicant's past employers with their
// level of trust, the applicant's skills and languages, and the pipeline's filters and sorts over them.
// Filters and sorts run over the opening's applications as read (decision 279 pages them afterwards): one
// rule for every engine, and the score that keeps an applicant is the one the page shows.
import { and, eq, inArray } from 'drizzle-orm';
import {
  foldName,
  reaches,
  type ApplicantCompetency,
  type ApplicantRating,
  type ApplicantsQuery,
} from '../../contract/applicant-ranking.ts';
import type { PublicJob } from '../../contract/careers.ts';
import { ratingValue } from '../../contract/employment-scores.ts';
import { searchLevels, type SearchLevel } from '../../contract/search.ts';
import { trustLevelOf } from '../../contract/trust.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { jobApplicationRatings, jobApplications } from '../db/jobs-schema.ts';
import { profileLanguages, skills } from '../db/profile-schema.ts';
import { NotFoundError, RuleBrokenError } from '../domain-errors.ts';
import { messageRef } from '../../contract/message-refs.ts';
import { publicJobsOf } from '../careers/public.ts';
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

interface Ranking {
  rating: ApplicantRating;
  skills: string[];
  languages: { code: string; level: SearchLevel }[];
}

const average = (values: number[]) => (values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10 : null);

/** The ratings, skills and languages of each application's applicant, as `reader` sees them. */
export async function rankingOf(
  db: Queryable,
  reader: number,
  applications: readonly { id: number; userId: number }[],
): Promise<Map<number, Ranking>> {
  const ids = applications.map((a) => a.id);
  const users = [...new Set(applications.map((a) => a.userId))];
  if (!ids.length) return new Map();
  const [ratings, skillRows, languageRows] = await Promise.all([
    db.select().from(jobApplicationRatings).where(inArray(jobApplicationRatings.applicationId, ids)),
    db.select({ userId: skills.userId, name: skills.name }).from(skills).where(inArray(skills.userId, users)).orderBy(skills.name),
    db
      .select({ userId: profileLanguages.userId, code: profileLanguages.code, level: profileLanguages.proficiency })
      .from(profileLanguages)
      .where(inArray(profileLanguages.userId, users))
      .orderBy(profileLanguages.code),
  ]);
  return new Map(
    applications.map((a) => {
      const given = ratings.filter((r) => r.applicationId === a.id);
      return [
        a.id,
        {
          rating: {
            average: average(given.map((r) => r.rating)),
            count: given.length,
            mine: given.find((r) => r.userId === reader)?.rating ?? null,
          },
          skills: skillRows.filter((s) => s.userId === a.userId).map((s) => s.name),
          languages: languageRows
            .filter((l) => l.userId === a.userId && (searchLevels as readonly string[]).includes(l.level))
            .map((l) => ({ code: l.code, level: l.level as SearchLevel })),
        },
      ];
    }),
  );
}

/** The best score in `competency` among `scores` from a job at `trust` or above, or null. */
function bestScore(scores: readonly ApplicantCompetency[], competency: string, trust: ApplicantsQuery['trust']): number | null {
  const wanted = foldName(competency);
  const found = scores.filter((c) => foldName(c.name) === wanted && reaches(c.trust, trust)).map((c) => c.score);
  return found.length ? Math.max(...found) : null;
}

/** An application as the pipeline reads it before the page is chosen. */
interface Candidate {
  id: number;
  userId: number;
  stage: string;
  createdAt: Date;
}

/** The places of each sort's key (its own values, then the applied time and the id). */
const keyLength = { newest: 2, rating: 4, competency: 3 } as const;

/** A cursor that is not one of this sort's: 422 on `cursor`, like any other bad value. */
const badCursor = () => new RuleBrokenError([{ field: 'cursor', message: messageRef('validation.invalid') }]);

/**
 * The applications `query` keeps, in its order, with the cursor's arithmetic (decision 279). Each
 * filter reads only what it needs for every application (ratings for the rating sort, skills, one
 * language, scores from past employers for the competency filter), so every page agrees with the whole
 * list; the order is total (the newest, then the highest id, breaks every tie), so a cursor holds while
 * applicants come and go.
 */
export async function rankPage<T extends Candidate>(db: Db, clock: Clock, rows: readonly T[], query: ApplicantsQuery) {
  const { competency, min_score, trust, language, level, skill, sort } = query;
  const ids = rows.map((r) => r.id);
  const users = [...new Set(rows.map((r) => r.userId))];
  const none = Promise.resolve([]);
  const [ratings, skillRows, languageRows] = await Promise.all([
    sort === 'rating' && ids.length
      ? db
          .select({ applicationId: jobApplicationRatings.applicationId, rating: jobApplicationRatings.rating })
          .from(jobApplicationRatings)
          .where(inArray(jobApplicationRatings.applicationId, ids))
      : none,
    skill && users.length
      ? db.select({ userId: skills.userId, name: skills.name }).from(skills).where(inArray(skills.userId, users))
      : none,
    language && users.length
      ? db
          .select({ userId: profileLanguages.userId, level: profileLanguages.proficiency })
          .from(profileLanguages)
          .where(and(inArray(profileLanguages.userId, users), eq(profileLanguages.code, language)))
      : none,
  ]);
  // Each applicant's level in the language, and who has the skill: one pass over the rows read.
  const levelOf = new Map<number, number>();
  for (const l of languageRows) {
    const at = searchLevels.indexOf(l.level as SearchLevel);
    if (at >= 0) levelOf.set(l.userId, Math.max(at, levelOf.get(l.userId) ?? -1));
  }
  const skilled = new Set(skill ? skillRows.filter((s) => foldName(s.name) === foldName(skill)).map((s) => s.userId) : []);
  let kept = rows.filter((r) => {
    if (language) {
      const spoken = levelOf.get(r.userId);
      if (spoken === undefined || (level && spoken < searchLevels.indexOf(level))) return false;
    }
    if (skill && !skilled.has(r.userId)) return false;
    return true;
  });
  // Scores need each remaining applicant's jobs as their profile shows them: read only when asked for.
  const best = new Map<number, number | null>();
  if (competency) {
    const left = [...new Set(kept.map((r) => r.userId))];
    const scores = await Promise.all(left.map(async (u) => [u, latestScoresOf(await publicJobsOf(db, clock, u))] as const));
    for (const [u, list] of scores) best.set(u, bestScore(list, competency, trust));
    kept = kept.filter((r) => (best.get(r.userId) ?? 0) >= (min_score ?? 1));
  }
  const given = new Map<number, number[]>();
  for (const r of ratings) {
    const own = given.get(r.applicationId);
    if (own) own.push(r.rating);
    else given.set(r.applicationId, [r.rating]);
  }
  const keyOf = (r: T): number[] => {
    const newest = [r.createdAt.getTime(), r.id];
    if (sort === 'rating') return [average(given.get(r.id) ?? []) ?? 0, given.get(r.id)?.length ?? 0, ...newest];
    if (sort === 'competency') return [best.get(r.userId) ?? 0, ...newest];
    return newest;
  };
  const keys = new Map(kept.map((r) => [r.id, keyOf(r)]));
  // Highest first at every place of the key.
  const compare = (a: readonly number[], b: readonly number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i]! - a[i]!;
    return 0;
  };
  kept.sort((a, b) => compare(keys.get(a.id)!, keys.get(b.id)!));
  return {
    kept,
    cursorOf: (r: T) => Buffer.from(JSON.stringify(keys.get(r.id))).toString('base64url'),
    /** Where the page after `cursor` starts in `list` (a part of `kept`, in its order). */
    after: (list: readonly T[], cursor: string): number => {
      let key: unknown;
      try {
        key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      } catch {
        throw badCursor();
      }
      if (!Array.isArray(key) || key.length !== keyLength[sort] || !key.every((v) => typeof v === 'number' && Number.isFinite(v)))
        throw badCursor();
      const found = list.findIndex((r) => compare(keys.get(r.id)!, key as number[]) > 0);
      return found === -1 ? list.length : found;
    },
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
