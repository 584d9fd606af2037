// Achievements earned, activity entries, comments and their likes (achievements and activity issue).
// Kept beside schema.ts so feature tables do not crowd one file.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { achievementCodes } from '../../contract/achievements.ts';
import { activityKinds } from '../../contract/activities.ts';
import { users } from './schema.ts';
import { id, timestamps } from './columns.ts';

const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * One row per achievement a person has earned (decision 140). The unique key makes recording an
 * unlock idempotent; `unlocked_at` is the issued date, when the rule's threshold was crossed.
 */
export const achievementUnlocks = pgTable(
  'achievement_unlocks',
  {
    id: id(),
    userId: userRef('user_id'),
    code: text('code', { enum: achievementCodes }).notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('achievement_unlocks_user_code_key').on(t.userId, t.code)],
);

/**
 * How many achievements each person holds, kept beside the unlocks in the same transaction, so the
 * percentile counts people by an indexed number instead of grouping every unlock (decision 140).
 */
export const achievementTotals = pgTable(
  'achievement_totals',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    unlocked: integer('unlocked').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('achievement_totals_unlocked_idx').on(t.unlocked)],
);

/**
 * How many active people hold each number of unlocked achievements (decision 209): kept by the
 * triggers of migration 0022 as people sign up, verify, close their account or earn, so the
 * percentile reads a few rows at any size. Never written by the app.
 */
export const achievementDistribution = pgTable('achievement_distribution', {
  unlocked: integer('unlocked').primaryKey(),
  people: bigint('people', { mode: 'number' }).notNull().default(0),
});

/**
 * Activity entries (decision 141). `title` is what A-Z sorts on: the post's title, or the text the
 * entry shows (a position, a company, an achievement's English name); `title_uk` is the Ukrainian
 * form where the title is product text (an achievement), so a Ukrainian reader's A-Z follows it.
 * `occurred_at` is when it happened (the clock's time), the date presets filter on it.
 */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    userId: userRef('user_id'),
    kind: text('kind', { enum: activityKinds }).notNull(),
    title: text('title').notNull(),
    titleUk: text('title_uk'),
    text: text('text'),
    achievementCode: text('achievement_code', { enum: achievementCodes }),
    company: text('company'),
    position: text('position'),
    personId: bigint('person_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    // What caused it (an employment row, an employment event, a recommendation), so it is written once.
    sourceKey: text('source_key'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('activities_user_occurred_idx').on(t.userId, t.occurredAt, t.id),
    // A-Z and Z-A read titles in each language's alphabet (ICU collations made by migration 0014).
    index('activities_user_title_idx').on(t.userId, sql`lower(${t.title} collate "activity_title_en")`, t.id),
    index('activities_user_title_uk_idx').on(t.userId, sql`lower(coalesce(${t.titleUk}, ${t.title}) collate "activity_title_uk")`, t.id),
    uniqueIndex('activities_source_key').on(t.userId, t.kind, t.sourceKey),
  ],
);

/** Comments on an entry; a reply names its top-level comment (one level only). */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    // Deleting a comment deletes its replies with it.
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    ...timestamps,
  },
  (t) => [
    index('comments_activity_idx').on(t.activityId, t.id),
    index('comments_user_idx').on(t.userId),
    index('comments_parent_idx').on(t.parentId),
  ],
);

/**
 * One row per person who ever liked a comment: unliking clears `active` and keeps the row, so liking
 * again does not notify the comment's author a second time ('a like notifies once').
 */
export const commentLikes = pgTable(
  'comment_likes',
  {
    id: id(),
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('comment_likes_comment_user_key').on(t.commentId, t.userId)],
);
