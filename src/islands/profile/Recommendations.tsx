// Recommendations: a visitor writes one (it waits for the owner); the owner accepts or declines
// pending ones; everyone sees the accepted ones.
import { lazy, Suspense } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import type { ProfilePage } from '../../../contract/profile-sections.ts';
import Skeleton from '../../components/Skeleton.tsx';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { decideOnRecommendation } from '../../lib/stores/profile.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import type { Translate } from '../../i18n/translator.ts';

// A visitor's form, loaded only for visitors (decision 227).
const RecommendForm = lazy(() => import('./RecommendForm.tsx'));

interface Props {
  page: ProfilePage;
  locale: Locale;
  t: Translate;
}

export default function Recommendations({ page, locale, t }: Props) {
  const decide = async (id: number, status: 'accepted' | 'declined') => {
    try {
      await decideOnRecommendation(id, status);
      notifySuccess(t(status === 'accepted' ? 'recommend.accepted' : 'recommend.declinedToast'));
    } catch (failure) {
      reportRequestError(failure);
    }
  };

  return (
    <section className="ui-card profile-section" aria-labelledby="section-recommendations">
      <h2 id="section-recommendations">{t('profile.section.recommendations')}</h2>
      {page.recommendations.length === 0 ? <p className="muted">{t('recommend.empty')}</p> : null}
      <ul className="section-items">
        {page.recommendations.map((r) => (
          <li key={r.id} className="section-item recommendation">
            <div className="section-item-body">
              <p className="preserve-lines">{r.text}</p>
              <p className="muted">
                {t('recommend.from', { name: `${r.author.first_name} ${r.author.last_name}` })} · {formatDate(r.created_at, locale)}
              </p>
              {page.is_owner && r.status === 'pending' ? (
                <p>
                  <span className="ui-badge" data-variant="attention">
                    {t('recommend.pending')}
                  </span>
                </p>
              ) : null}
              {page.is_owner && r.status === 'declined' ? <p className="muted">{t('recommend.declined')}</p> : null}
            </div>
            {page.is_owner && r.status !== 'accepted' ? (
              <div className="section-item-actions">
                <button
                  type="button"
                  className="ui-button"
                  data-variant="primary"
                  data-size="small"
                  onClick={() => void decide(r.id, 'accepted')}
                >
                  {t('recommend.accept')}
                </button>
                {r.status === 'pending' ? (
                  <button type="button" className="ui-button" data-size="small" onClick={() => void decide(r.id, 'declined')}>
                    {t('recommend.decline')}
                  </button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {!page.is_owner ? (
        <Suspense fallback={<Skeleton className="recommend-form-skeleton" />}>
          <RecommendForm page={page} locale={locale} t={t} />
        </Suspense>
      ) : null}
    </section>
  );
}
