// The achievements card of a profile: the person's earned achievements with their issued dates
// (SPEC §2: another person's earned achievements show on their profile), and for the owner a link
// to the achievements page. Reads $earnedAchievements and calls its action only.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import EmptyState from '../EmptyState.tsx';
import Icon from '../Icon.tsx';
import Skeleton from '../Skeleton.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { buildSitePath } from '../../lib/base/site-path.ts';
import { $earnedAchievements, loadEarnedAchievements } from '../../lib/stores/achievements.ts';

interface Props {
  userId: number;
  isOwner: boolean;
  locale: Locale;
  t: Translate;
}

export default function EarnedAchievements({ userId, isOwner, locale, t }: Props) {
  const { data, error } = useStore($earnedAchievements);

  useEffect(() => {
    loadEarnedAchievements(userId).catch(reportRequestError);
  }, [userId]);

  const shown = data?.userId === userId ? data.items : undefined;
  // A failed read (reported by the error policy) shows as none earned, not as a skeleton for ever.
  if (!shown && !error) return <Skeleton className="earned-skeleton" />;
  const items = shown ?? [];
  return (
    <>
      {items.length === 0 ? (
        <EmptyState icon="check" title={t('achievements.profileNone')} text={isOwner ? t('profile.achievements.empty') : undefined} />
      ) : (
        <ul className="earned-list" data-testid="earned-achievements">
          {items.map((item) => (
            <li key={item.code} className="earned">
              <span className="earned-icon">
                <Icon name={item.icon} />
              </span>
              <span className="earned-text">
                <strong>{t(`achievements.item.${item.code}.name`)}</strong>
                {item.unlocked_at ? (
                  <time dateTime={item.unlocked_at}>{t('achievements.issued', { date: formatDate(item.unlocked_at, locale) })}</time>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {isOwner ? (
        <p className="earned-more">
          <a href={buildSitePath({ locale, page: '/achievements' })}>{t('achievements.viewAll')}</a>
        </p>
      ) : null}
    </>
  );
}
