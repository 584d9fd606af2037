// Company notifications (SPEC §3 'company type'): new member, member left, join request, request to
// confirm a job, invitation accepted or declined, newest first.
import type { Locale } from '../../../contract/locale.ts';
import type { Notification, NotificationKind } from '../../../contract/notifications.ts';
import Card from '../../components/Card.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import { formatDateTime } from '../../lib/base/dates.ts';
import type { Translate } from '../../i18n/translator.ts';

const companyKinds = [
  'invitation_accepted',
  'invitation_declined',
  'join_request',
  'confirmation_requested',
  'member_joined',
  'member_left',
  // The company's domain lapsed or was taken over; the subject's name is the domain.
  'domain_lapsed',
  'domain_taken_over',
  // An applicant wrote in their application's conversation; the subject's name is the opening.
  'application_message_received',
] as const satisfies readonly NotificationKind[];
type CompanyKind = (typeof companyKinds)[number];

const isCompanyKind = (kind: NotificationKind): kind is CompanyKind => (companyKinds as readonly NotificationKind[]).includes(kind);

export function notificationText(notification: Notification, t: Translate): string {
  const actor = notification.actor
    ? `${notification.actor.first_name} ${notification.actor.last_name}`.trim()
    : t('company.notification.someone');
  const domain = notification.subject?.name ?? '';
  return isCompanyKind(notification.kind)
    ? t(`company.notification.${notification.kind}`, { actor, domain })
    : t('company.notification.other');
}

export default function NotificationsPanel({
  notifications,
  locale,
  t,
}: {
  notifications: readonly Notification[];
  locale: Locale;
  t: Translate;
}) {
  return (
    // Not 'Notifications' alone: the toasts' region has that name, and two regions may not share one.
    <Card title={t('company.notifications.title')}>
      {notifications.length === 0 ? (
        <EmptyState title={t('company.notifications.empty')} />
      ) : (
        <ul className="company-list">
          {notifications.map((notification) => (
            <li key={notification.id} className="company-row" data-unread={notification.read_at ? undefined : ''}>
              <div className="company-row-main">
                <p className="company-row-title">{notificationText(notification, t)}</p>
                <p className="company-muted">
                  <time dateTime={notification.created_at}>{formatDateTime(notification.created_at, locale)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
