// The notifications list and its actions (SPEC §2 'Notifications'). The page's island reads $notifications
// and calls the actions; the realtime module (src/lib/realtime.ts) feeds new and read notifications in.
// The badge count lives in notification-badge.ts, which the shell reads.
import { atom } from 'nanostores';
import type { Notification } from '../../../contract/notifications.ts';
import { fetchNotifications, markAllNotificationsRead } from '../api/notifications-api.ts';
import { setUnreadNotifications } from './notification-badge.ts';

export interface NotificationsState {
  items: Notification[];
  nextCursor: string | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  loadingMore: boolean;
  markingRead: boolean;
}

const initial: NotificationsState = { items: [], nextCursor: null, status: 'idle', loadingMore: false, markingRead: false };
export const $notifications = atom<NotificationsState>(initial);

function update(change: Partial<NotificationsState>): void {
  $notifications.set({ ...$notifications.get(), ...change });
}

/** Loads the first page (again). */
export async function loadNotifications(): Promise<void> {
  update({ status: 'loading' });
  try {
    const page = await fetchNotifications(null);
    update({ items: page.items, nextCursor: page.next_cursor, status: 'ready' });
    setUnreadNotifications(page.unread_count);
  } catch (error) {
    update({ status: 'failed' });
    throw error;
  }
}

/**
 * Reads the first page again without emptying the list (a realtime connection back after a drop):
 * what arrived meanwhile goes on top, what changed meanwhile (read elsewhere) is updated in place.
 */
export async function catchUpNotifications(): Promise<void> {
  const page = await fetchNotifications(null);
  setUnreadNotifications(page.unread_count);
  const state = $notifications.get();
  if (state.status !== 'ready') return;
  const fresh = new Map(page.items.map((n) => [n.id, n]));
  const known = new Set(state.items.map((n) => n.id));
  update({
    items: [...page.items.filter((n) => !known.has(n.id)), ...state.items.map((n) => fresh.get(n.id) ?? n)],
  });
}

/** Appends the next (older) page. */
export async function loadMoreNotifications(): Promise<void> {
  const { nextCursor, loadingMore } = $notifications.get();
  if (!nextCursor || loadingMore) return;
  update({ loadingMore: true });
  try {
    const page = await fetchNotifications(nextCursor);
    const known = new Set($notifications.get().items.map((n) => n.id));
    update({ items: [...$notifications.get().items, ...page.items.filter((n) => !known.has(n.id))], nextCursor: page.next_cursor });
    setUnreadNotifications(page.unread_count);
  } finally {
    update({ loadingMore: false });
  }
}

/** 'Mark all as read': the other tabs follow through the `notification.read` event. */
export async function markAllRead(now: Date = new Date()): Promise<void> {
  update({ markingRead: true });
  try {
    const answer = await markAllNotificationsRead();
    applyRead(null, answer.unread_count, now);
  } finally {
    update({ markingRead: false });
  }
}

/**
 * A notification that has just arrived (realtime). One already listed was rewritten in place (a day's
 * achievement unlocks naming one more, decision 239): it changes where it stands.
 */
export function receiveNotification(notification: Notification, unreadCount: number): void {
  setUnreadNotifications(unreadCount);
  const state = $notifications.get();
  if (state.status !== 'ready') return;
  if (state.items.some((n) => n.id === notification.id)) {
    update({ items: state.items.map((n) => (n.id === notification.id ? notification : n)) });
    return;
  }
  update({ items: [notification, ...state.items] });
}

/** Notifications marked read here or elsewhere; `ids` null means all. */
export function applyRead(ids: readonly number[] | null, unreadCount: number, now: Date = new Date()): void {
  setUnreadNotifications(unreadCount);
  const wanted = ids === null ? null : new Set(ids);
  const readAt = now.toISOString();
  const items = $notifications
    .get()
    .items.map((n) => (n.read_at === null && (wanted === null || wanted.has(n.id)) ? { ...n, read_at: readAt } : n));
  update({ items });
}

/** Forgets everything (sign-out). */
export function resetNotifications(): void {
  $notifications.set(initial);
  setUnreadNotifications(null);
}
