// Careers' public face (decision 213): what other features may read of a person's careers, and the
// one careers file they may import. Jobs as the public profile shows them (decision 120):
// every job, verified ones with the badge flag, and of the company's words only what the person chose
// to show; and the verified jobs' credentials the exports carry (decision 190).
import type { PublicJob } from '../../contract/careers.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { companyEmployments } from '../db/careers-schema.ts';
import { eq } from 'drizzle-orm';
import { listJobs } from './person-jobs.ts';
import { reviewPartsOf } from './read.ts';

export { credentialsForExport, issuedCredentialsOf } from './credentials.ts';
export { credentialLinksOf } from './credential-links.ts';

/** `userId`'s jobs for the profile page: current first; reviews, score and final feedback only where shown. */
export async function publicJobsOf(db: Db, clock: Clock, userId: number): Promise<PublicJob[]> {
  const jobs = await listJobs(db, clock, userId);
  const verified = await db.select().from(companyEmployments).where(eq(companyEmployments.userId, userId));
  const parts = await reviewPartsOf(db, verified);
  return jobs.map((job) => {
    const row = job.verified ? verified.find((v) => v.id === job.id) : undefined;
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
  });
}
