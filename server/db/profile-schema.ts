// Tables of the personal profile's sections, endorsements, recommendations and uploaded files
// (profile issue). Kept beside schema.ts so feature tables do not crowd one file.
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recommendationStatuses, uploadKindList, type SectionName } from '../../contract/profile-sections.ts';
import { users } from './schema.ts';
import { id, timestamps } from './columns.ts';

const owner = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const files = pgTable(
  'files',
  {
    id: id(),
    userId: owner(),
    kind: text('kind', { enum: uploadKindList }).notNull(),
    // Generated name on disk and in the URL; the original name is only ever shown, never used as a path.
    storageName: text('storage_name').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('files_storage_name_key').on(t.storageName), index('files_user_id_idx').on(t.userId)],
);

export const employments = pgTable(
  'employments',
  {
    id: id(),
    userId: owner(),
    position: text('position').notNull(),
    companyName: text('company_name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    isCurrent: boolean('is_current').notNull().default(false),
    // The owner's own words about the job and the skills it used (SPEC §6: only the owner edits them).
    experienceDescription: text('experience_description'),
    technicalSkills: jsonb('technical_skills')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [
    index('employments_user_id_idx').on(t.userId),
    // Search's current-company filter: self-declared current jobs by a part of the company's name.
    index('employments_current_company_trgm_idx')
      .using('gin', sql`lower(${t.companyName}) gin_trgm_ops`)
      .where(sql`${t.isCurrent}`),
  ],
);

export const skills = pgTable(
  'skills',
  {
    id: id(),
    userId: owner(),
    name: text('name').notNull(),
    ...timestamps,
  },
  // Search matches skills by trigram: typos and parts of words.
  (t) => [index('skills_user_id_idx').on(t.userId), index('skills_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`)],
);

export const skillEndorsements = pgTable(
  'skill_endorsements',
  {
    id: id(),
    skillId: bigint('skill_id', { mode: 'number' })
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    endorserId: bigint('endorser_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  // One endorsement per person per skill (profile issue).
  (t) => [uniqueIndex('skill_endorsements_skill_endorser_key').on(t.skillId, t.endorserId)],
);

export const profileLanguages = pgTable(
  'profile_languages',
  {
    id: id(),
    userId: owner(),
    code: text('code').notNull(),
    proficiency: text('proficiency').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('profile_languages_user_code_key').on(t.userId, t.code)],
);

export const educations = pgTable(
  'educations',
  {
    id: id(),
    userId: owner(),
    school: text('school').notNull(),
    degree: text('degree'),
    areaOfStudy: text('area_of_study'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [index('educations_user_id_idx').on(t.userId)],
);

export const certifications = pgTable(
  'certifications',
  {
    id: id(),
    userId: owner(),
    name: text('name').notNull(),
    provider: text('provider').notNull(),
    credentialId: text('credential_id'),
    credentialUrl: text('credential_url'),
    issueDate: date('issue_date', { mode: 'string' }),
    expirationDate: date('expiration_date', { mode: 'string' }),
    mediaFileId: bigint('media_file_id', { mode: 'number' }).references(() => files.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('certifications_user_id_idx').on(t.userId)],
);

export const projects = pgTable(
  'projects',
  {
    id: id(),
    userId: owner(),
    title: text('title').notNull(),
    description: text('description'),
    url: text('url'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    mediaFileId: bigint('media_file_id', { mode: 'number' }).references(() => files.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('projects_user_id_idx').on(t.userId)],
);

export const recommendations = pgTable(
  'recommendations',
  {
    id: id(),
    // The person recommended; the author wrote it. Public only once the person accepts it.
    userId: owner(),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: text('status', { enum: recommendationStatuses }).notNull().default('pending'),
    ...timestamps,
  },
  (t) => [uniqueIndex('recommendations_user_author_key').on(t.userId, t.authorId)],
);

/** Each profile section's table, by the contract's section name. */
export const sectionTables = {
  employments,
  skills,
  languages: profileLanguages,
  educations,
  certifications,
  projects,
} as const satisfies Record<SectionName, unknown>;
