// A security change asked for with the password first, in a dialog: new recovery codes, turning
// two-step sign-in off, removing a passkey or an address (src/islands/settings), giving a company away
// (src/islands/company/MembersPanel.tsx).
import Alert from './Alert.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Locale } from '../../contract/locale.ts';
import Field from './Field.tsx';
import FormDialog from './FormDialog.tsx';
import { TextInput } from './TextInput.tsx';
import { useFormSave } from './use-form-save.ts';
import type { Translate } from '../i18n/translator.ts';
import { failureText } from '../lib/base/failure-text.ts';
import { schemaParseOptions } from '../lib/forms/form-messages.ts';

type Values = { current_password: string };

interface Props {
  locale: Locale;
  t: Translate;
  /** The contract's request the password goes in (TwoFactorPasswordRequest, RemovePasskeyRequest, …). */
  schema: z.ZodType<Values, Values>;
  title: string;
  intro: string;
  /** Said before the intro, as a warning (turning two-step off names the workspaces it would close). */
  warning?: string | undefined;
  submitLabel: string;
  variant: 'primary' | 'danger';
  /** Makes the change with the password; a refusal (a wrong password) is shown under the field. */
  onConfirm: (password: string) => Promise<void>;
  onClose: () => void;
  /** The field's and buttons' words, for pages whose messages are not the settings' (the company workspace's). */
  labels?: { password: string; close: string; cancel: string };
}

export default function PasswordConfirmDialog({
  locale,
  t,
  schema,
  title,
  intro,
  warning,
  submitLabel,
  variant,
  onConfirm,
  onClose,
  labels = { password: t('settings.currentPassword'), close: t('kit.close'), cancel: t('kit.cancel') },
}: Props) {
  const formId = useId();
  const form = useForm<Values>({ resolver: zodResolver(schema, schemaParseOptions), defaultValues: { current_password: '' } });
  // Every refusal is about the one question: the password.
  const { submit, failure, busy } = useFormSave(form, locale, (values) => onConfirm(values.current_password), {
    onto: 'current_password',
  });
  return (
    <FormDialog
      title={title}
      closeLabel={labels.close}
      cancelLabel={labels.cancel}
      formId={formId}
      submitLabel={submitLabel}
      variant={variant}
      busy={busy}
      error={failure}
      onClose={onClose}
    >
      <form id={formId} className="settings-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
        {warning ? <Alert variant="info">{warning}</Alert> : null}
        <p className="settings-text">{intro}</p>
        <Field label={labels.password} error={failureText(form.formState.errors.current_password?.message, locale) || undefined}>
          {(control) => (
            <TextInput {...control} {...form.register('current_password')} type="password" autoComplete="current-password" required />
          )}
        </Field>
      </form>
    </FormDialog>
  );
}
