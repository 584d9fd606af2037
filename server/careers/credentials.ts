// Company-verified jobs as W3C Verifiable Credentials (decision 190): issued to the person
// on request, signed with the company's key as VC-JOSE (a compact JWS, EdDSA), each with a bit in the
// company's Bitstring Status List. A credential is revoked when what it states is no longer what the
// job says (the company corrected or ended it, the person left) or the job is gone (a closed account):
// every read of the list first compares the stored fingerprints with the jobs as they are now, so no
// feature has to remember to revoke anything.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { CompactSign } from 'jose';
import {
  companyDid,
  credentialJoseType,
  credentialPublicPaths,
  employmentCredentialContext,
  employmentCredentialType,
  statusListBits,
  vcContextV2,
  type IssuedCredential,
} from '../../contract/credentials.ts';
import { publicProfilePath } from '../../contract/public-profile.ts';
import { highestScore, inCompanyScore, lowestScore, ratingValue } from '../../contract/employment-scores.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/client.ts';
import { companyEmployments, competencies, employmentReviewRatings, employmentReviews } from '../db/careers-schema.ts';
import { teams } from '../db/company-schema.ts';
import { issuedCredentials } from '../db/credentials-schema.ts';
import { publicProfiles } from '../db/public-profile-schema.ts';
import { profiles, users } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';
import { companyNameOf } from '../shared/companies/record.ts';
import { signingKeyOf } from './credential-keys.ts';
import type { EmploymentRow } from '../shared/careers/core.ts';
import { endDateOf } from '../shared/careers/lifecycle.ts';
import { resolveJob } from './person-jobs.ts';
import { recheckBeforeIssue, verifiedOriginsOf } from '../domains/public.ts';

type IssuedRow = typeof issuedCredentials.$inferSelect;

/** What the company states about a job; the fingerprint hashes exactly this. */
interface JobFacts {
  companyId: number;
  userId: number;
  position: string | null;
  team: string | null;
  startDate: string;
  endDate: string | null;
  review: ReviewFacts | null;
}

interface ReviewFacts {
  id: number;
  reviewedOn: string;
  score: number | null;
  ratings: { competency: string; rating: string }[];
}

const fingerprintOf = (facts: JobFacts) => createHash('sha256').update(JSON.stringify(facts)).digest('base64url');

async function reviewFacts(db: Queryable, employmentId: number, reviewId: number | 'latest'): Promise<ReviewFacts | null> {
  const [review] = await db
    .select({ id: employmentReviews.id, reviewedOn: employmentReviews.reviewedOn })
    .from(employmentReviews)
    .where(
      and(
        eq(employmentReviews.employmentId, employmentId),
        eq(employmentReviews.isPublic, true),
        reviewId === 'latest' ? undefined : eq(employmentReviews.id, reviewId),
      ),
    )
    .orderBy(desc(employmentReviews.reviewedOn), desc(employmentReviews.id))
    .limit(1);
  if (!review) return null;
  const ratings = await db
    .select({ name: competencies.name, weight: competencies.weight, rating: employmentReviewRatings.rating })
    .from(employmentReviewRatings)
    .innerJoin(competencies, eq(competencies.id, employmentReviewRatings.competencyId))
    .where(eq(employmentReviewRatings.reviewId, review.id))
    .orderBy(asc(competencies.name), asc(competencies.id));
  return {
    id: review.id,
    reviewedOn: review.reviewedOn,
    score: inCompanyScore(ratings).score,
    ratings: ratings.map((r) => ({ competency: r.name, rating: r.rating })),
  };
}

async function jobFacts(db: Queryable, row: EmploymentRow, review: number | 'latest' | null): Promise<JobFacts> {
  const [team] = row.teamId === null ? [] : await db.select({ name: teams.name }).from(teams).where(eq(teams.id, row.teamId)).limit(1);
  return {
    companyId: row.companyId,
    userId: row.userId,
    position: row.position,
    team: team?.name ?? null,
    startDate: row.startDate,
    endDate: endDateOf(row),
    review: review === null ? null : await reviewFacts(db, row.id, review),
  };
}

/**
 * The issuer's `url` a credential carries (decision 258): the origin of each domain the company had
 * proved when it was issued, one as a string, several as a list, none left out.
 */
function issuerUrlOf(origins: string[]): string | string[] | undefined {
  return origins.length === 0 ? undefined : origins.length === 1 ? origins[0] : origins;
}

/** The issuer origins a credential states, as issued. */
export function statedOrigins(credential: IssuedRow): string[] {
  const issuer = credential.claims['issuer'];
  const url = typeof issuer === 'object' && issuer !== null && 'url' in issuer ? issuer.url : undefined;
  return typeof url === 'string' ? [url] : Array.isArray(url) ? url.filter((u): u is string => typeof u === 'string') : [];
}

