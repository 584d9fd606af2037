// Tables of careers and company-verified employment (decisions 092 and 120): the verified
// employment a company keeps about a person, its competencies and review rounds, the person's
// supporting documents and their requests to confirm a self-declared job.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { confirmationStatuses } from '../../contract/careers.ts';
import { ratingScale } from '../../contract/employment-scores.ts';
import { teams } from './company-schema.ts';
import { employments, files } from './profile-schema.ts';
import { companyMembers, users } from './schema.ts';
import { id, timestamps } from './columns.ts';
import { company, user } from './owner-columns.ts';

/** Where a verified employment came from (server-only). */
export const employmentSources = ['invitation', 'join_request', 'workspace', 'confirmation', 'migration', 'application'] as const;

/**
 * A company-verified employment. Its id comes from the self-declared jobs' sequence, so the two kinds
 * share one id space (decision 120). The company writes the position, team, reviewer and the end of the
 * collaboration; the person writes the experience description, technical skills, consent and reply.
 */
export const companyEmployments = pgTable(
  'company_employments',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .default(sql`nextval('employments_id_seq')`),
    companyId: company(),
    userId: user(),
    /** The self-declared job this confirms, if any (decision 092): kept unchanged, shown once. */
    employmentId: bigint('employment_id', { mode: 'number' }).references(() => employments.id, { onDelete: 'set null' }),
    position: text('position'),
    /**
     * The person's name as the company confirmed it (decision 256): credentials and the verified CV
     * carry it; a later rename by the person reaches them only when the company confirms again.
     */
    confirmedName: text('confirmed_name'),
    teamId: bigint('team_id', { mode: 'number' }).references(() => teams.id, { onDelete: 'set null' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    reviewerMemberId: bigint('reviewer_member_id', { mode: 'number' }).references(() => companyMembers.id, { onDelete: 'set null' }),
    plannedTermination: date('planned_termination', { mode: 'string' }),
    /** The first day the person is no longer with the company, once they chose to leave (SPEC §4). */
    leavesOn: date('leaves_on', { mode: 'string' }),
    finalFeedback: text('final_feedback'),
    collaborationAssessment: text('collaboration_assessment', { enum: ratingScale }),
    finalFeedbackAt: timestamp('final_feedback_at', { withTimezone: true }),
    finalFeedbackPublic: boolean('final_feedback_public').notNull().default(false),
    finalFeedbackReply: text('final_feedback_reply'),
    finalFeedbackRepliedAt: timestamp('final_feedback_replied_at', { withTimezone: true }),
    experienceDescription: text('experience_description'),
    technicalSkills: jsonb('technical_skills')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    source: text('source', { enum: employmentSources }).notNull(),
    sourceId: bigint('source_id', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    index('company_employments_user_idx').on(t.userId),
    index('company_employments_company_idx').on(t.companyId),
    index('company_employments_reviewer_idx').on(t.reviewerMemberId),
    index('company_employments_employment_idx').on(t.employmentId),
    // One open-ended verified employment per person and company (decision 166). 'Current' depends on
    // today, which an index cannot read; an open-ended row is current until someone ends it, and the
    // services refuse a second current one with a planned end in the same transaction.
    uniqueIndex('company_employments_one_open_key')
      .on(t.companyId, t.userId)
      .where(sql`leaves_on is null and planned_termination is null`),
  ],
);

/** A competency a company rates (its set: name, description, weight). Retired ones stay for past rounds. */
export const competencies = pgTable(
  'competencies',
  {
    id: id(),
    companyId: company(),
    name: text('name').notNull(),
    description: text('description'),
    weight: integer('weight').notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('competencies_company_idx').on(t.companyId),
    check('competencies_weight_positive', sql`${t.weight} > 0`),
    // Search's verified-competency filter finds the names that contain what was typed (decision 185).
    index('competencies_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** A review round: the reviewer rates competencies on one day; every round is kept. */
export const employmentReviews = pgTable(
  'employment_reviews',
  {
    id: id(),
    employmentId: bigint('employment_id', { mode: 'number' })
      .notNull()
      .references(() => companyEmployments.id, { onDelete: 'cascade' }),
    reviewerUserId: bigint('reviewer_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The reviewer's name when they wrote it, so the round still says who after they go. */
    reviewerName: text('reviewer_name').notNull(),
    reviewedOn: date('reviewed_on', { mode: 'string' }).notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('employment_reviews_employment_idx').on(t.employmentId, t.reviewedOn)],
);

export const employmentReviewRatings = pgTable(
  'employment_review_ratings',
  {
    id: id(),
    reviewId: bigint('review_id', { mode: 'number' })
      .notNull()
      .references(() => employmentReviews.id, { onDelete: 'cascade' }),
    competencyId: bigint('competency_id', { mode: 'number' })
      .notNull()
      .references(() => competencies.id, { onDelete: 'cascade' }),
    rating: text('rating', { enum: ratingScale }).notNull(),
    comment: text('comment'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('employment_review_ratings_review_competency_key').on(t.reviewId, t.competencyId),
    index('employment_review_ratings_competency_idx').on(t.competencyId),
  ],
);

/**
 * Search's verified-competency filter (decision 185): each person's best score (1–6) per
 * competency name (lower-cased) in the review rounds they show publicly, across their companies.
 * Kept by triggers on the tables it comes from (migration 0024), in the same transaction as the
 * change, so the filter reads one index instead of joining five tables for every candidate.
 */
export const searchCompetencyScores = pgTable(
  'search_competency_scores',
  {
    userId: user(),
    competency: text('competency').notNull(),
    score: smallint('score').notNull(),
    /** The best score given by a company that proved its domain (the ladder's top, migration 0039); null if none. */
    domainScore: smallint('domain_score'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.competency] }),
    index('search_competency_scores_competency_score_idx').on(t.competency, t.score, t.userId),
    index('search_competency_scores_competency_domain_score_idx')
      .on(t.competency, t.domainScore, t.userId)
      .where(sql`domain_score is not null`),
  ],
);

/** A supporting document of one job (either kind); the person's own (decision 120). */
export const careerDocuments = pgTable(
  'career_documents',
  {
    id: id(),
    userId: user(),
    employmentId: bigint('employment_id', { mode: 'number' }).references(() => employments.id, { onDelete: 'cascade' }),
    companyEmploymentId: bigint('company_employment_id', { mode: 'number' }).references(() => companyEmployments.id, {
      onDelete: 'cascade',
    }),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    index('career_documents_employment_idx').on(t.employmentId),
    index('career_documents_company_employment_idx').on(t.companyEmploymentId),
    index('career_documents_file_idx').on(t.fileId),
    check('career_documents_one_job', sql`(${t.employmentId} is null) <> (${t.companyEmploymentId} is null)`),
  ],
);

/** A person's request that a registered company confirm a self-declared job. */
export const employmentConfirmations = pgTable(
  'employment_confirmations',
  {
    id: id(),
    employmentId: bigint('employment_id', { mode: 'number' })
      .notNull()
      .references(() => employments.id, { onDelete: 'cascade' }),
    companyId: company(),
    userId: user(),
    message: text('message'),
    status: text('status', { enum: confirmationStatuses }).notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('employment_confirmations_pending_key')
      .on(t.employmentId)
      .where(sql`status = 'pending'`),
    index('employment_confirmations_company_idx').on(t.companyId, t.status),
  ],
);

/**
 * A work email a person added to one job (either kind) to prove the workplace (decision
 * 260): the address, at the job's company's verified domain or a subdomain, and when its code was
 * confirmed. The company it was checked against is kept: the mark shows only while that company
 * still proves a domain above the address and the job is current. Never shown to anyone else.
 */
export const jobWorkEmails = pgTable(
  'job_work_emails',
  {
    id: id(),
    userId: user(),
    employmentId: bigint('employment_id', { mode: 'number' }).references(() => employments.id, { onDelete: 'cascade' }),
    companyEmploymentId: bigint('company_employment_id', { mode: 'number' }).references(() => companyEmployments.id, {
      onDelete: 'cascade',
    }),
    companyId: company(),
    /** Lower case; the domain part in punycode. */
    email: text('email').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('job_work_emails_user_idx').on(t.userId),
    uniqueIndex('job_work_emails_employment_key')
      .on(t.employmentId)
      .where(sql`employment_id is not null`),
    uniqueIndex('job_work_emails_company_employment_key')
      .on(t.companyEmploymentId)
      .where(sql`company_employment_id is not null`),
    // A confirmed work email proves one person's workplace only.
    uniqueIndex('job_work_emails_confirmed_email_key')
      .on(t.email)
      .where(sql`confirmed_at is not null`),
    check('job_work_emails_one_job', sql`(${t.employmentId} is null) <> (${t.companyEmploymentId} is null)`),
  ],
);
