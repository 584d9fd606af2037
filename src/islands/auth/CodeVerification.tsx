// The code step of sign-up (SPEC §2 email and phone verification): the code from the email or SMS,
// 'The entered code is incorrect.' on a wrong one, and a resend button after a visible countdown.
// The page is for the person who has just signed up; anybody else is sent to sign in first.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { VerifyCodeRequest, type AccountKind, type AccountStatus, type CodeChannel } from '../../../contract/auth.ts';
import { HttpStatus } from '../../../contract/errors.ts';
import type { Locale } from '../../../contract/locale.ts';
import { fetchAccountStatus, resendCode, verifyCode } from '../../lib/stores/account.ts';
import { ApiError } from '../../lib/base/api-error.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import { pageNavigation } from '../../lib/base/page-navigation.ts';
import AuthAlert from './AuthAlert.tsx';
import { CodeInput } from './AuthInput.tsx';
import { useRegistrationStatus } from './use-registration-status.ts';
import { messagesTranslator, type Messages } from '../../i18n/translator.ts';
import { nextPageReturning, pageLink, registrationPage, sitePage } from './registration-pages.ts';
import { returnPathFrom } from '../../lib/base/guards.ts';
import ResendButton from './ResendButton.tsx';
import { useCountdown } from './use-countdown.ts';
import SubmitButton from './SubmitButton.tsx';

interface Props {
  channel: CodeChannel;
  /** The kind of account the page is for; the account's own kind wins once it is known. */
  kind: AccountKind;
  locale: Locale;
  messages: Messages;
}

type Values = z.input<typeof VerifyCodeRequest>;

const stepOf = { email: 'email_verification', phone: 'phone_verification' } as const;

export default function CodeVerification({ channel, kind, locale, messages }: Props) {
  const t = messagesTranslator(messages);
  const [account, setAccount] = useState<AccountStatus | undefined>();
  const [resent, setResent] = useState(false);
  const countdown = useCountdown();
  const { start } = countdown;
  const form = useForm<Values, unknown, VerifyCodeRequest>({
    resolver: zodResolver(VerifyCodeRequest, schemaParseOptions),
  });
  const { register, formState } = form;
  const { errors } = formState;

  useRegistrationStatus(locale, (status) => {
    // Opened again after this step was done (back button, bookmark): continue where sign-up is.
    if (status.next_step !== stepOf[channel]) {
      pageNavigation.assign(sitePage(locale, registrationPage(status.next_step, status.kind)));
      return;
    }
    setAccount(status);
    start(channel === 'email' ? status.email_resend_available_in : status.phone_resend_available_in);
  });

  const { submit, failure, busy } = useFormSave(
    form,
    locale,
    async ({ code }) => {
      const status = await verifyCode(channel, code);
      // A person who came from an invitation goes back to it once the email is verified.
      pageNavigation.assign(nextPageReturning(locale, status.next_step, status.kind, returnPathFrom(location.search, location.origin)));
    },
    { onto: 'code' },
  );

  const resend = async () => {
    setResent(false);
    try {
      start((await resendCode(channel)).resend_available_in);
      setResent(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === HttpStatus.tooManyRequests) {
        // The 429 names the seconds left; the transport keeps only its message, the status has them too.
        const status = await fetchAccountStatus().catch(() => undefined);
        if (status) start(channel === 'email' ? status.email_resend_available_in : status.phone_resend_available_in);
      }
      reportRequestError(error);
    }
  };

  const address = account ? (channel === 'email' ? account.email : (account.phone ?? '')) : '';
  const accountKind = account?.kind ?? kind;
  return (
    <div className="auth-verification">
      {/* Holds its line before the status arrives, so the form below does not move (no layout shift). */}
      <p className="auth-intro" aria-live="polite">
        {address ? t(channel === 'email' ? 'account.verify.emailIntro' : 'account.verify.phoneIntro', { address }) : '\u00a0'}
      </p>
      <form className="auth-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
        <AuthAlert id="code-failure" text={failure} />
        <CodeInput
          id="verify-code"
          label={t('verification.enterCode')}
          hint={t('account.hint.code')}
          error={failureText(errors.code?.message, locale)}
          registration={register('code')}
        />
        <SubmitButton busy={busy}>{busy ? t('account.verify.submitting') : t('account.verify.submit')}</SubmitButton>
      </form>
      <ResendButton
        secondsLeft={account ? countdown.secondsLeft : undefined}
        resent={resent}
        onResend={resend}
        label={t('verification.resend')}
        countdownLabel={(seconds) => t('verification.resendIn', { seconds })}
        resentLabel={t('account.verify.resent')}
      />
      {channel === 'email' ? (
        <p className="auth-links">
          <a href={pageLink(locale, registrationPage('email_change', accountKind))}>{t('account.verify.changeEmail')}</a>
        </p>
      ) : null}
    </div>
  );
}
