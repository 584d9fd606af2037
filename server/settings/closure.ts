// Closing an account (SPEC §4 'Account: active, then closed'; decision 151) and the full
// data export offered before it. The closure is one transaction: if any part fails, nothing changed.
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { companyHandoffCodes, companyInvitations, companyJoinRequests, companySessions, employmentEvents } from '../db/company-schema.ts';
import { notificationKindSettings, notificationPreferences, notifications } from '../db/notification-schema.ts';
import {
  certifications,
  educations,
  employments,
  files,
  profileLanguages,
  projects,
  recommendations,
  skillEndorsements,
  skills,
} from '../db/profile-schema.ts';
import { accountAddresses, authTokens, companies, companyMembers, profiles, users, verificationCodes } from '../db/schema.ts';
import { careerDocuments, companyEmployments, employmentConfirmations, employmentReviews } from '../db/careers-schema.ts';
import { jobApplications } from '../db/jobs-schema.ts';
import { ConflictError } from '../domain-errors.ts';
import { membershipCounts } from '../shared/companies/membership.ts';
import { notify } from '../shared/notifications/writer.ts';
import type { TokenStore } from '../shared/auth/tokens.ts';
import { checkCurrentPassword } from './service.ts';

/** The person owns a company that has other members: ownership must pass to one of them first. */
export class OwnerMustTransferError extends ConflictError {
  constructor() {
    super('owner_must_transfer', 'Make another member the owner of your company before you close your account.');
  }
}

/** What the closure removed, for the answer and the tests. */
export interface ClosureSummary {
  recommendations: number;
  endorsements: number;
  employments: number;
  companies: number[];
}

async function companiesOwnedWithOthers(db: Queryable, userId: number, now: Date): Promise<number[]> {
  const owned = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.role, 'owner')));
  if (!owned.length) return [];
  const others = await db
    .selectDistinct({ companyId: companyMembers.companyId })
    .from(companyMembers)
    // Members whose leaving day has come are gone (decision 120): they cannot take the company over.
    .where(
      and(
        inArray(
          companyMembers.companyId,
          owned.map((o) => o.companyId),
        ),
        ne(companyMembers.userId, userId),
        membershipCounts(now),
      ),
    );
  return others.map((o) => o.companyId);
}

/**
 * Closes the account after checking its password: the status becomes closed (the profile answers
 * 404 'Profile not found' to everyone), every session and company session ends, recommendations,
 * endorsements and employment history are deleted (SPEC §4), company memberships end and each
 * company's members are told. The email address and phone stay with the closed account (held, not
 * freed; decision 151). Profile sections, uploads and notifications stay, unseen, for support.
 */
