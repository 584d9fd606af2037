// Ranking applicants (decision 271): the company's ratings (1–5 per owner or admin, the
// average shown), the latest public competency scores from each applicant's past employers with their
// level of trust, the applicant's skills and languages, and the pipeline's filters and sorts over them.
// An opening has at most a few hundred applicants (listApplicants reads 500), so filters and sorts run
// over the read list: one rule for every engine, and the scores are the ones the page shows.
import { and, eq, inArray } from 'drizzle-orm';
import {
  foldName,
  reaches,
  type ApplicantCompetency,
  type ApplicantRating,
  type ApplicantsQuery,
} from '../../contract/applicant-ranking.ts';
import type { Applicant } from '../../contract/applications.ts';
import type { PublicJob } from '../../contract/careers.ts';
import { ratingValue } from '../../contract/employment-scores.ts';
import { searchLevels, type SearchLevel } from '../../contract/search.ts';
import { trustLevelOf } from '../../contract/trust.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { jobApplicationRatings, jobApplications } from '../db/jobs-schema.ts';
import { profileLanguages, skills } from '../db/profile-schema.ts';
import { NotFoundError } from '../domain-errors.ts';
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

/** The applicant's best score in `competency` from a job at `trust` or above, or null. */
function bestScore(applicant: Applicant, competency: string, trust: ApplicantsQuery['trust']): number | null {
  const wanted = foldName(competency);
  const scores = applicant.competencies.filter((c) => foldName(c.name) === wanted && reaches(c.trust, trust)).map((c) => c.score);
  return scores.length ? Math.max(...scores) : null;
}

/** The applicants the query keeps, in its order (newest first by default, as read). */
export function rankApplicants(applicants: readonly Applicant[], query: ApplicantsQuery): Applicant[] {
  const { competency, min_score, trust, language, level, skill, sort } = query;
  const kept = applicants.filter((a) => {
    if (competency && (bestScore(a, competency, trust) ?? 0) < (min_score ?? 1)) return false;
    if (language) {
      const spoken = a.languages.find((l) => l.code === language);
      if (!spoken || (level && searchLevels.indexOf(spoken.level) < searchLevels.indexOf(level))) return false;
    }
    if (skill && !a.skills.some((s) => foldName(s) === foldName(skill))) return false;
    return true;
  });
  if (sort === 'rating') return kept.sort((a, b) => (b.rating.average ?? 0) - (a.rating.average ?? 0) || b.rating.count - a.rating.count);
  if (sort === 'competency' && competency)
    return kept.sort((a, b) => (bestScore(b, competency, trust) ?? 0) - (bestScore(a, competency, trust) ?? 0));
  return kept;
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
