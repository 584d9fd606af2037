// Careers' public face (decision 213): what other features may read of a person's careers, and the
// one careers file they may import. Jobs as the public profile shows them (decision 120):
// every job, verified ones with the badge flag, and of the company's words only what the person chose
// to show; and the verified jobs' credentials the exports carry (decision 190).
import type { PublicJob } from '../../contract/careers.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { jobRowsOf, jobsOfRows } from './person-jobs.ts';
import { reviewPartsOf } from './read.ts';

export { credentialsForExport, issuedCredentialsOf } from './credentials.ts';
export { credentialLinksOf } from './credential-links.ts';

/** `userId`'s jobs for the profile page: current first; reviews, score and final feedback only where shown. */
export async function publicJobsOf(db: Db, clock: Clock, userId: number): Promise<PublicJob[]> {
  return (await publicJobsOfPeople(db, clock, [userId])).get(userId) ?? [];
}

/**
 * `publicJobsOf` for each of `userIds` at once, in a fixed number of statements however many people
 * (the pipeline's page reads its applicants so, decision 285).
 */
export async function publicJobsOfPeople(db: Queryable, clock: Clock, userIds: readonly number[]): Promise<Map<number, PublicJob[]>> {
  const rows = await jobRowsOf(db, userIds);
  const { verified } = rows;
  // The review rounds need only the verified records: read beside the companies and marks.
  const [jobsOf, parts] = await Promise.all([jobsOfRows(db, clock, rows), reviewPartsOf(db, verified)]);
  const verifiedById = new Map(verified.map((v) => [v.id, v]));
  const out = new Map<number, PublicJob[]>();
  for (const [userId, jobs] of jobsOf) {
    out.set(
      userId,
      jobs.map((job) => {
        const row = job.verified ? verifiedById.get(job.id) : undefined;
        const part = row ? parts.get(row.id) : undefined;
        const shown = (part?.reviews ?? []).filter((r) => r.is_public);
        return {
          id: job.id,
          verified: job.verified,
          position: job.position,
          company: job.company,
          start_date: job.start_date,
          end_date: job.end_date,
          is_current: job.is_current,
          months: job.months,
          reviews: shown.map((r) => ({ id: r.id, reviewed_on: r.reviewed_on, ratings: r.ratings, reply: r.reply })),
          in_company_score: shown.length ? (part?.score.score ?? null) : null,
          final_feedback:
            row && row.finalFeedbackAt !== null && row.finalFeedbackPublic
              ? { text: row.finalFeedback, assessment: row.collaborationAssessment, reply: row.finalFeedbackReply }
              : null,
          work_email_domain: job.work_email_domain,
        };
      }),
    );
  }
  return out;
}