export async function closeAccount(
  deps: { db: Db; clock: Clock; tokens: TokenStore },
  userId: number,
  password: string,
): Promise<ClosureSummary> {
  await checkCurrentPassword(deps, userId, password, 'current_password');
  const summary = await deps.db.transaction(async (tx) => {
    // Checked inside the transaction, so a member joining meanwhile cannot leave a company ownerless.
    const now = deps.clock.now();
    if ((await companiesOwnedWithOthers(tx, userId, now)).length) throw new OwnerMustTransferError();
    await tx.update(users).set({ status: 'closed', updatedAt: now }).where(eq(users.id, userId));
    await tx.delete(authTokens).where(eq(authTokens.userId, userId));
    await tx.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
    // Added addresses never verified were never the person's: freed. Verified ones are held with the
    // primary email and phone (decisions 151, 154).
    await tx.delete(accountAddresses).where(and(eq(accountAddresses.userId, userId), isNull(accountAddresses.verifiedAt)));

    const ownSkills = tx.select({ id: skills.id }).from(skills).where(eq(skills.userId, userId));
    const endorsements = await tx
      .delete(skillEndorsements)
      .where(or(eq(skillEndorsements.endorserId, userId), inArray(skillEndorsements.skillId, ownSkills)))
      .returning({ id: skillEndorsements.id });
    const removedRecommendations = await tx
      .delete(recommendations)
      .where(or(eq(recommendations.userId, userId), eq(recommendations.authorId, userId)))
      .returning({ id: recommendations.id });
    const removedEmployments = await tx.delete(employments).where(eq(employments.userId, userId)).returning({ id: employments.id });
    await tx.delete(employmentEvents).where(eq(employmentEvents.userId, userId));
    // Company-verified employment is employment history too: its review rounds, ratings and
    // documents go with it; so do requests to confirm a job. The uploaded files stay, like other uploads.
    const removedVerified = await tx
      .delete(companyEmployments)
      .where(eq(companyEmployments.userId, userId))
      .returning({ id: companyEmployments.id });
    await tx.delete(careerDocuments).where(eq(careerDocuments.userId, userId));
    await tx.delete(employmentConfirmations).where(eq(employmentConfirmations.userId, userId));
    // Applications to openings leave every company's pipeline (decision 262), notes with them.
    await tx.delete(jobApplications).where(eq(jobApplications.userId, userId));

    // Only the companies the person still belongs to are told; an ended membership's row goes too.
    const memberships = await tx
      .select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .where(and(eq(companyMembers.userId, userId), membershipCounts(now)));
    for (const { companyId } of memberships) {
      await notify(tx, { kind: 'member_left', to: { companyId, exceptUserId: userId, on: now }, actorId: userId });
    }
    await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
    await tx.delete(companyHandoffCodes).where(eq(companyHandoffCodes.userId, userId));
    await tx.delete(companyJoinRequests).where(and(eq(companyJoinRequests.userId, userId), eq(companyJoinRequests.status, 'pending')));
    return {
      recommendations: removedRecommendations.length,
      endorsements: endorsements.length,
      employments: removedEmployments.length + removedVerified.length,
      companies: memberships.map((m) => m.companyId),
    };
  });
  // The rows are gone; this clears this process's session cache too, and ends the company sessions
  // through the token store, which closes their sockets on each company's channel in every hub (decision
  // 243): deleted in the transaction, they ended with no one told and those sockets stayed subscribed.
  await deps.tokens.revokeAllOf(userId, 'signed_out');
  // Then they go outright: a closed account's ended workspace has no one to say why to.
  await deps.db.delete(companySessions).where(eq(companySessions.userId, userId));
  return summary;
}

const secretColumns = new Set(['passwordHash', 'tokenHash', 'codeHash', 'codeSalt']);

