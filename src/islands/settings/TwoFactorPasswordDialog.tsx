// The two-step card's password question: new recovery codes, or turning two-step sign-in off.
import { useId, useState, type FormEvent } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import Field from '../../components/Field.tsx';
import FormDialog from '../../components/FormDialog.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/api/error-policy.ts';
import { disableTwoFactor, regenerateRecoveryCodes } from '../../lib/api/two-factor-api.ts';
import { formMessage } from '../../lib/forms/form-messages.ts';
import { applyServerViolations } from '../../lib/forms/server-violations.ts';

interface Props {
  locale: Locale;
  t: Translate;
}

/** New recovery codes or turning it off: the password first, in a dialog. */
export default function PasswordDialog({
  locale,
  t,
  kind,
  onDone,
  onClose,
}: Props & { kind: 'regenerate' | 'disable'; onDone: (codes?: string[]) => void; onClose: () => void }) {
  const formId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!password) {
      setError(t('validation.required'));
      return;
    }
    setBusy(true);
    try {
      if (kind === 'regenerate') onDone(await regenerateRecoveryCodes(password));
      else {
        await disableTwoFactor(password);
        onDone();
      }
    } catch (failure) {
      if (!applyServerViolations(failure, (_field, message) => setError(formMessage(message, locale)))) reportRequestError(failure);
    } finally {
      setBusy(false);
    }
  };
  const title = kind === 'regenerate' ? t('settings.twoFactor.regenerate') : t('settings.twoFactor.turnOff');
  return (
    <FormDialog
      title={title}
      closeLabel={t('kit.close')}
      cancelLabel={t('kit.cancel')}
      formId={formId}
      submitLabel={kind === 'regenerate' ? t('settings.twoFactor.regenerateSubmit') : t('settings.twoFactor.turnOff')}
      variant={kind === 'disable' ? 'danger' : 'primary'}
      busy={busy}
      onClose={onClose}
    >
      <form id={formId} className="settings-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
        <p className="settings-text">{kind === 'regenerate' ? t('settings.twoFactor.regenerateIntro') : t('settings.twoFactor.turnOffIntro')}</p>
        <Field label={t('settings.currentPassword')} error={error || undefined}>
          {(control) => (
            <TextInput {...control} type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
          )}
        </Field>
      </form>
    </FormDialog>
  );
}