/** The name a credential states for its person (`credentialSubject`) or its issuer, as it was issued. */
function statedName(credential: IssuedRow, party: 'credentialSubject' | 'issuer'): string | undefined {
  const stated = credential.claims[party];
  return typeof stated === 'object' && stated !== null && 'name' in stated && typeof stated.name === 'string' ? stated.name : undefined;
}

/**
 * Revokes the company's credentials whose job changed or is gone, at `now`. Called before the list
 * is read or a credential issued, in the caller's transaction.
 */
export async function reconcileCompanyCredentials(db: Queryable, companyId: number, now: Date): Promise<number> {
  const open = await db
    .select()
    .from(issuedCredentials)
    .where(and(eq(issuedCredentials.companyId, companyId), isNull(issuedCredentials.revokedAt)));
  if (!open.length) return 0;
  const jobIds = [...new Set(open.map((c) => c.companyEmploymentId).filter((v): v is number => v !== null))];
  const jobs = jobIds.length ? await db.select().from(companyEmployments).where(inArray(companyEmployments.id, jobIds)) : [];
  const closed = new Set(
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, jobs.map((j) => j.userId).concat(0)), eq(users.status, 'closed')))
    ).map((u) => u.id),
  );
  const byId = new Map(jobs.map((j) => [j.id, j]));
  // A credential names its issuer; once the company is renamed, an open one states a name the company
  // no longer has: it is revoked, and the person's next download is issued anew.
  const companyName = await companyNameOf(db, companyId);
  let revoked = 0;
  for (const credential of open) {
    const job = credential.companyEmploymentId === null ? undefined : byId.get(credential.companyEmploymentId);
    let reason: IssuedRow['revocationReason'] = null;
    if (!job || closed.has(job.userId)) reason = 'job_removed';
    else if (statedName(credential, 'issuer') !== companyName) reason = 'company_renamed';
    else if (job.confirmedName !== null && statedName(credential, 'credentialSubject') !== job.confirmedName) reason = 'changed';
    else {
      const review = credential.includesReview ? (credential.reviewId ?? -1) : null;
      if (fingerprintOf(await jobFacts(db, job, review)) !== credential.fingerprint) reason = 'changed';
    }
    if (reason) {
      await db.update(issuedCredentials).set({ revokedAt: now, revocationReason: reason }).where(eq(issuedCredentials.id, credential.id));
      revoked += 1;
    }
  }
  return revoked;
}

/** A status index no credential of the company holds, at random (herd privacy). */
async function freeStatusIndex(db: Queryable, companyId: number): Promise<number> {
  const taken = new Set(
    (
      await db.select({ index: issuedCredentials.statusIndex }).from(issuedCredentials).where(eq(issuedCredentials.companyId, companyId))
    ).map((r) => r.index),
  );
  if (taken.size >= statusListBits) throw new Error(`Company ${companyId}'s status list is full.`);
  for (;;) {
    const index = randomInt(statusListBits);
    if (!taken.has(index)) return index;
  }
}