/** A row as the export writes it: snake_case keys, dates as ISO text, no secrets. */
function exported(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (secretColumns.has(key)) continue;
    out[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/**
 * The export's version: a reader can tell what it holds. 2: the person's jobs are one list, `jobs`
 * (decision 250), instead of the `employments` and `verified_employments` tables side by side.
 */
export const dataExportVersion = 2;

type Row = Record<string, unknown>;

/**
 * The person's jobs as one list, each job once (decision 250): a company-verified
 * job carries the self-declared entry it confirmed, if any, as `own_entry`; a self-declared job no
 * company confirmed is listed as it is. Nothing is dropped: every row of both tables is in the list.
 */
export function jobsForExport(own: Row[], verified: Row[]): Row[] {
  const confirmed = new Map<unknown, Row>();
  for (const job of verified) if (job['employment_id'] != null) confirmed.set(job['employment_id'], job);
  const ownById = new Map(own.map((row) => [row['id'], row]));
  const jobs: Row[] = verified.map((job) => {
    const entry = job['employment_id'] == null ? undefined : ownById.get(job['employment_id']);
    return { level: 'company_verified', ...job, own_entry: entry ?? null };
  });
  for (const row of own) if (!confirmed.has(row['id'])) jobs.push({ level: 'self_declared', ...row });
  const started = (row: Row) => String(row['start_date'] ?? '');
  return jobs.sort((a, b) => started(b).localeCompare(started(a)));
}

/**
 * Everything stored about the person, as JSON ('a full data export'): the account, the
 * profile and every section, recommendations and endorsements given and received, company
 * memberships, invitations, join requests, employment events, notifications and their settings,
 * sessions and uploaded files' details. Secrets (password and token hashes, codes) are left out.
 */
export async function exportAccountData(db: Db, userId: number, now: Date): Promise<Record<string, unknown>> {
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const ownSkills = await db.select().from(skills).where(eq(skills.userId, userId));
  const skillIds = ownSkills.map((s) => s.id);
  const all = async <T extends Record<string, unknown>>(rows: Promise<T[]>) => (await rows).map(exported);
  const memberships = await db
    .select({
      company_id: companyMembers.companyId,
      company_name: companies.name,
      role: companyMembers.role,
      position: companyMembers.position,
      joined_at: companyMembers.createdAt,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  return {
    format: 'profiles-data-export',
    version: dataExportVersion,
    exported_at: now.toISOString(),
    account: account ? exported(account) : null,
    profile: profile ? exported(profile) : null,
    jobs: jobsForExport(
      await all(db.select().from(employments).where(eq(employments.userId, userId))),
      await all(db.select().from(companyEmployments).where(eq(companyEmployments.userId, userId))),
    ),
    skills: ownSkills.map(exported),
    endorsements_received: skillIds.length
      ? await all(db.select().from(skillEndorsements).where(inArray(skillEndorsements.skillId, skillIds)))
      : [],
    endorsements_given: await all(db.select().from(skillEndorsements).where(eq(skillEndorsements.endorserId, userId))),
    languages: await all(db.select().from(profileLanguages).where(eq(profileLanguages.userId, userId))),
    educations: await all(db.select().from(educations).where(eq(educations.userId, userId))),
    certifications: await all(db.select().from(certifications).where(eq(certifications.userId, userId))),
    projects: await all(db.select().from(projects).where(eq(projects.userId, userId))),
    recommendations_received: await all(db.select().from(recommendations).where(eq(recommendations.userId, userId))),
    recommendations_written: await all(db.select().from(recommendations).where(eq(recommendations.authorId, userId))),
    files: await all(db.select().from(files).where(eq(files.userId, userId))),
    company_memberships: memberships.map(exported),
    company_invitations: account ? await all(db.select().from(companyInvitations).where(eq(companyInvitations.email, account.email))) : [],
    company_join_requests: await all(db.select().from(companyJoinRequests).where(eq(companyJoinRequests.userId, userId))),
    employment_events: await all(db.select().from(employmentEvents).where(eq(employmentEvents.userId, userId))),
    employment_reviews: await all(
      db
        .select()
        .from(employmentReviews)
        .where(
          inArray(
            employmentReviews.employmentId,
            db.select({ id: companyEmployments.id }).from(companyEmployments).where(eq(companyEmployments.userId, userId)),
          ),
        ),
    ),
    career_documents: await all(db.select().from(careerDocuments).where(eq(careerDocuments.userId, userId))),
    employment_confirmations: await all(db.select().from(employmentConfirmations).where(eq(employmentConfirmations.userId, userId))),
    job_applications: await all(db.select().from(jobApplications).where(eq(jobApplications.userId, userId))),
    notifications: await all(
      db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(sql`${notifications.id} desc`),
    ),
    notification_preferences: await all(db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId))),
    addresses: await all(db.select().from(accountAddresses).where(eq(accountAddresses.userId, userId))),
    notification_types: await all(db.select().from(notificationKindSettings).where(eq(notificationKindSettings.userId, userId))),
    sessions: await all(
      db
        .select({
          id: authTokens.id,
          userAgent: authTokens.userAgent,
          lastUsedAt: authTokens.lastUsedAt,
          createdAt: authTokens.createdAt,
          expiresAt: authTokens.expiresAt,
        })
        .from(authTokens)
        .where(eq(authTokens.userId, userId)),
    ),
  };
}
