// The one Drizzle schema; drizzle-kit turns it into the migration set both PGlite and PostgreSQL run.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
    status: text('status', { enum: ['active', 'closed'] }).notNull().default('active'),
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
    ...timestamps,
  },
  (t) => [uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash), index('auth_tokens_user_id_idx').on(t.userId)],
);

export const profiles = pgTable('profiles', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  countryId: integer('country_id').notNull().default(1),
  headline: text('headline'),
  about: text('about'),
  skills: jsonb('skills').$type<string[] | null>().default(sql`null`),
  birthDate: date('birth_date', { mode: 'string' }),
  title: text('title'),
  profileStatus: text('profile_status'),
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
  currentPosition: text('current_position'),
  openToWork: boolean('open_to_work').notNull().default(false),
  photoPath: text('photo_path'),
  coverPath: text('cover_path'),
  ...timestamps,
});
