// The one Drizzle schema; drizzle-kit turns it into the migration set both PGlite and PostgreSQL run.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountKinds, codeChannels, companyVerificationStatuses } from '../../contract/auth.ts';
import { companyRoles } from '../../contract/company-roles.ts';
import { profileStatuses } from '../../contract/profile-status.ts';
import type { Audience, ContactVisibilityField } from '../../contract/profile-visibility.ts';
import { timestamps } from './columns.ts';
import { nameWordSeparatorsSql } from './name-words.ts';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // Stored lower-cased so the unique index is case-insensitive without citext (PGlite lacks it by default).
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    locale: text('locale').notNull().default('en_GB'),
    status: text('status', { enum: ['active', 'closed'] })
      .notNull()
      .default('active'),
    // The form the person signed up with; which sign-up pages (personal or company) the flow continues on.
    signupKind: text('signup_kind', { enum: accountKinds }).notNull().default('personal'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_phone_key').on(t.phone)],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the bearer token: a leaked table grants no sessions.
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    // The browser's User-Agent at sign-in, so the settings' session list can name the device.
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash), index('auth_tokens_user_id_idx').on(t.userId)],
);

export const profiles = pgTable(
  'profiles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    countryId: integer('country_id').notNull().default(1),
    headline: text('headline'),
    about: text('about'),
    birthDate: date('birth_date', { mode: 'string' }),
    title: text('title'),
    // What the person is open to (decision 170); null shows none. Replaces the open_to_work flag.
    profileStatus: text('profile_status', { enum: profileStatuses }),
    description: text('description'),
    location: text('location'),
    timeZone: text('time_zone'),
    address: text('address'),
    address2: text('address_2'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    citizenshipCountryId: integer('citizenship_country_id'),
    website: text('website'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    // Who may see each contact field (settings, decision 153); null until the person chooses.
    contactVisibility: jsonb('contact_visibility').$type<Partial<Record<ContactVisibilityField, Audience>> | null>(),
    currentPosition: text('current_position'),
    photoPath: text('photo_path'),
    coverPath: text('cover_path'),
    ...timestamps,
  },
  // What search matches lives in search_people (migration 0025), kept from this table by triggers.
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One row per active person with what search matches and filters by (decisions 185, 219 and
 * 273): the name, the headline and position as full text, the skills, the city only where the person
 * shows it, and the keyword filters as tags (`lang:en:B2` for every level up to theirs, `verified`,
 * `status:open_to_work`, `skill:react`, `comp:accessibility:5` for every score up to their best) in
 * one GIN index, so a filter is a look at the row in hand or an intersection of index entries, never a
 * probe of five tables per candidate. Kept by triggers on profiles, users, skills, profile_languages,
 * company_employments and the review rounds, in the change's own transaction; a closed account has no row.
 */
export const searchPeople = pgTable(
  'search_people',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    text: tsvector('text').notNull(),
    skills: text('skills').notNull(),
    tags: text('tags').array().notNull(),
    location: text('location'),
    city: text('city'),
    // The name's words, split where pg_trgm splits words (the separators of `nameWordSeparators`).
    nameWords: text('name_words')
      .array()
      .notNull()
      .generatedAlwaysAs(sql.raw(`array_remove(regexp_split_to_array(name, '${nameWordSeparatorsSql}'), '')`)),
  },
  (t) => [
    // GIN finds every name a word is like (search's ranked pages); the suggestions read the words
    // (decision 220): the lexicon below, then who has each word, search_name_people (decision 224).
    index('search_people_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('search_people_text_idx').using('gin', t.text),
    index('search_people_skills_trgm_idx').using('gin', sql`${t.skills} gin_trgm_ops`),
    index('search_people_tags_idx').using('gin', t.tags),
    index('search_people_location_trgm_idx').using('gin', sql`${t.location} gin_trgm_ops`),
    index('search_people_city_trgm_idx').using('gin', sql`${t.city} gin_trgm_ops`),
  ],
);

/**
 * Every word of a searchable name, once (decision 220): the suggestions find the words a typed word is
 * like here, among thousands of words, not among a million names. Kept by search_people_refresh;
 * a word nobody has any more stays (it costs one empty read of search_name_people).
 */
export const searchNameWords = pgTable('search_name_words', { word: text('word').primaryKey() }, (t) => [
  index('search_name_words_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`),
]);

/**
 * Every skill's name and every competency's name, once (migration 0042, decision 273): search turns a
 * typed skill or competency into the tags of search_people here, among a few thousand names, with the
 * same rules (a part of the name, a typo in a word long enough). Kept by the refreshes; a name nobody
 * has any more stays (it stands for a tag nobody has).
 */
export const searchSkillNames = pgTable('search_skill_names', { name: text('name').primaryKey() }, (t) => [
  index('search_skill_names_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
]);
export const searchCompetencyNames = pgTable('search_competency_names', { name: text('name').primaryKey() }, (t) => [
  index('search_competency_names_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
]);

/** Who has each name word, in id order: a suggestion for one word reads the first eight of its word. */
export const searchNamePeople = pgTable(
  'search_name_people',
  {
    word: text('word').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.word, t.userId] }), index('search_name_people_user_idx').on(t.userId)],
);

export const companies = pgTable(
  'companies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    industry: text('industry').notNull(),
    // 'verified' once the owner who signed it up has verified their email and phone (decision 021).
    verificationStatus: text('verification_status', { enum: companyVerificationStatuses }).notNull().default('pending'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    // Brand page. `industry` is the sign-up's free text; `industry_id` keys the select list
    // in contract/industries.ts once the company picks one there.
    industryId: integer('industry_id'),
    about: text('about'),
    website: text('website'),
    location: text('location'),
    size: text('size'),
    logoPath: text('logo_path'),
    coverPath: text('cover_path'),
    // Owners and admins need two-step sign-in on to enter the workspace (decision 203).
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('companies_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`)],
);

/**
 * A company's public brand page (decision 211): the address it chose
 * (`/company/{address}`), whether the page is on (off until the company turns it on) and noindex. Like
 * the people's (public-profile-schema.ts), addresses are stored lower-cased with a unique index on
 * lower(address); the two are separate namespaces, so `/in/acme` and `/company/acme` may both exist.
 */
export const companyPublicPages = pgTable(
  'company_public_pages',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    noindex: boolean('noindex').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('company_public_pages_address_key').on(sql`lower(${t.address})`)],
);

/** An address a company gave up: it answers 301 to the current one until `expires_at`, then anyone may take it. */
export const companyPublicPageRedirects = pgTable(
  'company_public_page_redirects',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    address: text('address').notNull(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('company_public_page_redirects_address_key').on(sql`lower(${t.address})`),
    index('company_public_page_redirects_company_idx').on(t.companyId),
  ],
);

export const companyMembers = pgTable(
  'company_members',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: companyRoles }).notNull(),
    position: text('position'),
    // The first day the membership no longer counts, once the person chose to leave (decision 120).
    leavesOn: date('leaves_on', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('company_members_company_user_key').on(t.companyId, t.userId),
    // Exactly one owner per company: a second one cannot be written, even by a race.
    uniqueIndex('company_members_one_owner_key')
      .on(t.companyId)
      .where(sql`role = 'owner'`),
    index('company_members_user_id_idx').on(t.userId),
  ],
);

/** One-time codes: sign-up verification of email and phone, and password reset. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Purpose and channel travel with the code, so an email code never passes the phone step.
    purpose: text('purpose', { enum: ['email_verification', 'phone_verification', 'password_reset', 'work_email'] }).notNull(),
    channel: text('channel', { enum: codeChannels }).notNull(),
    // The address the code went to: a code sent before an email change does not verify the new address.
    destination: text('destination').notNull(),
    // HMAC-SHA256 of the code under a per-code salt: a read of the table shows no live codes.
    codeHash: text('code_hash').notNull(),
    codeSalt: text('code_salt').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    // Set from the app's clock (not the database's), so tests can move time.
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose, t.sentAt)],
);

/**
 * The person's further email addresses and phone numbers (settings; decision 154).
 * The primary ones, used to sign in, stay on `users`; these are added, verified by a code, and can
 * become primary. A verified address belongs to one account only (the partial unique index).
 */
export const accountAddresses = pgTable(
  'account_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: codeChannels }).notNull(),
    // An email lower-cased, a phone as + and digits: the forms users' columns keep.
    value: text('value').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('account_addresses_user_value_key').on(t.userId, t.channel, t.value),
    uniqueIndex('account_addresses_verified_value_key')
      .on(t.channel, t.value)
      .where(sql`verified_at is not null`),
  ],
);
