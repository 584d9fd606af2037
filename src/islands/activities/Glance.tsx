// The activities page's second column on a wide screen (decision 179): what the
// entries shown hold, counted from the list the page already has (no read of its own, so nothing
// holds up a post), and for one's own activity the way to the achievements that taking part earns.
import type { ActivityEntry } from '../../../contract/activities.ts';
import type { Locale } from '../../../contract/locale.ts';
import { ButtonLink } from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { buildSitePath } from '../../lib/base/site-path.ts';

/** The counts of the glance card, among `items`. */
export function activityCounts(items: readonly ActivityEntry[]) {
  const count = (kinds: readonly ActivityEntry['kind'][]) => items.filter((entry) => kinds.includes(entry.kind)).length;
  return {
    posts: count(['post']),
    work: count(['new_job', 'verified_employment', 'recommendation_accepted']),
    achievements: count(['achievement']),
    comments: items.reduce((sum, entry) => sum + entry.comment_count, 0),
  };
}

export default function Glance({ items, own, locale, t }: { items: readonly ActivityEntry[]; own: boolean; locale: Locale; t: Translate }) {
  const counts = activityCounts(items);
  const rows = [
    ['posts', counts.posts],
    ['work', counts.work],
    ['achievements', counts.achievements],
    ['comments', counts.comments],
  ] as const;
  return (
    <aside className="activities-aside" aria-label={t('activities.glance.label')}>
      <Card title={t('activities.glance.title')} titleId="activities-glance">
        <p className="activities-aside-text">{t('activities.glance.among', { count: items.length })}</p>
        <dl className="activities-stats">
          {rows.map(([key, value]) => (
            <div key={key} data-stat={key}>
              <dt>{t(`activities.glance.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {own ? (
        <Card title={t('activities.earn.title')} titleId="activities-earn">
          <p className="activities-aside-text">{t('activities.earn.text')}</p>
          <ButtonLink size="small" href={buildSitePath({ locale, page: '/achievements' })}>
            {t('activities.earn.link')}
          </ButtonLink>
        </Card>
      ) : null}
    </aside>
  );
}
