// The one ladder of trust (decision 257): how far a job's facts are vouched for, the same
// on every page, document and answer that shows a job.
//   1. self_declared: the person says so.
//   2. company_confirmed: a company on the platform confirmed it, but has not proved who it is.
//   3. domain_verified: confirmed by a company that proved it controls its domain.

export const trustLevels = ['self_declared', 'company_confirmed', 'domain_verified'] as const;
export type TrustLevel = (typeof trustLevels)[number];

/** A job's level: whether a company confirmed it, and whether that company proved its domain. */
export function trustLevelOf(job: { verified: boolean; company: { verified_domain: string | null } }): TrustLevel {
  if (!job.verified) return 'self_declared';
  return job.company.verified_domain ? 'domain_verified' : 'company_confirmed';
}
