// The security activity in Password and security (issue 28): sign-ins with device and place, failed
// attempts and security changes of the last 90 days, newest first.
import { useEffect, useState } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import type { SecurityEvent } from '../../../contract/security-events.ts';
import { LoadFailedAlert } from '../../components/Alert.tsx';
import Card from '../../components/Card.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import type { Translate } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/api/error-policy.ts';
import { fetchSecurityEvents } from '../../lib/api/two-factor-api.ts';
import { formatDateTime } from '../../lib/dates.ts';

interface Props {
  locale: Locale;
  t: Translate;
}

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: SecurityEvent[] };

function deviceOf(event: SecurityEvent, t: Translate): string | null {
  if (!event.browser && !event.os) return null;
  return t('settings.sessions.device', {
    browser: event.browser ?? t('settings.sessions.unknownBrowser'),
    os: event.os ?? t('settings.sessions.unknownDevice'),
  });
}

export default function SecurityActivity({ locale, t }: Props) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const fetchEvents = () =>
    fetchSecurityEvents().then(
      (items) => setLoaded({ status: 'ready', items }),
      (error: unknown) => {
        setLoaded({ status: 'failed' });
        reportRequestError(error);
      },
    );
  useEffect(() => {
    void fetchEvents();
  }, []);

  let body;
  if (loaded.status === 'failed') {
    body = <LoadFailedAlert message={t('settings.activity.loadFailed')} retryLabel={t('settings.retry')} onRetry={() => void fetchEvents()} />;
  } else if (loaded.status === 'loading') {
    body = (
      <div aria-busy="true">
        <Skeleton className="settings-skeleton" />
        <Skeleton className="settings-skeleton" />
      </div>
    );
  } else if (!loaded.items.length) {
    body = <p className="settings-text">{t('settings.activity.empty')}</p>;
  } else {
    body = (
      <ul className="settings-list settings-activity-list">
        {loaded.items.map((event) => {
          const device = deviceOf(event, t);
          const place = t(`settings.activity.place.${event.place.kind}` as MessageKey, { address: event.place.address ?? '' });
          return (
            <li key={event.id} className="settings-item" data-kind={event.kind}>
              <div className="settings-item-text">
                <span className="settings-item-name">{t(`settings.activity.kind.${event.kind}` as MessageKey)}</span>
                <span className="settings-item-meta">{[device, place].filter(Boolean).join(' · ')}</span>
              </div>
              <time className="settings-item-meta" dateTime={event.created_at}>
                {formatDateTime(event.created_at, locale)}
              </time>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <Card title={t('settings.activity.title')} className="settings-activity">
      <p className="settings-text">{t('settings.activity.intro')}</p>
      {body}
    </Card>
  );
}
