// The notification type of each kind of notification (settings; decision 152):
// in the app only, also by email, or not at all. A kind the person never chose follows their email
// preference (`notification_preferences`, decision 080). The writer and the relay read the same rows.
import { eq, sql } from 'drizzle-orm';
import { defaultDelivery, defaultEmailNotificationMode, mayEmailKind, notificationKinds } from '../../contract/notifications.ts';
import type { NotificationTypeSetting, UpdateNotificationTypesRequest } from '../../contract/settings.ts';
import type { Db } from '../db/client.ts';
import { notificationKindSettings, notificationPreferences } from '../db/notification-schema.ts';

/** Every kind with the person's type for it, in the contract's order. */
export async function notificationTypesOf(db: Db, userId: number): Promise<NotificationTypeSetting[]> {
  const [preference] = await db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const mode = preference?.email ?? defaultEmailNotificationMode;
  const rows = await db
    .select({ kind: notificationKindSettings.kind, delivery: notificationKindSettings.delivery })
    .from(notificationKindSettings)
    .where(eq(notificationKindSettings.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row.delivery]));
  return notificationKinds.map((kind) => ({
    kind,
    delivery: chosen.get(kind) ?? defaultDelivery(mode, kind),
    email_allowed: mayEmailKind(kind),
  }));
}

/** Stores the given kinds' types (the others keep theirs) and answers every kind's. */
export async function setNotificationTypes(
  db: Db,
  userId: number,
  changes: UpdateNotificationTypesRequest,
  now: Date,
): Promise<NotificationTypeSetting[]> {
  const values = notificationKinds.flatMap((kind) => {
    const delivery = changes[kind];
    return delivery ? [{ userId, kind, delivery, updatedAt: now }] : [];
  });
  if (values.length) {
    await db
      .insert(notificationKindSettings)
      .values(values)
      .onConflictDoUpdate({
        target: [notificationKindSettings.userId, notificationKindSettings.kind],
        set: { delivery: sql`excluded.delivery`, updatedAt: now },
      });
  }
  return notificationTypesOf(db, userId);
}
