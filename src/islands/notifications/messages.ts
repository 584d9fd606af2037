// The strings the notifications page passes its island (one language per page).
import { notificationKinds } from '../../../contract/notification-kinds.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { unlockSentenceKeys } from '../../lib/notification-text.ts';

export const notificationMessageKeys = [
  'title.notifications',
  'notifications.intro',
  'notifications.markAllRead',
  'notifications.empty',
  'notifications.unread',
  'notifications.someone',
  'notifications.loadMore',
  'notifications.loadFailed',
  'notifications.retry',
  'notifications.companyScope',
  'notifications.filter.title',
  'notifications.filter.all',
  'notifications.filter.unread',
  'notifications.filter.people',
  'notifications.filter.companies',
  'notifications.filter.achievements',
  'notifications.filter.none',
  'notifications.settings.title',
  'notifications.settings.text',
  'notifications.settings.link',
  ...notificationKinds.map((kind) => `notifications.kind.${kind}` as const),
  ...unlockSentenceKeys,
  'notifications.role.admin',
  'notifications.role.member',
] as const satisfies readonly MessageKey[];

export type NotificationMessages = Record<(typeof notificationMessageKeys)[number], string>;
