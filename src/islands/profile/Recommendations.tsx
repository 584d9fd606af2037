// Recommendations: a visitor writes one (it waits for the owner); the owner accepts or declines
// pending ones; everyone sees the accepted ones.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fieldLimits } from '../../../contract/field-limits.ts';
import type { Locale } from '../../../contract/locale.ts';
import { RecommendationInput, type ProfilePage } from '../../../contract/profile-sections.ts';
import Alert from '../../components/Alert.tsx';
import Field from '../../components/Field.tsx';
import { TextArea } from '../../components/TextInput.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import { reportRequestError } from '../../lib/error-policy.ts';
import { failureText } from '../../lib/failure-text.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { decideOnRecommendation, recommend } from '../../lib/stores/profile.ts';
import { formatDate } from '../../lib/dates.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import type { Translate } from '../../i18n/translator.ts';

interface Props {
  page: ProfilePage;
  locale: Locale;
  t: Translate;
}

export default function Recommendations({ page, locale, t }: Props) {
  const form = useForm<z.input<typeof RecommendationInput>, unknown, RecommendationInput>({
    resolver: zodResolver(RecommendationInput, schemaParseOptions),
    defaultValues: { text: '' },
  });
  const { submit, failure, busy } = useFormSave(
    form,
    locale,
    async ({ text }) => {
      await recommend(page.user_id, text);
      form.reset();
      notifySuccess(t('recommend.sent', { name: page.first_name }));
    },
    { onto: 'text' },
  );

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
        <form className="recommend-form" noValidate onSubmit={(event) => void submit(event)}>
          <h3>{t('recommend.write')}</h3>
          <Field label={t('recommend.text')} error={failureText(form.formState.errors.text?.message, locale) || undefined}>
            {(control) => <TextArea {...control} {...form.register('text')} rows={4} maxLength={fieldLimits.recommendation.text + 1} />}
          </Field>
          {failure ? <Alert>{failure}</Alert> : null}
          <button type="submit" className="ui-button" data-variant="primary" disabled={busy} aria-busy={busy}>
            {t('recommend.send')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
