// The notifications page (SPEC §2 'Notifications'): newest first, unread ones marked, relative time
// under 5 days else the SPEC §9 date-time, each linking to what it is about; 'Mark all as read',
// the empty text, older pages on request. Reads $notifications and calls its actions only.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import '../../lib/zod-without-eval.ts';
import '../../styles/notifications.css';
import type { Locale } from '../../../contract/locale.ts';
import type { Notification } from '../../../contract/notifications.ts';
import Alert from '../../components/Alert.tsx';
import Avatar from '../../components/Avatar.tsx';
import Icon from '../../components/Icon.tsx';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { reportRequestError } from '../../lib/api/error-policy.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { notificationKindKey, notificationLink, notificationText } from '../../lib/notification-text.ts';
import { $notifications, loadMoreNotifications, loadNotifications, markAllRead } from '../../lib/stores/notifications.ts';
import type { NotificationMessages } from './messages.ts';

interface Props {
  locale: Locale;
  messages: NotificationMessages;
}

function NotificationItem({ notification, locale, messages }: { notification: Notification; locale: Locale; messages: NotificationMessages }) {
  const text = notificationText(notification, messages[notificationKindKey(notification.kind)], messages['notifications.someone']);
  const unread = notification.read_at === null;
  const who = notification.actor ? `${notification.actor.first_name} ${notification.actor.last_name}` : (notification.company?.name ?? messages['notifications.someone']);
  return (
    <li className="notification" data-unread={unread ? '' : undefined}>
      {notification.actor || notification.company ? (
        <Avatar name={who} seed={notification.actor?.user_id} square={!notification.actor} />
      ) : (
        // Nobody caused it (an achievement): a sign of what it is, not the initial of 'Someone'.
        <span className="ui-avatar notification-sign" data-sign={notification.kind === 'achievement_unlocked' ? 'star' : 'bell'} aria-hidden="true">
          <Icon name={notification.kind === 'achievement_unlocked' ? 'star' : 'bell'} />
        </span>
      )}
      <div className="notification-body">
        <a className="notification-text" href={notificationLink(notification, locale)}>
          {text}
        </a>
        <span className="notification-meta">
          <time dateTime={notification.created_at}>{formatDateTime(notification.created_at, locale)}</time>
          {notification.scope === 'company' && notification.company ? (
            <span>{messages['notifications.companyScope'].replace('{company}', notification.company.name)}</span>
          ) : null}
          {unread ? <Badge variant="accent">{messages['notifications.unread']}</Badge> : null}
        </span>
      </div>
    </li>
  );
}

export default function NotificationsApp({ locale, messages }: Props) {
  const state = useStore($notifications);
  const hasUnread = state.items.some((n) => n.read_at === null);

  useEffect(() => {
    loadNotifications().catch(reportRequestError);
  }, []);

  return (
    <div className="notifications" aria-busy={state.status === 'loading' || state.status === 'idle'}>
      <div className="notifications-head">
        <h1 id="notifications-title">{messages['title.notifications']}</h1>
        <Button variant="secondary" disabled={!hasUnread} loading={state.markingRead} onClick={() => void markAllRead().catch(reportRequestError)}>
          {messages['notifications.markAllRead']}
        </Button>
      </div>
      <p className="notifications-intro">{messages['notifications.intro']}</p>
      {state.status === 'failed' ? (
        <Alert>
          <p>{messages['notifications.loadFailed']}</p>
          <Button size="small" onClick={() => void loadNotifications().catch(reportRequestError)}>
            {messages['notifications.retry']}
          </Button>
        </Alert>
      ) : state.status !== 'ready' ? (
        <div className="notifications-list">
          <Skeleton className="notifications-skeleton" />
          <Skeleton className="notifications-skeleton" />
        </div>
      ) : state.items.length === 0 ? (
        <EmptyState icon="bell" title={messages['notifications.empty']} />
      ) : (
        <>
          <ul className="notifications-list">
            {state.items.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} locale={locale} messages={messages} />
            ))}
          </ul>
          {state.nextCursor ? (
            <Button className="notifications-more" loading={state.loadingMore} onClick={() => void loadMoreNotifications().catch(reportRequestError)}>
              {messages['notifications.loadMore']}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

