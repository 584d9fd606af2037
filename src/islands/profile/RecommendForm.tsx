// A visitor's recommendation of the profile's owner (it waits for the owner's acceptance). Its own
// module, loaded only for visitors: the owner's page never loads the form library for it (decision 227).
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
import { failureText } from '../../lib/base/failure-text.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { recommend } from '../../lib/stores/profile.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import type { Translate } from '../../i18n/translator.ts';

interface Props {
  page: ProfilePage;
  locale: Locale;
  t: Translate;
}

export default function RecommendForm({ page, locale, t }: Props) {
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
  return (
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
  );
}
