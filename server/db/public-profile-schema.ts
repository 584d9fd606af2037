// Opt-in public profiles (decision 208): the address a person chose (`/in/{address}`),
// whether the page is on, what it shows, and the old addresses that still redirect for 30 days.
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PublicProfileSections } from '../../contract/public-profile.ts';
import { id, timestamps } from './columns.ts';
import { user } from './owner-columns.ts';

/**
 * One row per person who chose an address. Addresses are stored lower-cased (the contract allows
 * lowercase only), so the unique index is case-insensitive without citext. Off by default.
 */
export const publicProfiles = pgTable(
  'public_profiles',
  {
    userId: user().primaryKey(),
    address: text('address').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    noindex: boolean('noindex').notNull().default(false),
    // The sections the page shows; a section missing from the object is shown.
    sections: jsonb('sections').$type<Partial<PublicProfileSections>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('public_profiles_address_key').on(sql`lower(${t.address})`)],
);

/** An address a person gave up: it answers 301 to their current one until `expires_at`, then is free. */
export const publicProfileRedirects = pgTable(
  'public_profile_redirects',
  {
    id: id(),
    address: text('address').notNull(),
    userId: user(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('public_profile_redirects_address_key').on(sql`lower(${t.address})`),
    index('public_profile_redirects_user_idx').on(t.userId),
  ],
);
