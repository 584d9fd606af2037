// The notifications list through the one path (decision 236): pages read and appended, and what
// arrives live while the first page is on its way read again rather than lost to an older answer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationList } from '../../../contract/notifications.ts';
import { fetchNotifications } from '../api/notifications-api.ts';
import { $unreadNotifications } from './notification-badge.ts';
import { $notifications, loadMoreNotifications, loadNotifications, receiveNotification } from './notifications.ts';
import { forgetServerData } from './query.ts';

vi.mock('../api/notifications-api.ts', () => ({ fetchNotifications: vi.fn(), markAllNotificationsRead: vi.fn() }));
const fetchPage = vi.mocked(fetchNotifications);

const notification = (id: number) => ({ id, kind: 'endorsement', read_at: null }) as Notification;
const page = (ids: number[], next: string | null): NotificationList => ({
  items: ids.map(notification),
  next_cursor: next,
  unread_count: ids.length,
});
const ids = () => $notifications.get().data?.items.map((n) => n.id);

afterEach(() => {
  fetchPage.mockReset();
  forgetServerData();
});

describe('the notifications list', () => {
  // First: a store stays mounted for a moment after its page stops showing it (nanostores).
  it('reads nothing for a notification arriving where no page shows the list', () => {
    receiveNotification(notification(5), 1);
    expect(fetchPage).not.toHaveBeenCalled();
    expect($unreadNotifications.get()).toBe(1);
  });

  it('reads the first page, with the badge, and appends the next by its cursor', async () => {
    fetchPage.mockResolvedValueOnce(page([3, 2], 'c1')).mockResolvedValueOnce(page([2, 1], null));
    const stop = $notifications.listen(() => undefined);
    await loadNotifications();
    expect(fetchPage).toHaveBeenLastCalledWith(null);
    expect($unreadNotifications.get()).toBe(2);
    await loadMoreNotifications();
    expect(fetchPage).toHaveBeenLastCalledWith('c1');
    expect(ids()).toEqual([3, 2, 1]);
    expect($notifications.get().data?.nextCursor).toBeNull();
    stop();
  });

  it('reads the first page again when a notification arrives while it is on its way', async () => {
    let answerFirst: (list: NotificationList) => void = () => undefined;
    fetchPage.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve))).mockResolvedValueOnce(page([4, 3], null));
    const stop = $notifications.listen(() => undefined);
    const loading = loadNotifications();
    await vi.waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    receiveNotification(notification(4), 2);
    answerFirst(page([3], null));
    await loading;
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(ids()).toEqual([4, 3]);
    stop();
  });

  it('puts a notification arriving live on top of the list shown, once', async () => {
    fetchPage.mockResolvedValueOnce(page([3], null));
    const stop = $notifications.listen(() => undefined);
    await loadNotifications();
    receiveNotification(notification(5), 2);
    receiveNotification(notification(5), 2);
    expect(ids()).toEqual([5, 3]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    stop();
  });
});
