// The achievements page (SPEC §2 'Achievements'): unlocked versus total ('7 of 20'), the percentile
// among active people (and who counts as active), earned items with their issued date, the others
// with what remains. Reads $achievements; the realtime module refreshes it when an unlock arrives.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import '../../styles/achievements.css';
import type { Achievement } from '../../../contract/achievements.ts';
import type { Locale } from '../../../contract/locale.ts';
import { LoadFailedAlert } from '../../components/Alert.tsx';
import Icon from '../../components/Icon.tsx';
import ProgressBar from '../../components/ProgressBar.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { messagesTranslator, type Messages, type Translate } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { $achievements, loadAchievements } from '../../lib/stores/achievements.ts';

interface Props {
  locale: Locale;
  messages: Messages;
}

/** One achievement: its icon, name and description, then the issued date or the progress. */
export function AchievementItem({ item, t, locale }: { item: Achievement; t: Translate; locale: Locale }) {
  const name = t(`achievements.item.${item.code}.name`);
  return (
    <li className="achievement" data-earned={item.unlocked_at ? '' : undefined}>
      <span className="achievement-icon">
        <Icon name={item.icon} />
      </span>
      <div className="achievement-body">
        <h3 className="achievement-name">{name}</h3>
        <p className="achievement-description">{t(`achievements.item.${item.code}.description`)}</p>
        {item.unlocked_at ? (
          <p className="achievement-issued">
            <time dateTime={item.unlocked_at}>{t('achievements.issued', { date: formatDate(item.unlocked_at, locale) })}</time>
          </p>
        ) : (
          <ProgressBar
            className="achievement-progress"
            label={t(`achievements.unit.${item.unit}`, { progress: item.progress, target: item.target })}
            value={item.progress}
            max={item.target}
          />
        )}
      </div>
    </li>
  );
}

export default function AchievementsApp({ locale, messages }: Props) {
  const t = useMemo(() => messagesTranslator(messages), [messages]);
  const { data: overview, error } = useStore($achievements);
  // A failed read shows as failed only while nothing was read: a failed read again keeps what shows.
  const failed = error !== undefined && !overview;

  useEffect(() => {
    loadAchievements().catch(reportRequestError);
  }, []);

  const earned =
    overview?.items.filter((i) => i.unlocked_at !== null).sort((a, b) => (b.unlocked_at ?? '').localeCompare(a.unlocked_at ?? '')) ?? [];
  // Closest first: what remains is easiest to see.
  const toEarn = overview?.items.filter((i) => i.unlocked_at === null).sort((a, b) => b.progress / b.target - a.progress / a.target) ?? [];

  return (
    <div className="achievements" aria-busy={!overview && !failed}>
      <h1>{t('title.achievements')}</h1>
      <p className="achievements-intro">{t('achievements.intro')}</p>
      {failed ? (
        <LoadFailedAlert
          message={t('achievements.loadFailed')}
          retryLabel={t('achievements.retry')}
          onRetry={() => void loadAchievements().catch(reportRequestError)}
        />
      ) : !overview ? (
        <div className="achievements-summary">
          <Skeleton className="achievements-skeleton" />
          <Skeleton className="achievements-skeleton" />
        </div>
      ) : (
        <>
          <div className="achievements-summary" role="status">
            <section className="achievements-stat" aria-labelledby="achievements-unlocked">
              <h2 id="achievements-unlocked" className="achievements-stat-label">
                {t('achievements.unlockedLabel')}
              </h2>
              <p className="achievements-stat-value" data-testid="achievements-count">
                {t('achievements.count', { unlocked: overview.unlocked, total: overview.total })}
              </p>
              <progress
                className="ui-progress-bar"
                aria-labelledby="achievements-unlocked"
                value={overview.unlocked}
                max={overview.total}
              />
            </section>
            <section className="achievements-stat" aria-labelledby="achievements-percentile">
              <h2 id="achievements-percentile" className="achievements-stat-label">
                {t('achievements.percentileLabel')}
              </h2>
              <p className="achievements-stat-value" data-testid="achievements-percentile">
                {t('achievements.percentile', { percentile: overview.percentile })}
              </p>
              <p className="achievements-stat-text">{t('achievements.percentileText', { percentile: overview.percentile })}</p>
            </section>
          </div>
          <p className="achievements-note">{t('achievements.activeNote', { count: overview.active_people })}</p>
          <section className="achievements-group" aria-labelledby="achievements-earned">
            <h2 id="achievements-earned">{t('achievements.earned')}</h2>
            {earned.length ? (
              <ul className="achievements-list" data-testid="achievements-earned">
                {earned.map((item) => (
                  <AchievementItem key={item.code} item={item} t={t} locale={locale} />
                ))}
              </ul>
            ) : (
              <p className="achievements-empty">{t('achievements.noneEarned')}</p>
            )}
          </section>
          <section className="achievements-group" aria-labelledby="achievements-to-earn">
            <h2 id="achievements-to-earn">{t('achievements.toEarn')}</h2>
            {toEarn.length ? (
              <ul className="achievements-list" data-testid="achievements-to-earn">
                {toEarn.map((item) => (
                  <AchievementItem key={item.code} item={item} t={t} locale={locale} />
                ))}
              </ul>
            ) : (
              <p className="achievements-empty">{t('achievements.allEarned')}</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
