// The activities page's second column on wide screens (issue 24 point 11): the achievements that
// taking part earns (posts, comments, likes), with how far the person is, from their own achievements
// (the store the achievements page and the realtime unlocks keep current). On a phone it comes last.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import Card from '../../components/Card.tsx';
import Icon from '../../components/Icon.tsx';
import ProgressBar from '../../components/ProgressBar.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/api/error-policy.ts';
import { buildSitePath, currentSitePath } from '../../lib/site-path.ts';
import { $achievements, loadAchievements } from '../../lib/stores/achievements.ts';

const takingPart = new Set(['posts', 'comments', 'likes']);

export default function ActivityAchievements({ locale, t }: { locale: Locale; t: Translate }) {
  const { status, overview } = useStore($achievements);
  useEffect(() => {
    if ($achievements.get().status === 'idle') loadAchievements().catch(reportRequestError);
  }, []);
  if (status !== 'ready' || !overview) return null;
  const items = overview.items.filter((item) => takingPart.has(item.unit));
  if (items.length === 0) return null;
  const href = buildSitePath({ locale, profileId: currentSitePath().profileId, page: '/achievements' });
  return (
    <aside className="activities-aside">
      <Card title={t('activities.aside.title')} className="activities-achievements">
        <p className="activities-aside-text">{t('activities.aside.text')}</p>
        <ul className="activities-achievement-list">
          {items.map((item) => (
            <li key={item.code} data-earned={item.unlocked_at ? '' : undefined}>
              <span className="activities-achievement-icon" aria-hidden="true">
                <Icon name={item.unlocked_at ? 'check' : item.icon} />
              </span>
              <div>
                <p className="activities-achievement-name">{t(`achievements.item.${item.code}.name`)}</p>
                {item.unlocked_at ? (
                  <p className="activities-aside-text">{t('activities.aside.earned')}</p>
                ) : (
                  <ProgressBar label={t(`achievements.unit.${item.unit}`, { progress: item.progress, target: item.target })} value={item.progress} max={item.target} />
                )}
              </div>
            </li>
          ))}
        </ul>
        <a href={href}>{t('activities.aside.all')}</a>
      </Card>
    </aside>
  );
}
