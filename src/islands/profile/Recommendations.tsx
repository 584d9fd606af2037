// Recommendations: a visitor writes one (it waits for the owner); the owner accepts or declines
// pending ones; everyone sees the accepted ones.
import { useId, useState } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import type { ProfilePage } from '../../../contract/profile-sections.ts';
import { reportRequestError } from '../../lib/error-policy.ts';
import { decideOnRecommendation, recommend } from '../../lib/stores/profile.ts';
import { formatDate } from '../../lib/dates.ts';
import { formErrorAttribute } from '../../lib/forms/scroll-to-error.ts';
import { applyServerViolations } from '../../lib/forms/server-violations.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import type { Translate } from '../../i18n/translator.ts';

interface Props {
  page: ProfilePage;
  locale: Locale;
  t: Translate;
}

export default function Recommendations({ page, locale, t }: Props) {
  const textId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (!text.trim()) {
      setError(t('validation.required'));
      return;
    }
    setBusy(true);
    try {
      await recommend(page.user_id, text);
      setText('');
      setError('');
      notifySuccess(t('recommend.sent', { name: page.first_name }));
    } catch (failure) {
      if (!applyServerViolations(failure, (_field, message) => setError(message), { onto: 'text' })) reportRequestError(failure);
    } finally {
      setBusy(false);
    }
  };

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
        <form
          className="recommend-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <h3>{t('recommend.write')}</h3>
          <div className="ui-field">
            <label className="ui-field-label" htmlFor={textId}>
              {t('recommend.text')}
            </label>
            <textarea
              className="ui-textarea"
              id={textId}
              rows={4}
              maxLength={3000}
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${textId}-error` : undefined}
              onChange={(event) => setText(event.target.value)}
            />
            {error ? (
              <p id={`${textId}-error`} className="ui-field-error" {...{ [formErrorAttribute]: '' }}>
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="ui-button" data-variant="primary" disabled={busy} aria-busy={busy}>
            {t('recommend.send')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
