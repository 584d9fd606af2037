// A forgotten password (SPEC §2): find the account by email or mobile phone, receive a code there,
// then create a new password with it. Signs in with the new session and goes home.
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ForgotPasswordRequest, ResetPasswordRequest } from '../../../contract/auth.ts';
import { HttpStatus } from '../../../contract/errors.ts';
import type { Locale } from '../../../contract/locale.ts';
import { requestPasswordReset, resetPassword } from '../../lib/stores/account.ts';
import { ApiError } from '../../lib/base/api-error.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import { pageNavigation } from '../../lib/base/page-navigation.ts';
import AuthAlert from './AuthAlert.tsx';
import AuthInput, { CodeInput } from './AuthInput.tsx';
import LoginField from './LoginField.tsx';
import { messagesTranslator, type Messages, type Translate } from '../../i18n/translator.ts';
import { sitePage } from './registration-pages.ts';
import ResendButton from './ResendButton.tsx';
import { useCountdown } from './use-countdown.ts';
import SubmitButton from './SubmitButton.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

// The second step of two-step sign-in (decision 180) loads only for a reset that needs it.
const SecondStepForm = lazy(() => import('./SecondStepForm.tsx'));

export default function ForgotPassword({ locale, messages }: Props) {
  const t = messagesTranslator(messages);
  const [login, setLogin] = useState('');
  const countdown = useCountdown();
  return login ? (
    <ResetStep locale={locale} t={t} login={login} countdown={countdown} onOtherLogin={() => setLogin('')} />
  ) : (
    <FindStep
      locale={locale}
      t={t}
      onSent={(sentTo, seconds) => {
        countdown.start(seconds);
        setLogin(sentTo);
      }}
    />
  );
}

interface FindProps {
  locale: Locale;
  t: Translate;
  onSent: (login: string, resendAvailableIn: number) => void;
}

type FindValues = z.input<typeof ForgotPasswordRequest>;

function FindStep({ locale, t, onSent }: FindProps) {
  const form = useForm<FindValues, unknown, ForgotPasswordRequest>({
    resolver: zodResolver(ForgotPasswordRequest, schemaParseOptions),
  });
  const { register, formState } = form;
  const { errors } = formState;
  const { submit, failure, busy } = useFormSave(form, locale, async ({ login }) => {
    onSent(login, (await requestPasswordReset(login)).resend_available_in);
  });
  return (
    <form className="auth-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
      <AuthAlert id="forgot-failure" text={failure} />
      <LoginField
        id="forgot-login"
        label={t('account.field.login')}
        error={failureText(errors.login?.message, locale)}
        registration={register('login')}
      />
      <SubmitButton busy={busy}>{busy ? t('account.forgot.sending') : t('account.forgot.send')}</SubmitButton>
    </form>
  );
}

interface ResetProps {
  locale: Locale;
  t: Translate;
  login: string;
  countdown: ReturnType<typeof useCountdown>;
  onOtherLogin: () => void;
}

type ResetValues = z.input<typeof ResetPasswordRequest>;
type ResetField = Exclude<keyof ResetValues, 'login'>;

function ResetStep({ locale, t, login, countdown, onOtherLogin }: ResetProps) {
  const [resent, setResent] = useState(false);
  const [challenge, setChallenge] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useForm<ResetValues, unknown, ResetPasswordRequest>({
    resolver: zodResolver(ResetPasswordRequest, schemaParseOptions),
    defaultValues: { login, code: '', password: '', password_confirmation: '' },
  });
  const { register, formState } = form;
  const { errors } = formState;
  // The find form has just been replaced: move focus to the new step so keyboard and screen reader users follow.
  useEffect(() => headingRef.current?.focus(), []);
  const { submit, failure, busy } = useFormSave(
    form,
    locale,
    async (values) => {
      const answer = await resetPassword(values);
      // Two-step sign-in on (decision 180): the code replaced the password, not the app's code.
      if (typeof answer !== 'string') {
        setChallenge(answer.challenge);
        return;
      }
      pageNavigation.assign(sitePage(locale, '/'));
    },
    // The login is not a control here; a complaint about it belongs to the code (both came together).
    { rename: { login: 'code' } },
  );
  const resend = async () => {
    setResent(false);
    try {
      countdown.start((await requestPasswordReset(login)).resend_available_in);
      setResent(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === HttpStatus.tooManyRequests) countdown.start(60);
      reportRequestError(error);
    }
  };
  const field = (name: ResetField) => failureText(errors[name]?.message, locale);
  if (challenge) {
    return (
      <Suspense fallback={<p className="auth-intro" aria-busy="true" />}>
        <SecondStepForm
          locale={locale}
          t={t}
          challenge={challenge}
          onSignedIn={() => pageNavigation.assign(sitePage(locale, '/'))}
          // The new password is set: going back means signing in with it.
          onBack={() => pageNavigation.assign(sitePage(locale, '/login'))}
        />
      </Suspense>
    );
  }
  return (
    <div>
      <h2 ref={headingRef} className="auth-subheading" tabIndex={-1}>
        {t('auth.createNewPassword')}
      </h2>
      <p className="auth-intro" role="status">
        {t('account.forgot.codeSent', { login })}
      </p>
      <form className="auth-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
        <AuthAlert id="reset-failure" text={failure} />
        <CodeInput
          id="reset-code"
          label={t('verification.enterCode')}
          hint={t('account.hint.code')}
          error={field('code')}
          registration={register('code')}
        />
        <AuthInput
          id="reset-password"
          label={t('account.field.newPassword')}
          hint={t('account.hint.password')}
          error={field('password')}
          type="password"
          autoComplete="new-password"
          required
          registration={register('password')}
        />
        <AuthInput
          id="reset-confirmation"
          label={t('account.field.passwordConfirmation')}
          error={field('password_confirmation')}
          type="password"
          autoComplete="new-password"
          required
          registration={register('password_confirmation')}
        />
        <SubmitButton busy={busy}>{t('account.forgot.submit')}</SubmitButton>
      </form>
      <ResendButton
        secondsLeft={countdown.secondsLeft}
        resent={resent}
        onResend={resend}
        label={t('verification.resend')}
        countdownLabel={(seconds) => t('verification.resendIn', { seconds })}
        resentLabel={t('account.verify.resent')}
      />
      <p className="auth-links">
        <button type="button" className="link-button" onClick={onOtherLogin}>
          {t('account.forgot.otherLogin')}
        </button>
      </p>
    </div>
  );
}