export const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The unsecured credential a job's facts make (VC Data Model 2.0, schema.org terms). */
function credentialOf(
  options: {
    siteUrl: string;
    now: Date;
    companyName: string;
    personName: string;
    profileUrl: string | null;
    verifiedAt: Date;
    statusIndex: number;
    /** The origins of the company's verified domains now (decision 258). */
    issuerOrigins: string[];
  },
  facts: JobFacts,
): Record<string, unknown> {
  const did = companyDid(options.siteUrl, facts.companyId);
  const listUrl = `${options.siteUrl}${credentialPublicPaths.statusList(facts.companyId)}`;
  const organisation: Record<string, unknown> = { type: 'Organization', id: did, name: options.companyName };
  if (facts.team) organisation['department'] = { type: 'Organization', name: facts.team };
  const role: Record<string, unknown> = { type: 'EmployeeRole' };
  if (facts.position) role['roleName'] = facts.position;
  role['startDate'] = facts.startDate;
  if (facts.endDate) role['endDate'] = facts.endDate;
  role['worksFor'] = organisation;
  if (facts.review) {
    const r = facts.review;
    role['review'] = {
      type: 'Review',
      datePublished: r.reviewedOn,
      author: { type: 'Organization', id: did, name: options.companyName },
      reviewRating: [
        { type: 'Rating', reviewAspect: 'In-company score', ratingValue: r.score, worstRating: lowestScore, bestRating: highestScore },
        ...r.ratings.map((x) => ({
          type: 'Rating',
          reviewAspect: x.competency,
          ratingValue: ratingValue(x.rating as never),
          ratingExplanation: x.rating,
          worstRating: lowestScore,
          bestRating: highestScore,
        })),
      ],
    };
  }
  const subject: Record<string, unknown> = {};
  if (options.profileUrl) subject['id'] = options.profileUrl;
  Object.assign(subject, { type: 'Person', name: options.personName, worksFor: role });
  return {
    '@context': [vcContextV2, employmentCredentialContext],
    id: `urn:uuid:${randomUUID()}`,
    type: ['VerifiableCredential', employmentCredentialType],
    // Who the issuer is beyond its name: the domains it proved, which its DID document and each
    // domain's did-configuration.json link both ways (decision 258). None: its identity is not verified.
    issuer: { id: did, name: options.companyName, ...(options.issuerOrigins.length ? { url: issuerUrlOf(options.issuerOrigins) } : {}) },
    validFrom: isoSeconds(options.now),
    // The day the company verified the job (schema.org's dateCreated of the credential's statement).
    dateCreated: isoSeconds(options.verifiedAt),
    credentialSubject: subject,
    credentialStatus: {
      id: `${listUrl}#${options.statusIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(options.statusIndex),
      statusListCredential: listUrl,
    },
  };
}

/** Signs `payload` as VC-JOSE with the company's current key. */
export async function signCredential(
  db: Queryable,
  config: Config,
  companyId: number,
  now: Date,
  payload: Record<string, unknown>,
): Promise<string> {
  const { row, key } = await signingKeyOf(db, config.credentialKey, companyId, now);
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({
      alg: 'EdDSA',
      kid: `${companyDid(config.publicSiteUrl, companyId)}#${row.thumbprint}`,
      typ: credentialJoseType,
      cty: 'vc',
    })
    .sign(key);
}

/** The site's host name as a file name may carry it ('profiles.example'). */
function verifyHost(siteUrl: string): string {
  try {
    return new URL(siteUrl).hostname.replace(/[^a-z0-9.-]+/gi, '-') || 'profiles';
  } catch {
    return 'profiles';
  }
}

function answerOf(row: IssuedRow, facts: { companyName: string; siteUrl: string }): IssuedCredential {
  const slug = facts.companyName
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return {
    jwt: row.jwt,
    // The name says where to check it, for whoever receives the file without a word of explanation.
    file_name: `credential-${slug || 'company'}-${row.companyEmploymentId ?? row.id}-verify-at-${verifyHost(facts.siteUrl)}.jwt`,
    issued_at: row.issuedAt.toISOString(),
    includes_review: row.includesReview,
  };
}

/**
 * The person's current credential for a company-verified job: the one issued before if the job still
 * says the same (and the same review choice), else a new one (the old one's bit flips as the job
 * changed). A self-declared job has none (job_not_verified).
 */
export async function issueCredential(
  deps: { db: Db; clock: Clock; config: Config },
  userId: number,
  jobId: number,
  options: { includeReview: boolean },
): Promise<IssuedCredential> {
  // The company's verified domains are checked again first when their last check is over an hour old
  // (decision 248): a credential never rests on a proof older than that.
  const job = await resolveJob(deps.db, userId, jobId);
  if (job.kind === 'verified') await recheckBeforeIssue(deps.db, deps.clock, deps.config.domainChecks, job.row.companyId);
  return deps.db.transaction(async (tx) => {
    const { row, companyName } = await currentCredentialRow(tx, deps, userId, jobId, options);
    return answerOf(row, { companyName, siteUrl: deps.config.publicSiteUrl });
  });
}

