// The Activity card of a profile (SPEC §2): the person's latest entries, newest first, each
// with its date, and a link to their whole list on /activities; the placeholder only when there are
// none (and on a failed read, which the error policy reports). Reads $profileActivity and calls its
// action only.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import EmptyState from '../../components/EmptyState.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { buildSitePath } from '../../lib/base/site-path.ts';
import { $profileActivity, showProfileActivity } from '../../lib/stores/profile-activity.ts';
import { headingOf } from '../../lib/base/activity-heading.ts';

interface Props {
  userId: number;
  isOwner: boolean;
  locale: Locale;
  t: Translate;
}

export default function RecentActivity({ userId, isOwner, locale, t }: Props) {
  const { data, error } = useStore($profileActivity);

  useEffect(() => {
    showProfileActivity(userId).catch(reportRequestError);
  }, [userId]);

  const shown = data?.userId === userId ? data.items : undefined;
  if (!shown && !error) return <Skeleton className="earned-skeleton" />;
  const items = shown ?? [];
  const allHref = buildSitePath({ locale, profileId: isOwner ? undefined : String(userId), page: '/activities' });
  if (items.length === 0) {
    return <EmptyState icon="bell" title={t('profile.summary.activity')} text={isOwner ? t('profile.activity.empty') : undefined} />;
  }
  return (
    <>
      <ul className="recent-activity" data-testid="recent-activity">
        {items.map((entry) => (
          <li key={entry.id} className="recent-activity-item" data-kind={entry.kind}>
            <span className="recent-activity-title">{headingOf(entry, t)}</span>
            <time dateTime={entry.created_at}>{formatDate(entry.created_at, locale)}</time>
          </li>
        ))}
      </ul>
      <p className="earned-more">
        <a href={allHref}>{t('profile.activity.viewAll')}</a>
      </p>
    </>
  );
}
