// Tables of the company workspace: invitations, join requests, teams, the single-use codes
// and sessions of the company host, and employment events. Companies and their members live in
// schema.ts (sign-up creates them); decision 090 explains the host hand-over.
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { employmentEventKinds, joinRequestStatuses, storedInvitationStatuses } from '../../contract/companies.ts';
import {
  companyDomainMethods,
  companyDomainStatuses,
  domainCheckFailures,
  domainLapseReasons,
  domainLinkageFailures,
} from '../../contract/company-domains.ts';
import { companies, companyMembers, users } from './schema.ts';
import { id, timestamps } from './columns.ts';
import { company, user } from './owner-columns.ts';

/** Where a hire came from (server-only: no answer names it). */
export const hireSources = ['invitation', 'join_request', 'application'] as const;

export const teams = pgTable(
  'teams',
  {
    id: id(),
    companyId: company(),
    name: text('name').notNull(),
    // The lead is a membership of the same company; removing that member clears the lead.
    leadMemberId: bigint('lead_member_id', { mode: 'number' }).references(() => companyMembers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('teams_company_id_idx').on(t.companyId)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    id: id(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => companyMembers.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('team_members_team_member_key').on(t.teamId, t.memberId), index('team_members_member_id_idx').on(t.memberId)],
);

export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: id(),
    companyId: company(),
    // Lower-cased, like users.email.
    email: text('email').notNull(),
    position: text('position'),
    teamId: bigint('team_id', { mode: 'number' }).references(() => teams.id, { onDelete: 'set null' }),
    invitedBy: user('invited_by'),
    // SHA-256 of the link's token; re-sending replaces it, so an older mail's link stops working.
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: storedInvitationStatuses }).notNull().default('pending'),
    // Set from the app's clock, so tests can move time past the 7 days.
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    respondedBy: bigint('responded_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('company_invitations_token_hash_key').on(t.tokenHash),
    // One live invitation per address and company: inviting again re-sends it.
    uniqueIndex('company_invitations_pending_key')
      .on(t.companyId, t.email)
      .where(sql`status = 'pending'`),
    index('company_invitations_invited_by_idx').on(t.invitedBy, t.sentAt),
  ],
);

export const companyJoinRequests = pgTable(
  'company_join_requests',
  {
    id: id(),
    companyId: company(),
    userId: user(),
    message: text('message'),
    status: text('status', { enum: joinRequestStatuses }).notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // One open request per person and company.
    uniqueIndex('company_join_requests_pending_key')
      .on(t.companyId, t.userId)
      .where(sql`status = 'pending'`),
    index('company_join_requests_user_idx').on(t.userId, t.requestedAt),
  ],
);

/** Single-use codes that carry a person from the personal host to the company host (decision 090). */
export const companyHandoffCodes = pgTable(
  'company_handoff_codes',
  {
    id: id(),
    codeHash: text('code_hash').notNull(),
    userId: user(),
    companyId: company(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The personal session that asked for the code (decision 241): its own workspace outlives turning two-step on. */
    personalTokenHash: text('personal_token_hash'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('company_handoff_codes_code_hash_key').on(t.codeHash),
    index('company_handoff_codes_member_idx').on(t.companyId, t.userId),
  ],
);

/** Sessions of the company host: bound to one person and one company (decision 090). */
export const companySessions = pgTable(
  'company_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: user(),
    companyId: company(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The personal session whose hand-over opened this one (decision 241); null for older sessions. */
    personalTokenHash: text('personal_token_hash'),
    /** When it was ended (decision 243): the row stays a while so the workspace can say why. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended: contract/companies.ts's CompanySessionEndReason. */
    endReason: text('end_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('company_sessions_token_hash_key').on(t.tokenHash),
    index('company_sessions_member_idx').on(t.companyId, t.userId),
    index('company_sessions_personal_token_idx').on(t.personalTokenHash),
  ],
);

/**
 * Employment-change events (SPEC §3). The workspace records 'hired' when an invitation is accepted or
 * a join request approved; the careers issue adds the others and links them to its employment rows.
 */
export const employmentEvents = pgTable(
  'employment_events',
  {
    id: id(),
    companyId: company(),
    userId: user(),
    kind: text('kind', { enum: employmentEventKinds }).notNull(),
    position: text('position'),
    source: text('source', { enum: hireSources }),
    sourceId: bigint('source_id', { mode: 'number' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    // The verified employment it concerns (no foreign key: that table lives in careers-schema.ts
    // and an employment's events go with it through its own delete), and the reviewer after a change.
    employmentId: bigint('employment_id', { mode: 'number' }),
    reviewerName: text('reviewer_name'),
    ...timestamps,
  },
  (t) => [
    index('employment_events_employment_idx').on(t.employmentId),
    index('employment_events_user_idx').on(t.userId, t.occurredAt),
    index('employment_events_company_idx').on(t.companyId, t.occurredAt),
  ],
);

/**
 * A company's domains and their proof of control (decision 248). `domain` is punycode,
 * lower case, without the trailing dot. A domain (with its subdomains) is verified for one company at
 * a time: the partial unique index keeps one verified row of a name, the service the subdomains.
 * `failing_since` is the first failed check of a verified domain; past the grace period it lapses.
 */
export const companyDomains = pgTable(
  'company_domains',
  {
    id: id(),
    companyId: company(),
    domain: text('domain').notNull(),
    token: text('token').notNull(),
    status: text('status', { enum: companyDomainStatuses }).notNull().default('pending'),
    method: text('method', { enum: companyDomainMethods }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastDnsFailure: text('last_dns_failure', { enum: domainCheckFailures }),
    lastHttpFailure: text('last_http_failure', { enum: domainCheckFailures }),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    lapseReason: text('lapse_reason', { enum: domainLapseReasons }),
    // The company that took the domain over (kept for the record; the earlier company is told).
    takenByCompanyId: bigint('taken_by_company_id', { mode: 'number' }).references(() => companies.id, { onDelete: 'set null' }),
    // The DID Configuration check (decision 258): when it last ran, and why it did not link (null: linked, or never run).
    linkageCheckedAt: timestamp('linkage_checked_at', { withTimezone: true }),
    linkageFailure: text('linkage_failure', { enum: domainLinkageFailures }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('company_domains_company_domain_key').on(t.companyId, t.domain),
    uniqueIndex('company_domains_verified_domain_key')
      .on(t.domain)
      .where(sql`status = 'verified'`),
    index('company_domains_recheck_idx').on(t.status, t.lastCheckedAt),
  ],
);
