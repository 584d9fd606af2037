// The current password a sign-in change carries in its own request (decision 235): one field, the same
// label, hint and error in every settings form that asks for it.
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Locale } from '../../../contract/locale.ts';
import Field from '../../components/Field.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { failureText } from '../../lib/base/failure-text.ts';

interface Props {
  id?: string;
  t: Translate;
  locale: Locale;
  /** The form's message for the field, if any. */
  error: string | undefined;
  registration: UseFormRegisterReturn<'current_password'>;
  required?: boolean;
}

export default function CurrentPasswordField({ id, t, locale, error, registration, required }: Props) {
  return (
    <Field id={id} label={t('settings.currentPassword')} hint={t('settings.reauth.hint')} error={failureText(error, locale) || undefined}>
      {(control) => <TextInput {...control} {...registration} type="password" autoComplete="current-password" required={required} />}
    </Field>
  );
}
