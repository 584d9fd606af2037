// The security activity in Password and security: sign-ins with device and place, failed
// attempts and security changes of the last 90 days, newest first.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import type { SecurityEvent } from '../../../contract/security-events.ts';
import { LoadFailedAlert } from '../../components/Alert.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import type { Translate } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { $securityEvents, loadSecurityEvents } from '../../lib/stores/security.ts';
import { formatDateTime } from '../../lib/base/dates.ts';

interface Props {
  locale: Locale;
  t: Translate;
}

function deviceOf(event: SecurityEvent, t: Translate): string | null {
  if (!event.browser && !event.os) return null;
  return t('settings.sessions.device', {
    browser: event.browser ?? t('settings.sessions.unknownBrowser'),
    os: event.os ?? t('settings.sessions.unknownDevice'),
  });
}

export default function SecurityActivity({ locale, t }: Props) {
  const loaded = useStore($securityEvents);
  const load = () => void loadSecurityEvents().catch(reportRequestError);
  useEffect(load, []);

  let body;
  if (loaded.data === undefined && loaded.error !== undefined) {
    body = <LoadFailedAlert message={t('settings.activity.loadFailed')} retryLabel={t('settings.retry')} onRetry={load} />;
  } else if (loaded.data === undefined) {
    body = (
      <div aria-busy="true">
        <Skeleton className="settings-skeleton" />
        <Skeleton className="settings-skeleton" />
      </div>
    );
  } else if (!loaded.data.length) {
    body = <p className="settings-text">{t('settings.activity.empty')}</p>;
  } else {
    body = (
      <ul className="settings-list settings-activity-list">
        {loaded.data.map((event) => {
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
  // The card around it is NearScreenCard's (SecuritySection.tsx): these are its contents.
  return (
    <>
      <p className="settings-text">{t('settings.activity.intro')}</p>
      {body}
    </>
  );
}
