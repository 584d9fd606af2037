// Reading notifications and marking them read; the email preference. Framework-free: routes and the
// outbox relay call these with a database handle.
import { aliasedTable, and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  defaultEmailNotificationMode,
  type EmailNotificationMode,
  type Notification,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationList,
} from '../../contract/notifications.ts';
import type { Db } from '../db/client.ts';
import { notificationKindSettings, notificationPreferences, notifications } from '../db/notification-schema.ts';
import { companies, profiles, users } from '../db/schema.ts';

const actorUsers = aliasedTable(users, 'actor_users');

const selection = {
  n: notifications,
  actorFirstName: profiles.firstName,
  actorLastName: profiles.lastName,
  actorActive: actorUsers.id,
  companyName: companies.name,
};

// Actors of closed accounts show as nobody (SPEC §4: closing an account removes the person).
function withDetails(db: Db) {
  return db
    .select(selection)
    .from(notifications)
    .leftJoin(actorUsers, and(eq(actorUsers.id, notifications.actorId), eq(actorUsers.status, 'active')))
    .leftJoin(profiles, eq(profiles.userId, actorUsers.id))
    .leftJoin(companies, eq(companies.id, notifications.companyId));
}

type Row = Awaited<ReturnType<ReturnType<typeof withDetails>['execute']>>[number];

function notificationOf(row: Row): Notification {
  const n = row.n;
  return {
    id: n.id,
    kind: n.kind,
    scope: n.scope,
    company: n.companyId !== null && row.companyName !== null ? { id: n.companyId, name: row.companyName } : null,
    actor:
      n.actorId !== null && row.actorActive !== null && row.actorFirstName !== null
        ? { user_id: n.actorId, first_name: row.actorFirstName, last_name: row.actorLastName ?? '' }
        : null,
    subject:
      n.subjectType !== null && n.subjectId !== null
        ? {
            type: n.subjectType,
            id: n.subjectId,
            name: n.subjectName,
            owner_id: n.subjectOwnerId,
            ...(n.subjectCount === null ? {} : { count: n.subjectCount }),
          }
        : null,
    read_at: n.readAt?.toISOString() ?? null,
    created_at: n.createdAt.toISOString(),
  };
}

/** The person's unread notifications count. */
export async function unreadCountOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

/** Unread counts of several people at once (the relay publishes each recipient's new count). */
export async function unreadCountsOf(db: Db, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, value: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((row) => [row.userId, row.value]));
}

/** One page of the person's notifications, newest first; `cursor` is the last id of the page before. */
export async function listNotifications(
  db: Db,
  userId: number,
  page: { cursor?: string | undefined; limit: number },
): Promise<NotificationList> {
  const before = page.cursor === undefined ? undefined : Number(page.cursor);
  const rows = await withDetails(db)
    .where(and(eq(notifications.userId, userId), before === undefined ? undefined : lt(notifications.id, before)))
    .orderBy(desc(notifications.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit).map(notificationOf);
  const last = items.at(-1);
  return {
    items,
    next_cursor: rows.length > page.limit && last ? String(last.id) : null,
    unread_count: await unreadCountOf(db, userId),
  };
}

/** Notifications by id with their recipients (the relay's read after claiming them). */
export async function notificationsByIds(db: Db, ids: number[]): Promise<{ userId: number; notification: Notification }[]> {
  if (!ids.length) return [];
  const rows = await withDetails(db).where(inArray(notifications.id, ids)).orderBy(notifications.id);
  return rows.map((row) => ({ userId: row.n.userId, notification: notificationOf(row) }));
}

/** Marks every unread notification of the person read; returns the ids it marked. */
export async function markAllRead(db: Db, userId: number, now: Date): Promise<number[]> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now, updatedAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  // In id order: UPDATE … RETURNING follows the rows' physical order, which no one should rely on.
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** The person's email preference (the default when they never chose). */
export async function emailModeOf(db: Db, userId: number): Promise<EmailNotificationMode> {
  const [row] = await db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return row?.email ?? defaultEmailNotificationMode;
}

/** Stores the person's email preference. */
export async function setEmailMode(db: Db, userId: number, mode: EmailNotificationMode, now: Date): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, email: mode })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { email: mode, updatedAt: now } });
}

/** Email address, language, preference and own choices per kind of each recipient, for the relay's email step. */
export async function emailRecipients(
  db: Db,
  userIds: number[],
): Promise<
  Map<number, { email: string; locale: string; mode: EmailNotificationMode; kinds: Map<NotificationKind, NotificationDelivery> }>
> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, locale: users.locale, mode: notificationPreferences.email })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(inArray(users.id, userIds), eq(users.status, 'active'), sql`${users.emailVerifiedAt} is not null`));
  const chosen = await db
    .select({ userId: notificationKindSettings.userId, kind: notificationKindSettings.kind, delivery: notificationKindSettings.delivery })
    .from(notificationKindSettings)
    .where(inArray(notificationKindSettings.userId, userIds));
  const kindsOf = (userId: number) => new Map(chosen.filter((c) => c.userId === userId).map((c) => [c.kind, c.delivery]));
  return new Map(
    rows.map((r) => [r.id, { email: r.email, locale: r.locale, mode: r.mode ?? defaultEmailNotificationMode, kinds: kindsOf(r.id) }]),
  );
}
