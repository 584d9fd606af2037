// "Verify with your work email" (decision 260): the address at the company's verified
// domain, then the 6-digit code mailed to it, in one dialog. The contract's schemas check each step in
// the browser; the server's refusals (another domain, a wrong, expired or locked code) land on their
// field in the page's language. A new code waits for the countdown, as everywhere codes are sent.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { AddWorkEmailRequest, ConfirmWorkEmailRequest } from '../../../contract/work-email.ts';
import Button from '../../components/Button.tsx';
import Field from '../../components/Field.tsx';
import FormDialog from '../../components/FormDialog.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import type { Translate } from '../../i18n/translator.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { addWorkEmail, confirmWorkEmail, resendWorkEmailCode } from '../../lib/stores/careers.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';

interface Props {
  jobId: number;
  domain: string;
  /** An address waiting for its code opens at the code step. */
  pending: string | null;
  locale: Locale;
  t: Translate;
  /** Closed with the address confirmed (true) or not. */
  onClose: (confirmed: boolean) => void;
}

const addressFormId = 'work-email-address-form';
const codeFormId = 'work-email-code-form';

/** Counts the seconds until a new code may be asked for down to 0. */
function useCountdown(): [number, (seconds: number) => void] {
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return undefined;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  return [wait, setWait];
}

export default function WorkEmailDialog({ jobId, domain, pending, locale, t, onClose }: Props) {
  const [address, setAddress] = useState<string | null>(pending);
  const [wait, setWait] = useCountdown();
  const addressForm = useForm<AddWorkEmailRequest, unknown, z.output<typeof AddWorkEmailRequest>>({
    resolver: zodResolver(AddWorkEmailRequest, schemaParseOptions),
    defaultValues: { email: '' },
  });
  const codeForm = useForm<ConfirmWorkEmailRequest, unknown, z.output<typeof ConfirmWorkEmailRequest>>({
    resolver: zodResolver(ConfirmWorkEmailRequest, schemaParseOptions),
    defaultValues: { code: '' },
  });
  useUnsavedReport(address === null ? addressForm.formState.isDirty : codeForm.formState.isDirty);
  const sending = useFormSave(addressForm, locale, async (values) => {
    const sent = await addWorkEmail(jobId, values.email);
    codeForm.reset({ code: '' });
    setWait(sent.resend_available_in);
    setAddress(sent.work_email.address ?? values.email);
  });
  const confirming = useFormSave(codeForm, locale, async (values) => {
    await confirmWorkEmail(jobId, values.code);
    notifySuccess(t('details.workEmail.confirmed', { domain }));
    onClose(true);
  });
  const resend = async () => {
    confirming.setFailure(null);
    try {
      setWait((await resendWorkEmailCode(jobId)).resend_available_in);
      notifySuccess(t('details.workEmail.codeResent', { address: address ?? '' }));
    } catch (error) {
      confirming.setFailure(failureText(error, locale));
    }
  };
  const otherAddress = () => {
    addressForm.reset({ email: '' });
    sending.setFailure(null);
    setAddress(null);
  };
  const step = address === null ? sending : confirming;
  // The next step's field takes the focus, as the dialog's first field did when it opened.
  useEffect(() => {
    if (address === null) addressForm.setFocus('email');
    else codeForm.setFocus('code');
  }, [address, addressForm, codeForm]);

  return (
    <FormDialog
      title={t('details.workEmail.start')}
      closeLabel={t('careers.close')}
      cancelLabel={t('careers.cancel')}
      onClose={() => onClose(false)}
      unsaved={{ texts: unsavedChangesTexts(locale) }}
      error={step.failure}
      size="small"
      formId={address === null ? addressFormId : codeFormId}
      submitLabel={address === null ? t('details.workEmail.sendCode') : t('details.workEmail.confirm')}
      busy={step.busy}
    >
      {address === null ? (
        <form id={addressFormId} className="employment-work-email-form" noValidate onSubmit={(event) => void sending.submit(event)}>
          <Field
            label={t('details.workEmail.address')}
            hint={t('details.workEmail.addressHint', { domain })}
            error={failureText(addressForm.formState.errors.email?.message, locale) || undefined}
          >
            {(control) => <TextInput {...control} {...addressForm.register('email')} type="email" autoComplete="email" data-autofocus="" />}
          </Field>
        </form>
      ) : (
        <form id={codeFormId} className="employment-work-email-form" noValidate onSubmit={(event) => void confirming.submit(event)}>
          <p className="employment-muted">{t('details.workEmail.codeSent', { address })}</p>
          <Field label={t('details.workEmail.code')} error={failureText(codeForm.formState.errors.code?.message, locale) || undefined}>
            {(control) => (
              <TextInput
                {...control}
                {...codeForm.register('code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                data-autofocus=""
              />
            )}
          </Field>
          <div className="employment-actions">
            <Button size="small" variant="invisible" disabled={wait > 0} onClick={() => void resend()}>
              {wait > 0 ? t('details.workEmail.resendIn', { seconds: wait }) : t('details.workEmail.resend')}
            </Button>
            <Button size="small" variant="invisible" onClick={otherAddress}>
              {t('details.workEmail.otherAddress')}
            </Button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
