// What a notification says and where it leads: one sentence from the page's dictionary with the
// actor, subject and company filled in, and a site path to what it is about. Shared by the
// notifications page and the toast of a new one.
import type { Locale } from '../../../contract/locale.ts';
import type { Notification, NotificationKind } from '../../../contract/notifications.ts';
import { buildSitePath } from './site-path.ts';

/** The dictionary key of each kind's sentence. */
export const notificationKindKey = (kind: NotificationKind) => `notifications.kind.${kind}` as const;

/** The sentences of a day's unlocks, one per plural form of their count (decision 239). */
export const unlockSentenceKeys = [
  'notifications.unlocks.one',
  'notifications.unlocks.few',
  'notifications.unlocks.many',
  'notifications.unlocks.other',
] as const;

/**
 * The dictionary key of what `notification` says in `locale`: a day's unlocks (a count on its
 * subject) by its count's plural form ('1 досягнення', '3 досягнення', '5 досягнень'); any other,
 * and the per-change unlocks stored before, by its kind.
 */
export function notificationTextKey(
  notification: Notification,
  locale: Locale,
): ReturnType<typeof notificationKindKey> | (typeof unlockSentenceKeys)[number] {
  const count = notification.subject?.count;
  if (notification.kind !== 'achievement_unlocked' || count === undefined) return notificationKindKey(notification.kind);
  const form = new Intl.PluralRules(locale === 'uk_UA' ? 'uk' : 'en-GB').select(count);
  return form === 'one' || form === 'few' || form === 'many' ? `notifications.unlocks.${form}` : 'notifications.unlocks.other';
}

/** The dictionary keys of the role words a role change's sentence uses (`{role}`). */
export const notificationRoleKeys = ['notifications.role.admin', 'notifications.role.member'] as const;

/**
 * Fills the kind's sentence: `{actor}`, `{subject}`, `{company}`, `{count}`; a missing name reads as the fallback.
 * `{role}` is the role a role change gave (its subject's name), named by `roleWord` in the page's language.
 */
export function notificationText(
  notification: Notification,
  template: string,
  someone: string,
  roleWord?: (key: (typeof notificationRoleKeys)[number]) => string,
): string {
  const actor = notification.actor ? `${notification.actor.first_name} ${notification.actor.last_name}`.trim() : someone;
  const role = notification.subject?.name;
  const values: Record<string, string> = {
    actor,
    subject: notification.subject?.name ?? '',
    company: notification.company?.name ?? '',
    count: notification.subject?.count === undefined ? '' : String(notification.subject.count),
    role: roleWord && (role === 'admin' || role === 'member') ? roleWord(`notifications.role.${role}`) : '',
  };
  return template
    .replace(/\{(actor|subject|company|role|count)\}/g, (_whole, name: string) => values[name] ?? '')
    .replace(/\s+([.,])/g, '$1')
    .trim();
}

const pageOfKind: Partial<Record<NotificationKind, string>> = {
  endorsement: '/',
  recommendation_received: '/',
  review_received: '/careers',
  comment: '/activities',
  reply: '/activities',
  like: '/activities',
  achievement_unlocked: '/achievements',
  hired: '/careers',
  employment_changed: '/careers',
  left_company: '/careers',
  invitation_received: '/careers',
  join_request_accepted: '/careers',
  join_request_declined: '/careers',
  confirmation_declined: '/careers',
  confirmation_accepted: '/careers',
  application_rejected: '/applications',
  application_offer: '/applications',
  application_message: '/applications',
};

/** The site path a notification links to, in `locale`. */
export function notificationLink(notification: Notification, locale: Locale): string {
  if (notification.kind === 'recommendation_accepted' && notification.subject?.owner_id) {
    return buildSitePath({ locale, profileId: String(notification.subject.owner_id), page: '/' });
  }
  // A comment, reply or like concerns an entry on its author's activity, which may be someone else's.
  if (
    (notification.kind === 'comment' || notification.kind === 'reply' || notification.kind === 'like') &&
    notification.subject?.owner_id
  ) {
    return buildSitePath({ locale, profileId: String(notification.subject.owner_id), page: '/activities' });
  }
  // The person's own news about a verified job (hired, changed, reviewed, left) opens that job.
  if (notification.scope === 'personal' && notification.subject?.type === 'employment') {
    return buildSitePath({ locale, page: `/employment-details/${notification.subject.id}` });
  }
  // A new role opens that company's workspace, where the role applies.
  if (notification.kind === 'role_changed' && notification.company) {
    return `${buildSitePath({ locale, page: '/company-access' })}?company=${notification.company.id}`;
  }
  // The company's new two-step rule: the person's own two-step sign-in, in Settings → Password and security.
  if (notification.kind === 'two_step_rule_on') return `${buildSitePath({ locale, page: '/settings' })}#security`;
  const page = pageOfKind[notification.kind];
  if (page) return buildSitePath({ locale, page });
  // Company notifications about a person (a join request, a member who left) open that person.
  if (notification.actor) return buildSitePath({ locale, profileId: String(notification.actor.user_id), page: '/' });
  return buildSitePath({ locale, page: '/careers' });
}
