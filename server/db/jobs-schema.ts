// Tables of jobs (decision 255): a company's openings with the competencies, skills and
// languages they ask for; applications to them with their stage, and the company's notes on them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
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
import { applicationMessageSides } from '../../contract/applications.ts';
import { employmentTypes, openingStatuses, salaryPeriods, type OpeningLanguage } from '../../contract/jobs.ts';
import { competencies } from './careers-schema.ts';
import { files } from './profile-schema.ts';
import { teams } from './company-schema.ts';
import { users } from './schema.ts';
import { id, timestamps } from './columns.ts';
import { company, user } from './owner-columns.ts';

export const jobOpenings = pgTable(
  'job_openings',
  {
    id: id(),
    companyId: company(),
    status: text('status', { enum: openingStatuses }).notNull().default('draft'),
    title: text('title').notNull(),
    /** The formatting subset's source text (server/jobs/description.ts renders it). */
    description: text('description').notNull(),
    location: text('location'),
    remote: boolean('remote').notNull().default(false),
    employmentType: text('employment_type', { enum: employmentTypes }).notNull(),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryCurrency: text('salary_currency'),
    salaryPeriod: text('salary_period', { enum: salaryPeriods }),
    skills: jsonb('skills')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    languages: jsonb('languages')
      .$type<OpeningLanguage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    teamId: bigint('team_id', { mode: 'number' }).references(() => teams.id, { onDelete: 'set null' }),
    closesOn: date('closes_on', { mode: 'string' }).notNull(),
    /** The first publication: schema.org's datePosted. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /**
     * The title, the company's name, the place and the skills folded by search_fold (decision 269,
     * migration 0040): kept by triggers on the opening and the company's name, never written here.
     */
    searchKey: text('search_key').notNull().default(''),
    /** The place and the skills folded (generated columns), so the filters compare keys (decision 269). */
    locationKey: text('location_key').generatedAlwaysAs(sql`search_fold(location)`),
    skillsKey: text('skills_key').generatedAlwaysAs(sql`search_fold(skills::text)`),
    /** The top of the salary's range per year (a generated column), to compare salaries given per any period. */
    salaryTopYearly: bigint('salary_top_yearly', { mode: 'number' }).generatedAlwaysAs(
      sql`coalesce(salary_max, salary_min)::bigint * CASE salary_period WHEN 'hour' THEN 2080 WHEN 'day' THEN 260 WHEN 'week' THEN 52 WHEN 'month' THEN 12 ELSE 1 END`,
    ),
    ...timestamps,
  },
  (t) => [
    index('job_openings_company_idx').on(t.companyId, t.status),
    // /jobs (decision 269): the words over the folded key, and the newest first without words.
    index('job_openings_search_key_idx')
      .using('gin', sql`${t.searchKey} gin_trgm_ops`)
      .where(sql`status = 'published'`),
    index('job_openings_newest_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`status = 'published'`),
    // The sitemap and the company pages read the published ones by closing date.
    index('job_openings_published_idx')
      .on(t.closesOn)
      .where(sql`status = 'published'`),
    check('job_openings_status_check', sql`${t.status} IN ('draft', 'published', 'closed')`),
    check('job_openings_salary_check', sql`${t.salaryMax} IS NULL OR ${t.salaryMin} IS NULL OR ${t.salaryMax} >= ${t.salaryMin}`),
  ],
);

/** A competency of the company's set that an opening asks for, at a minimum score (1–6). */
export const jobOpeningCompetencies = pgTable(
  'job_opening_competencies',
  {
    openingId: bigint('opening_id', { mode: 'number' })
      .notNull()
      .references(() => jobOpenings.id, { onDelete: 'cascade' }),
    competencyId: bigint('competency_id', { mode: 'number' })
      .notNull()
      .references(() => competencies.id, { onDelete: 'cascade' }),
    minLevel: smallint('min_level').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.openingId, t.competencyId] }),
    index('job_opening_competencies_competency_idx').on(t.competencyId),
    check('job_opening_competencies_level_check', sql`${t.minLevel} BETWEEN 1 AND 6`),
  ],
);

/**
 * A person's application to an opening (decision 262): one per person and opening, removed when they
 * withdraw or close their account. `company_id` is the opening's, so the pipeline's reads and its
 * guard need no join.
 */
/**
 * A company's pipeline stages in its order (decision 279): the six built-in keys from the day the company
 * is made (a trigger of migration 0044), and the ones it added. `name` null reads as the built-in
 * stage's translated name.
 */
export const pipelineStages = pgTable(
  'pipeline_stages',
  {
    companyId: company(),
    key: text('key').notNull(),
    name: text('name'),
    position: smallint('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.key] }),
    check('pipeline_stages_key_check', sql`${t.key} ~ '^[a-z][a-z0-9_]{0,31}$'`),
    check('pipeline_stages_name_check', sql`${t.name} IS NULL OR char_length(${t.name}) BETWEEN 1 AND 40`),
    check(
      'pipeline_stages_named_check',
      sql`${t.key} IN ('applied', 'screening', 'interview', 'offer', 'hired', 'rejected') OR ${t.name} IS NOT NULL`,
    ),
  ],
);

/**
 * Every key a company's own stage ever had (decision 286): a key is never given twice in a company, so a
 * removed stage's key never comes back as another stage's.
 */
export const pipelineStageKeys = pgTable(
  'pipeline_stage_keys',
  {
    companyId: company(),
    key: text('key').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

export const jobApplications = pgTable(
  'job_applications',
  {
    id: id(),
    openingId: bigint('opening_id', { mode: 'number' })
      .notNull()
      .references(() => jobOpenings.id, { onDelete: 'cascade' }),
    companyId: company(),
    userId: user(),
    /** One of the company's stages (decision 279): a built-in key or one the company added. */
    stage: text('stage').notNull().default('applied'),
    coverNote: text('cover_note'),
    documentFileId: bigint('document_file_id', { mode: 'number' }).references(() => files.id, { onDelete: 'set null' }),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('job_applications_opening_user_key').on(t.openingId, t.userId),
    index('job_applications_user_idx').on(t.userId, t.createdAt),
    index('job_applications_opening_stage_idx').on(t.openingId, t.stage),
    index('job_applications_company_stage_idx').on(t.companyId, t.stage),
    foreignKey({
      name: 'job_applications_company_stage_fk',
      columns: [t.companyId, t.stage],
      foreignColumns: [pipelineStages.companyId, pipelineStages.key],
    }),
  ],
);

/** The company's own notes on an application: never shown to the applicant. */
export const jobApplicationNotes = pgTable(
  'job_application_notes',
  {
    id: id(),
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_application_notes_application_idx').on(t.applicationId, t.id)],
);

/** A member's rating of an application, 1–5 (decision 271): one per member, company-only. */
export const jobApplicationRatings = pgTable(
  'job_application_ratings',
  {
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.userId] }),
    check('job_application_ratings_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** The conversation per application (decision 271): the company's side or the applicant's, oldest first. */
export const jobApplicationMessages = pgTable(
  'job_application_messages',
  {
    id: id(),
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    side: text('side', { enum: applicationMessageSides }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_application_messages_application_idx').on(t.applicationId, t.id),
    index('job_application_messages_author_idx').on(t.authorId, t.createdAt),
    check('job_application_messages_side_check', sql`${t.side} IN ('company', 'applicant')`),
  ],
);
