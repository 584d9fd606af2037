// The one way a feature stores a notification: `notify(tx, …)` inside the feature's own transaction.
// Framework-free and independent of every other feature; see README.md in this folder.
import { eq, ne, and, inArray, sql } from 'drizzle-orm';
import { companyRoles, roleMay, type CompanyAction } from '../../../contract/company-roles.ts';
import { NotificationKind, type NotificationSubject } from '../../../contract/notifications.ts';
import type { Queryable } from '../../db/client.ts';
import { notificationKindSettings, notifications } from '../../db/notification-schema.ts';
import { companyMembers } from '../../db/schema.ts';
import { membershipCounts } from '../companies/membership.ts';

/** The NOTIFY channel the outbox relay listens on: PostgreSQL delivers it only after commit. */
export const outboxChannel = 'notifications_outbox';

/**
 * Company kinds only some roles are told of, whatever the caller asks: another member joining or
 * leaving is news for the owner and admins, who manage the members and read the company's
 * notifications (`notifications.view`), not for every colleague (decision 239).
 */
export const companyKindAudience: Partial<Record<NotificationKind, CompanyAction>> = {
  member_joined: 'notifications.view',
  member_left: 'notifications.view',
  // An applicant's message: only those who may see applicants (decision 271).
  application_message_received: 'applications.view',
};

export interface NotifyInput {
  kind: NotificationKind;
  /**
   * Who receives it: one person (a personal notification), or every member of a company (a company
   * notification, one row each). `exceptUserId` leaves the actor out of a company's recipients; `on`
   * is the caller's clock, so someone whose leaving day has come is no longer one (decision 120).
   * `may` narrows the recipients to the roles allowed that action (a request only managers decide).
   */
  to: { userId: number } | { companyId: number; exceptUserId?: number; on: Date; may?: CompanyAction };
  /** Who caused it; their name is read when the notification is shown, so renames show through. */
  actorId?: number | null;
  /** What it is about, for the text and the link. */
  subject?: { type: NotificationSubject['type']; id: number; name?: string | null; ownerId?: number | null; count?: number | null } | null;
  /** The company a personal notification is about (an invitation received from it). */
  companyId?: number | null;
}

/**
 * Stores a notification in the caller's transaction and schedules its realtime publish (and email,
 * per the recipient's preference) for after commit. Returns the new rows' ids (none when a company
 * has no other members, or every recipient turned this kind off). A rolled-back transaction leaves neither the row nor a publish behind.
 */
export async function notify(tx: Queryable, input: NotifyInput): Promise<number[]> {
  const kind = NotificationKind.parse(input.kind);
  const subject = input.subject ?? null;
  const common = {
    kind,
    actorId: input.actorId ?? null,
    subjectType: subject?.type ?? null,
    subjectId: subject?.id ?? null,
    subjectName: subject?.name ?? null,
    subjectOwnerId: subject?.ownerId ?? null,
    subjectCount: subject?.count ?? null,
  };
  let recipients: { userId: number; companyId: number | null; scope: 'personal' | 'company' }[];
  if ('userId' in input.to) {
    recipients = [{ userId: input.to.userId, companyId: input.companyId ?? null, scope: 'personal' }];
  } else {
    const { companyId, exceptUserId, on } = input.to;
    const may = input.to.may ?? companyKindAudience[kind];
    const members = await tx
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(
        and(
          eq(companyMembers.companyId, companyId),
          exceptUserId === undefined ? undefined : ne(companyMembers.userId, exceptUserId),
          may === undefined
            ? undefined
            : inArray(
                companyMembers.role,
                companyRoles.filter((role) => roleMay(role, may)),
              ),
          membershipCounts(on),
        ),
      );
    recipients = members.map((m) => ({ userId: m.userId, companyId, scope: 'company' as const }));
  }
  if (!recipients.length) return [];
  // Whoever turned this kind off (settings, 'notification type') gets no row, so no badge, list
  // entry, realtime event or email either.
  const turnedOff = await tx
    .select({ userId: notificationKindSettings.userId })
    .from(notificationKindSettings)
    .where(
      and(
        eq(notificationKindSettings.kind, kind),
        eq(notificationKindSettings.delivery, 'none'),
        inArray(
          notificationKindSettings.userId,
          recipients.map((r) => r.userId),
        ),
      ),
    );
  if (turnedOff.length) {
    const off = new Set(turnedOff.map((row) => row.userId));
    recipients = recipients.filter((r) => !off.has(r.userId));
    if (!recipients.length) return [];
  }
  const rows = await tx
    .insert(notifications)
    .values(recipients.map((r) => ({ ...common, ...r })))
    .returning({ id: notifications.id });
  await tx.execute(sql`select pg_notify(${outboxChannel}, '')`);
  return rows.map((row) => row.id);
}

/**
 * Rewrites one of the person's stored notifications in place (a day's unlocks naming one more,
 * decision 239): its subject's name and count change, it is unread again, and the relay publishes it
 * again so open pages show the new text. No second email: the relay mails a notification on its first
 * publish only. Nothing changes when the person has since turned the kind off; answers whether it did.
 */
export async function renotify(
  tx: Queryable,
  target: { id: number; userId: number; kind: NotificationKind },
  subject: { name: string; count: number },
): Promise<boolean> {
  const [off] = await tx
    .select({ userId: notificationKindSettings.userId })
    .from(notificationKindSettings)
    .where(
      and(
        eq(notificationKindSettings.userId, target.userId),
        eq(notificationKindSettings.kind, target.kind),
        eq(notificationKindSettings.delivery, 'none'),
      ),
    )
    .limit(1);
  if (off) return false;
  const rows = await tx
    .update(notifications)
    // The database's clock, as a new row's: the relay reads a row unchanged for ten minutes as stale.
    .set({ subjectName: subject.name, subjectCount: subject.count, readAt: null, publishedAt: null, updatedAt: sql`now()` })
    .where(and(eq(notifications.id, target.id), eq(notifications.userId, target.userId)))
    .returning({ id: notifications.id });
  if (!rows.length) return false;
  await tx.execute(sql`select pg_notify(${outboxChannel}, '')`);
  return true;
}
