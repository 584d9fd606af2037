// Notification calls (realtime and notifications issue): the list page by page, the badge status,
// 'Mark all as read'. Typed by contract/notifications.ts.
import { dataEnvelope } from '../../../contract/envelope.ts';
import { NotificationList, NotificationStatus, notificationApiPaths, UnreadCount } from '../../../contract/notifications.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

/** One page, newest first; `cursor` is the previous page's `next_cursor`. */
export async function fetchNotifications(cursor: string | null, api: ApiClient = defaultApi): Promise<NotificationList> {
  return (await api.get(notificationApiPaths.list, { query: { cursor }, schema: dataEnvelope(NotificationList) })).data;
}

/** The signed-in person's id (their channel) and unread count. */
export async function fetchNotificationStatus(api: ApiClient = defaultApi): Promise<NotificationStatus> {
  return (await api.get(notificationApiPaths.unreadCount, { schema: dataEnvelope(NotificationStatus) })).data;
}

export async function markAllNotificationsRead(api: ApiClient = defaultApi): Promise<UnreadCount> {
  return (await api.post(notificationApiPaths.markAllRead, { schema: dataEnvelope(UnreadCount) })).data;
}
