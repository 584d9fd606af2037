// The notifications page (SPEC §2 'Notifications'): newest first, unread ones marked, relative time
// under 5 days else the SPEC §9 date-time, each linking to what it is about; 'Mark all as read',
// the empty text, older pages on request. Reads $notifications and calls its actions only.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import '../../styles/notifications.css';
import type { Locale } from '../../../contract/locale.ts';
import type { Notification } from '../../../contract/notifications.ts';
import Alert from '../../components/Alert.tsx';
import Avatar from '../../components/Avatar.tsx';
import Icon from '../../components/Icon.tsx';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { formatDateTime } from '../../lib/base/dates.ts';
import { notificationLink, notificationText, notificationTextKey } from '../../lib/base/notification-text.ts';
import { buildSitePath, currentSitePath } from '../../lib/base/site-path.ts';
import {
  $notificationActions,
  $notifications,
  loadMoreNotifications,
  loadNotifications,
  markAllRead,
} from '../../lib/stores/notifications.ts';
import type { IslandMessages } from '../../i18n/translator.ts';

interface Props {
  locale: Locale;
  messages: IslandMessages;
}

function NotificationItem({ notification, locale, messages }: { notification: Notification; locale: Locale; messages: IslandMessages }) {
  const text = notificationText(
    notification,
    messages[notificationTextKey(notification, locale)],
    messages['notifications.someone'],
    (key) => messages[key],
  );
  const unread = notification.read_at === null;
  const who = notification.actor
    ? `${notification.actor.first_name} ${notification.actor.last_name}`
    : (notification.company?.name ?? messages['notifications.someone']);
  return (
    <li className="notification" data-unread={unread ? '' : undefined}>
      {notification.actor || notification.company ? (
        <Avatar name={who} seed={notification.actor?.user_id} square={!notification.actor} />
      ) : (
        // Nobody caused it (an achievement): a sign of what it is, not the initial of 'Someone'.
        <span
          className="ui-avatar notification-sign"
          data-sign={notification.kind === 'achievement_unlocked' ? 'star' : 'bell'}
          aria-hidden="true"
        >
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

// What the list can be narrowed to (the page's second column on wide screens).
const filters = ['all', 'unread', 'people', 'companies', 'achievements'] as const;
type Filter = (typeof filters)[number];

function matches(notification: Notification, filter: Filter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'unread':
      return notification.read_at === null;
    case 'achievements':
      return notification.kind === 'achievement_unlocked';
    case 'companies':
      return notification.company !== null && notification.kind !== 'achievement_unlocked';
    case 'people':
      return notification.actor !== null && notification.company === null;
  }
}

/** The filters with their counts, and where to choose what reaches the person. */
function NotificationsAside({
  items,
  filter,
  onFilter,
  locale,
  messages,
}: {
  items: readonly Notification[];
  filter: Filter;
  onFilter: (filter: Filter) => void;
  locale: Locale;
  messages: IslandMessages;
}) {
  const settingsHref = `${buildSitePath({ locale, profileId: currentSitePath().profileId, page: '/settings' })}#notifications`;
  return (
    <div className="notifications-aside">
      <Card title={messages['notifications.filter.title']} className="notifications-filters">
        <ul className="notifications-filter-list">
          {filters.map((name) => (
            <li key={name}>
              <button type="button" className="notifications-filter" aria-pressed={filter === name} onClick={() => onFilter(name)}>
                <span>{messages[`notifications.filter.${name}`]}</span>
                <span className="notifications-filter-count">{items.filter((n) => matches(n, name)).length}</span>
              </button>
            </li>
          ))}
        </ul>
      </Card>
      <Card title={messages['notifications.settings.title']} className="notifications-settings">
        <p className="notifications-aside-text">{messages['notifications.settings.text']}</p>
        <a href={settingsHref}>{messages['notifications.settings.link']}</a>
      </Card>
    </div>
  );
}

export default function NotificationsApp({ locale, messages }: Props) {
  const { data: list, error } = useStore($notifications);
  const { loadingMore, markingRead } = useStore($notificationActions);
  const items = list?.items ?? [];
  // Failed only while nothing was read: a failed read again keeps the list shown.
  const failed = error !== undefined && !list;
  const hasUnread = items.some((n) => n.read_at === null);
  const [filter, setFilter] = useState<Filter>('all');
  const shown = items.filter((n) => matches(n, filter));

  useEffect(() => {
    loadNotifications().catch(reportRequestError);
  }, []);

  return (
    <div className="notifications" aria-busy={!list && !failed}>
      <div className="notifications-head">
        <h1 id="notifications-title">{messages['title.notifications']}</h1>
        <Button
          variant="secondary"
          disabled={!hasUnread}
          loading={markingRead}
          onClick={() => void markAllRead().catch(reportRequestError)}
        >
          {messages['notifications.markAllRead']}
        </Button>
      </div>
      <p className="notifications-intro">{messages['notifications.intro']}</p>
      {failed ? (
        <Alert>
          <p>{messages['notifications.loadFailed']}</p>
          <Button size="small" onClick={() => void loadNotifications().catch(reportRequestError)}>
            {messages['notifications.retry']}
          </Button>
        </Alert>
      ) : !list ? (
        <div className="notifications-list">
          <Skeleton className="notifications-skeleton" />
          <Skeleton className="notifications-skeleton" />
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon="bell" title={messages['notifications.empty']} />
      ) : (
        <div className="notifications-layout">
          <NotificationsAside items={items} filter={filter} onFilter={setFilter} locale={locale} messages={messages} />
          <div className="notifications-main">
            {shown.length === 0 ? (
              <p className="notifications-none" role="status">
                {messages['notifications.filter.none']}
              </p>
            ) : (
              <ul className="notifications-list">
                {shown.map((notification) => (
                  <NotificationItem key={notification.id} notification={notification} locale={locale} messages={messages} />
                ))}
              </ul>
            )}
            {list.nextCursor ? (
              <Button
                className="notifications-more"
                loading={loadingMore}
                onClick={() => void loadMoreNotifications().catch(reportRequestError)}
              >
                {messages['notifications.loadMore']}
              </Button>
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
