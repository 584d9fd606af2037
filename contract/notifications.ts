// Notifications (SPEC §2 'Notifications', §3 'Notification, personal or company type'): what the API
// answers for the list, the unread count and 'Mark all as read', and the stored email preference.
// Imports only zod; paths live beside it so the site and the server never spell one differently.
import { z } from 'zod';
import { notificationKinds } from './notification-kinds.ts';

export { notificationKinds } from './notification-kinds.ts';
export const NotificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** Personal notifications concern the person; company ones concern a company they belong to. */
export const notificationScopes = ['personal', 'company'] as const;
export const NotificationScope = z.enum(notificationScopes);
export type NotificationScope = z.infer<typeof NotificationScope>;

/** What a notification is about, so the list can link to it. */
export const subjectTypes = [
  'profile',
  'skill',
  'recommendation',
  'invitation',
  'join_request',
  'company',
  'employment',
  'review',
  'achievement',
  'comment',
  'post',
  'application',
] as const;
export const NotificationSubject = z.object({
  type: z.enum(subjectTypes),
  id: z.number().int().positive(),
  /** A short name shown in the text (a skill's name, an achievement's title); never HTML. */
  name: z.string().max(200).nullable(),
  /** Whose page the subject sits on, when that is not the recipient's own (a comment on a post). */
  owner_id: z.number().int().positive().nullable(),
  /**
   * How many things `name` lists, when it is a count's list: a day's achievement unlocks, one
   * notification updated in place as more unlock (decision 239). Absent otherwise.
   */
  count: z.number().int().positive().optional(),
});
export type NotificationSubject = z.infer<typeof NotificationSubject>;

const Person = z.object({
  user_id: z.number().int().positive(),
  first_name: z.string(),
  last_name: z.string(),
});

/** One notification as the list, the badge and the realtime event carry it. */
export const Notification = z.object({
  id: z.number().int().positive(),
  kind: NotificationKind,
  scope: NotificationScope,
  /** The company a company notification concerns; null for personal ones. */
  company: z.object({ id: z.number().int().positive(), name: z.string() }).nullable(),
  /** Who caused it; null when nobody did (an achievement) or their account is closed. */
  actor: Person.nullable(),
  subject: NotificationSubject.nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

/** `GET /api/notifications?cursor=&limit=`: newest first. */
export const NotificationListQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const NotificationList = z.object({
  items: z.array(Notification),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
  unread_count: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const UnreadCount = z.object({ unread_count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** `GET /api/notifications/unread-count`: the badge, and whose channel (`private-user.{id}`) to join. */
export const NotificationStatus = z.object({ user_id: z.number().int().positive(), unread_count: z.number().int().min(0) });
export type NotificationStatus = z.infer<typeof NotificationStatus>;

/**
 * Which notifications also arrive by email (the settings issue's 'notification type'):
 * every kind, only the important ones, or none.
 */
export const emailNotificationModes = ['all', 'important', 'none'] as const;
export const EmailNotificationMode = z.enum(emailNotificationModes);
export type EmailNotificationMode = z.infer<typeof EmailNotificationMode>;
export const defaultEmailNotificationMode: EmailNotificationMode = 'important';

/** Kinds that ask the person to act or change their standing; sent by email in 'important' mode. */
export const importantNotificationKinds: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'join_request',
  'join_request_accepted',
  'join_request_declined',
  'confirmation_requested',
  'confirmation_declined',
  'confirmation_accepted',
  'hired',
  'employment_changed',
  'left_company',
  'role_changed',
  'recommendation_received',
  'domain_lapsed',
  'domain_taken_over',
  'application_rejected',
  'application_offer',
  'application_message',
  'two_step_rule_on',
]);

/**
 * Kinds whose feature sends its own mail (an invitation's mail carries the link that answers it):
 * the notification is never mailed as well, so one invitation makes exactly one mail.
 */
export const selfMailedNotificationKinds: ReadonlySet<NotificationKind> = new Set<NotificationKind>(['invitation_received']);

/** Whether a notification of `kind` goes out by email under `mode`. */
export function isEmailedKind(mode: EmailNotificationMode, kind: NotificationKind): boolean {
  if (selfMailedNotificationKinds.has(kind)) return false;
  if (mode === 'all') return true;
  if (mode === 'none') return false;
  return importantNotificationKinds.has(kind);
}

/**
 * How one kind of notification reaches the person (the settings' 'notification type'): in the app
 * only, in the app and by email, or not at all (no notification is stored).
 */
export const notificationDeliveries = ['app', 'email', 'none'] as const;
export const NotificationDelivery = z.enum(notificationDeliveries);
export type NotificationDelivery = z.infer<typeof NotificationDelivery>;

/** Whether `kind` may be chosen 'email' (a self-mailed kind's mail is the feature's own). */
export function mayEmailKind(kind: NotificationKind): boolean {
  return !selfMailedNotificationKinds.has(kind);
}

/**
 * Kinds that stay in the app unless the person chooses email for them, whatever their email
 * preference: news that asks nothing of them and can come several at once, so a mailbox is not flooded.
 */
export const quietNotificationKinds: ReadonlySet<NotificationKind> = new Set<NotificationKind>(['achievement_unlocked']);

/** Whether a notification of `kind` shows a toast when it arrives live: a quiet kind never does (decision 239). */
export function toastsOnArrival(kind: NotificationKind): boolean {
  return !quietNotificationKinds.has(kind);
}

/** The delivery of `kind` for a person who never chose one: what their email preference gives it; a quiet kind is in the app. */
export function defaultDelivery(mode: EmailNotificationMode, kind: NotificationKind): NotificationDelivery {
  if (quietNotificationKinds.has(kind)) return 'app';
  return isEmailedKind(mode, kind) ? 'email' : 'app';
}

/** Whether a notification of `kind` is mailed, given the person's own choice for it (if any) and their email preference. */
export function isEmailedFor(mode: EmailNotificationMode, kind: NotificationKind, chosen: NotificationDelivery | undefined): boolean {
  if (!mayEmailKind(kind)) return false;
  return (chosen ?? defaultDelivery(mode, kind)) === 'email';
}

export const NotificationPreferences = z.object({ email: EmailNotificationMode });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const notificationApiPaths = {
  list: '/api/notifications',
  unreadCount: '/api/notifications/unread-count',
  markAllRead: '/api/notifications/read-all',
  preferences: '/api/notifications/preferences',
} as const;
