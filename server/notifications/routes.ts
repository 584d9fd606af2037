// The notifications list, the unread count, 'Mark all as read' and the email preference. Every route
// acts on the signed-in person's own notifications only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import {
  NotificationList,
  NotificationListQuery,
  NotificationPreferences,
  NotificationStatus,
  notificationApiPaths,
  UnreadCount,
} from '../../contract/notifications.ts';
import { channelNames } from '../../contract/realtime.ts';
import { requireSignIn, signedInUser } from '../shared/auth/guard.ts';
import type { AppDeps } from '../deps.ts';
import { emailModeOf, listNotifications, markAllRead, setEmailMode, unreadCountOf } from './service.ts';

const errors = { 401: ErrorResponse, 422: ErrorResponse };
const tags = ['notifications'];

export function notificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock, realtime } = deps;
    requireSignIn(app, deps.tokens);

    app.get(
      notificationApiPaths.list,
      { schema: { tags, querystring: NotificationListQuery, response: { 200: dataEnvelope(NotificationList), ...errors } } },
      async (request) => ({ data: await listNotifications(db, signedInUser(request), request.query) }),
    );
    app.get(
      notificationApiPaths.unreadCount,
      { schema: { tags, response: { 200: dataEnvelope(NotificationStatus), ...errors } } },
      async (request) => {
        const userId = signedInUser(request);
        return { data: { user_id: userId, unread_count: await unreadCountOf(db, userId) } };
      },
    );
    // Every other open tab and device clears its badge from the event.
    app.post(
      notificationApiPaths.markAllRead,
      { schema: { tags, response: { 200: dataEnvelope(UnreadCount), ...errors } } },
      async (request) => {
        const userId = signedInUser(request);
        const ids = await markAllRead(db, userId, clock.now());
        const unread = await unreadCountOf(db, userId);
        if (ids.length) await realtime.publish('notification.read', channelNames.user(userId), { ids, unread_count: unread });
        return { data: { unread_count: unread } };
      },
    );
    app.get(
      notificationApiPaths.preferences,
      { schema: { tags, response: { 200: dataEnvelope(NotificationPreferences), ...errors } } },
      async (request) => ({ data: { email: await emailModeOf(db, signedInUser(request)) } }),
    );
    app.put(
      notificationApiPaths.preferences,
      { schema: { tags, body: NotificationPreferences, response: { 200: dataEnvelope(NotificationPreferences), ...errors } } },
      async (request) => {
        const userId = signedInUser(request);
        await setEmailMode(db, userId, request.body.email, clock.now());
        return { data: { email: request.body.email } };
      },
    );
  };
}
