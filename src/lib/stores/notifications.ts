// The notifications list and its actions (SPEC §2 'Notifications'): a fetcher store of the one path
// (decision 236) under `me/notifications`, holding the pages read so far. The page's island reads
// $notifications and calls the actions; the realtime module (src/lib/app/realtime.ts) puts new and read
// notifications in the list the page shows (the list not read, nothing is read for them). The badge
// count lives in notification-badge.ts, which the shell reads.
import { atom } from 'nanostores';
import type { Notification } from '../../../contract/notifications.ts';
import { fetchNotifications, markAllNotificationsRead } from '../api/notifications-api.ts';
import { setUnreadNotifications } from './notification-badge.ts';
import { change, readAgain, refresh, serverData } from './query.ts';

/** The pages read so far, newest first, and the cursor of the next (older) one. */
export interface NotificationPages {
  items: Notification[];
  nextCursor: string | null;
}

const notificationsKey = 'me/notifications';

/** The list: `data` once its first page is read. */
export const $notifications = serverData<NotificationPages>(notificationsKey, async () => {
  const page = await fetchNotifications(null);
  setUnreadNotifications(page.unread_count);
  return { items: page.items, nextCursor: page.next_cursor };
});

/** The page's own actions under way: the next page, 'Mark all as read'. */
export const $notificationActions = atom({ loadingMore: false, markingRead: false });

function doing(change: Partial<ReturnType<typeof $notificationActions.get>>): void {
  $notificationActions.set({ ...$notificationActions.get(), ...change });
}

/** Reads the first page (again): the page opening, or its 'Try again'. */
export async function loadNotifications(): Promise<void> {
  await readAgain($notifications);
}

/**
 * Changes the list as `how` says. Not read yet (its first page on its way), the page is read again
 * instead, so a notification arriving meanwhile is not lost to an answer from before it; a list no page
 * shows is read only when one does.
 */
function edit(how: (pages: NotificationPages) => NotificationPages): void {
  // Not $notifications.get(): on a page that does not show the list, that would read it.
  if (!change<NotificationPages>(notificationsKey, how)) refresh(notificationsKey).catch(() => undefined);
}

/**
 * Reads the first page again without emptying the list (a realtime connection back after a drop):
 * what arrived meanwhile goes on top, what changed meanwhile (read elsewhere) is updated in place, and
 * the older pages read stay.
 */
export async function catchUpNotifications(): Promise<void> {
  const page = await fetchNotifications(null);
  setUnreadNotifications(page.unread_count);
  const fresh = new Map(page.items.map((n) => [n.id, n]));
  edit((pages) => {
    const known = new Set(pages.items.map((n) => n.id));
    return { ...pages, items: [...page.items.filter((n) => !known.has(n.id)), ...pages.items.map((n) => fresh.get(n.id) ?? n)] };
  });
}

/** Appends the next (older) page. */
export async function loadMoreNotifications(): Promise<void> {
  const cursor = $notifications.get().data?.nextCursor;
  if (!cursor || $notificationActions.get().loadingMore) return;
  doing({ loadingMore: true });
  try {
    const page = await fetchNotifications(cursor);
    // Appended only to the pages it follows (the list read again meanwhile starts over).
    edit((pages) => {
      if (pages.nextCursor !== cursor) return pages;
      const known = new Set(pages.items.map((n) => n.id));
      return { items: [...pages.items, ...page.items.filter((n) => !known.has(n.id))], nextCursor: page.next_cursor };
    });
    setUnreadNotifications(page.unread_count);
  } finally {
    doing({ loadingMore: false });
  }
}

/** 'Mark all as read': the other tabs follow through the `notification.read` event. */
export async function markAllRead(now: Date = new Date()): Promise<void> {
  doing({ markingRead: true });
  try {
    const answer = await markAllNotificationsRead();
    applyRead(null, answer.unread_count, now);
  } finally {
    doing({ markingRead: false });
  }
}

/**
 * A notification that has just arrived (realtime). One already listed was rewritten in place (a day's
 * achievement unlocks naming one more, decision 239): it changes where it stands.
 */
export function receiveNotification(notification: Notification, unreadCount: number): void {
  setUnreadNotifications(unreadCount);
  edit((pages) => ({
    ...pages,
    items: pages.items.some((n) => n.id === notification.id)
      ? pages.items.map((n) => (n.id === notification.id ? notification : n))
      : [notification, ...pages.items],
  }));
}

/** Notifications marked read here or elsewhere; `ids` null means all. */
export function applyRead(ids: readonly number[] | null, unreadCount: number, now: Date = new Date()): void {
  setUnreadNotifications(unreadCount);
  const wanted = ids === null ? null : new Set(ids);
  const readAt = now.toISOString();
  edit((pages) => ({
    ...pages,
    items: pages.items.map((n) => (n.read_at === null && (wanted === null || wanted.has(n.id)) ? { ...n, read_at: readAt } : n)),
  }));
}

/** Forgets the count (sign-out); the list goes with every answer read for the person (query.ts). */
export function resetNotifications(): void {
  setUnreadNotifications(null);
}
