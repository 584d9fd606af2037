// Stored notifications and the email preference (realtime and notifications issue). Each row has one
// recipient: a company notification is written once per member, so read state, the unread count and
// the list stay one indexed query each (decision 080).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import {
  defaultEmailNotificationMode,
  emailNotificationModes,
  notificationDeliveries,
  notificationKinds,
  notificationScopes,
  subjectTypes,
} from '../../contract/notifications.ts';
import { companies, users } from './schema.ts';
import { timestamps } from './columns.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    scope: text('scope', { enum: notificationScopes }).notNull(),
    // The company it concerns: always for company notifications (each member gets a row), and for
    // personal ones about a company (an invitation received).
    companyId: bigint('company_id', { mode: 'number' }).references(() => companies.id, { onDelete: 'cascade' }),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    subjectType: text('subject_type', { enum: subjectTypes }),
    subjectId: bigint('subject_id', { mode: 'number' }),
    subjectName: text('subject_name'),
    subjectOwnerId: bigint('subject_owner_id', { mode: 'number' }),
    // How many things the subject's name lists: a day's achievement unlocks (decision 239); null otherwise.
    subjectCount: integer('subject_count'),
    readAt: timestamp('read_at', { withTimezone: true }),
    // The outbox: null until the relay has published it after commit (decision 080).
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishAttempts: integer('publish_attempts').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId, t.id),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_unpublished_idx')
      .on(t.id)
      .where(sql`${t.publishedAt} is null`),
    check('notifications_subject_check', sql`(${t.subjectType} is null) = (${t.subjectId} is null)`),
  ],
);

/** The person's notification settings; no row means the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email', { enum: emailNotificationModes }).notNull().default(defaultEmailNotificationMode),
  ...timestamps,
});

/**
 * The person's notification type per kind (settings): in the app only, also by
 * email, or not at all. No row for a kind means the default the email preference above gives it.
 */
export const notificationKindSettings = pgTable(
  'notification_kind_settings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    delivery: text('delivery', { enum: notificationDeliveries }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
