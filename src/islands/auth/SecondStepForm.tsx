// The second step of signing in with two-step sign-in on (decision 180): a code from the authenticator
// app or a recovery code, for the challenge the password step answered. Loaded only when a sign-in
// needs it, so the sign-in page's first script does not grow (bench/js-until-idle.ts).
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { LoginSecondStepRequest } from '../../../contract/two-factor.ts';
import { HttpStatus } from '../../../contract/errors.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Translate } from '../../i18n/translator.ts';
import { ApiError } from '../../lib/base/api-error.ts';
import { completeSecondStep } from '../../lib/stores/account.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { applyServerViolations } from '../../lib/forms/server-violations.ts';
import { tooManyTriesText } from '../../lib/base/retry-after.ts';
import AuthInput from './AuthInput.tsx';
import SubmitButton from './SubmitButton.tsx';

interface Props {
  locale: Locale;
  t: Translate;
  challenge: string;
  /** The person has a passkey: it can be the second step in place of a code (decision 206). */
  passkey?: boolean;
  /** Signed in: the token is stored. */
  onSignedIn: () => void | Promise<void>;
  /** Back to the password: the challenge has expired (with why) or the person asked for it. */
  onBack: (reason?: string) => void;
}

type Values = Pick<LoginSecondStepRequest, 'code'>;
const failureId = 'second-step-failure';

export default function SecondStepForm({ locale, t, challenge, passkey = false, onSignedIn, onBack }: Props) {
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, setError, setFocus, formState } = useForm<Values>({ defaultValues: { code: '' } });
  const { errors, isSubmitting } = formState;
  // The password form has just been replaced: focus moves to the code's field, so the code can be
  // typed at once; the form is named by its heading, which a screen reader reads on the way in.
  useEffect(() => setFocus('code'), [setFocus]);

  const submit = handleSubmit(async ({ code }) => {
    setFailure('');
    if (!code.trim()) {
      setError('code', { type: 'required', message: t('validation.code') });
      return;
    }
    try {
      await completeSecondStep({ challenge, code: code.trim() });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'challenge_expired') {
        onBack(t('account.secondStep.expired'));
        return;
      }
      // The challenge is not a control here: any complaint belongs to the code.
      if (applyServerViolations(error, (_field, message) => setError('code', { type: 'server', message }))) return;
      const status = error instanceof ApiError ? error.status : 0;
      setFailure(status === HttpStatus.tooManyRequests ? tooManyTriesText(error, t, locale) : failureText(error, locale));
      requestAnimationFrame(() => document.getElementById(failureId)?.focus());
      return;
    }
    await onSignedIn();
  });

  /** The second step with a passkey; @simplewebauthn/browser loads only now. */
  const signInWithPasskey = async () => {
    setFailure('');
    setPasskeyBusy(true);
    try {
      const { passkeySecondStep, isCancelled } = await import('../../lib/stores/passkey-ceremony.ts');
      try {
        await passkeySecondStep(challenge);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'challenge_expired') {
          onBack(t('account.secondStep.expired'));
          return;
        }
        if (isCancelled(error)) return;
        throw error;
      }
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      setFailure(status === HttpStatus.tooManyRequests ? tooManyTriesText(error, t, locale) : failureText(error, locale));
      requestAnimationFrame(() => document.getElementById(failureId)?.focus());
      return;
    } finally {
      setPasskeyBusy(false);
    }
    await onSignedIn();
  };

  return (
    <form className="auth-form" method="post" noValidate onSubmit={submit} aria-labelledby="second-step-title">
      <h2 id="second-step-title" className="auth-subheading">
        {t('account.secondStep.title')}
      </h2>
      <p className="auth-intro">{t('account.secondStep.intro')}</p>
      <p id={failureId} className="auth-alert" role="alert" tabIndex={-1} hidden={!failure}>
        {failure}
      </p>
      <AuthInput
        id="second-step-code"
        label={t('account.secondStep.field')}
        hint={t('account.secondStep.hint')}
        error={failureText(errors.code?.message, locale)}
        type="text"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={16}
        required
        registration={register('code')}
      />
      <SubmitButton busy={isSubmitting} heldUntilLive>
        {isSubmitting ? t('account.secondStep.submitting') : t('account.secondStep.submit')}
      </SubmitButton>
      {passkey ? (
        <button
          type="button"
          className="ui-button auth-submit"
          data-size="large"
          data-block=""
          disabled={passkeyBusy || isSubmitting}
          aria-busy={passkeyBusy || undefined}
          onClick={() => void signInWithPasskey()}
        >
          {passkeyBusy ? t('account.passkey.signingIn') : t('account.secondStep.usePasskey')}
        </button>
      ) : null}
      <p className="auth-links">
        <button type="button" className="link-button" onClick={() => onBack()}>
          {t('account.secondStep.back')}
        </button>
      </p>
    </form>
  );
}