/** The current credential's row of a company-verified job, issued now if none is current (in `tx`). */
export async function currentCredentialRow(
  tx: Queryable,
  deps: { clock: Clock; config: Config },
  userId: number,
  jobId: number,
  options: { includeReview: boolean },
): Promise<{ row: IssuedRow; companyName: string }> {
  const now = deps.clock.now();
  const job = await resolveJob(tx, userId, jobId);
  if (job.kind !== 'verified') throw new ConflictError('job_not_verified', 'Only a company-verified job has a credential.');
  const row = job.row;
  await reconcileCompanyCredentials(tx, row.companyId, now);
  const facts = await jobFacts(tx, row, options.includeReview ? 'latest' : null);
  const fingerprint = fingerprintOf(facts);
  const companyName = await companyNameOf(tx, row.companyId);
  if (companyName === undefined) throw new NotFoundError('Company not found.');
  const [current] = await tx
    .select()
    .from(issuedCredentials)
    .where(
      and(
        eq(issuedCredentials.companyEmploymentId, row.id),
        isNull(issuedCredentials.revokedAt),
        eq(issuedCredentials.fingerprint, fingerprint),
        eq(issuedCredentials.includesReview, options.includeReview),
      ),
    )
    .orderBy(desc(issuedCredentials.id))
    .limit(1);
  // A credential states the domains the company had proved when it was issued; one issued before (or
  // with others) is not changed in place: the next download is a new one, and the earlier one stays
  // valid for what it says (decision 258).
  const issuerOrigins = await verifiedOriginsOf(tx, deps.config.domainChecks, row.companyId);
  if (current && statedOrigins(current).join(' ') === issuerOrigins.join(' ')) return { row: current, companyName };

  const [person] = await tx
    .select({ first: profiles.firstName, last: profiles.lastName, address: publicProfiles.address, isPublic: publicProfiles.isPublic })
    .from(profiles)
    .leftJoin(publicProfiles, eq(publicProfiles.userId, profiles.userId))
    .where(eq(profiles.userId, userId));
  const statusIndex = await freeStatusIndex(tx, row.companyId);
  const claims = credentialOf(
    {
      siteUrl: deps.config.publicSiteUrl,
      now,
      companyName,
      // The name the company confirmed with the job, not whatever the person types later (decision 256).
      personName: row.confirmedName ?? [person?.first, person?.last].filter(Boolean).join(' '),
      // The public profile's address while it is on (decision 208), so a verifier can open it signed
      // out; without one, no address: the in-app profile is behind sign-in, and a verifier could not open it.
      profileUrl: person?.address && person.isPublic ? `${deps.config.publicSiteUrl}${publicProfilePath(person.address, 'en_GB')}` : null,
      verifiedAt: row.createdAt,
      statusIndex,
      issuerOrigins,
    },
    facts,
  );
  const jwt = await signCredential(tx, deps.config, row.companyId, now, claims);
  const [inserted] = await tx
    .insert(issuedCredentials)
    .values({
      companyId: row.companyId,
      companyEmploymentId: row.id,
      userId,
      reviewId: facts.review?.id ?? null,
      includesReview: options.includeReview,
      statusIndex,
      fingerprint,
      jwt,
      issuedAt: now,
      claims,
    })
    .returning();
  return { row: inserted!, companyName };
}

/** The person's credentials still valid, by company-verified job (the exports carry them). */
export async function currentCredentialsOf(db: Db, clock: Clock, userId: number): Promise<Map<number, string[]>> {
  const companyIds = await db
    .selectDistinct({ id: issuedCredentials.companyId })
    .from(issuedCredentials)
    .where(eq(issuedCredentials.userId, userId));
  for (const { id } of companyIds) await db.transaction((tx) => reconcileCompanyCredentials(tx, id, clock.now()));
  const rows = await db
    .select({ jobId: issuedCredentials.companyEmploymentId, jwt: issuedCredentials.jwt })
    .from(issuedCredentials)
    .where(and(eq(issuedCredentials.userId, userId), isNull(issuedCredentials.revokedAt), isNotNull(issuedCredentials.companyEmploymentId)))
    .orderBy(asc(issuedCredentials.id));
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.jobId!, [...(out.get(r.jobId!) ?? []), r.jwt]);
  return out;
}

/**
 * Each company-verified job's current credential, issued now where none is current (the JSON Resume
 * export carries them with their work entries), by job id.
 */
export async function credentialsForExport(deps: { db: Db; clock: Clock; config: Config }, userId: number): Promise<Map<number, string>> {
  const jobs = await deps.db
    .select({ id: companyEmployments.id })
    .from(companyEmployments)
    .where(eq(companyEmployments.userId, userId))
    .orderBy(asc(companyEmployments.id));
  const out = new Map<number, string>();
  for (const job of jobs) out.set(job.id, (await issueCredential(deps, userId, job.id, { includeReview: false })).jwt);
  return out;
}

/** Every credential ever issued to the person, with its status now (the full data export). */
export async function issuedCredentialsOf(
  deps: { db: Db; clock: Clock; config: Config },
  userId: number,
): Promise<Record<string, unknown>[]> {
  await credentialsForExport(deps, userId);
  await currentCredentialsOf(deps.db, deps.clock, userId);
  const rows = await deps.db
    .select()
    .from(issuedCredentials)
    .where(eq(issuedCredentials.userId, userId))
    .orderBy(asc(issuedCredentials.id));
  return rows.map((r) => ({
    id: r.id,
    company_id: r.companyId,
    verified_employment_id: r.companyEmploymentId,
    issued_at: r.issuedAt.toISOString(),
    includes_review: r.includesReview,
    status: r.revokedAt ? 'revoked' : 'valid',
    revoked_at: r.revokedAt?.toISOString() ?? null,
    revocation_reason: r.revocationReason,
    credential: r.jwt,
  }));
}
