// Corrects a mistyped address during sign-up (SPEC §2 /create-account/email-change): the new address
// replaces the unverified one and gets a fresh code, then the email code step follows again.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EmailChangeRequest, type AccountKind, type AccountStatus } from '../../../contract/auth.ts';
import type { Locale } from '../../../contract/locale.ts';
import { changeEmail } from '../../lib/stores/account.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import { pageNavigation } from '../../lib/base/page-navigation.ts';
import AuthAlert from './AuthAlert.tsx';
import AuthInput from './AuthInput.tsx';
import { useRegistrationStatus } from './use-registration-status.ts';
import { messagesTranslator, type Messages } from '../../i18n/translator.ts';
import { pageLink, registrationPage, sitePage } from './registration-pages.ts';
import SubmitButton from './SubmitButton.tsx';

interface Props {
  kind: AccountKind;
  locale: Locale;
  messages: Messages;
}

type Values = z.input<typeof EmailChangeRequest>;

export default function EmailChange({ kind, locale, messages }: Props) {
  const t = messagesTranslator(messages);
  const [account, setAccount] = useState<AccountStatus | undefined>();
  const form = useForm<Values, unknown, EmailChangeRequest>({
    resolver: zodResolver(EmailChangeRequest, schemaParseOptions),
  });
  const { register, formState } = form;
  const { errors } = formState;

  useRegistrationStatus(locale, (status) => {
    // A verified address can no longer be corrected here: continue with the step that is due.
    if (status.email_verified) pageNavigation.assign(sitePage(locale, registrationPage(status.next_step, status.kind)));
    else setAccount(status);
  });

  const accountKind = account?.kind ?? kind;
  const { submit, failure, busy } = useFormSave(
    form,
    locale,
    async ({ email, current_password: currentPassword }) => {
      const status = await changeEmail(email, currentPassword);
      pageNavigation.assign(sitePage(locale, registrationPage('email_verification', status.kind)));
    },
    { onto: 'email' },
  );

  return (
    <div>
      <p className="auth-intro" aria-live="polite">
        {account ? t('account.emailChange.current', { address: account.email }) : '\u00a0'}
      </p>
      <form className="auth-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
        <AuthAlert id="change-email-failure" text={failure} />
        <AuthInput
          id="change-email"
          label={t('account.field.newEmail')}
          error={failureText(errors.email?.message, locale)}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          registration={register('email')}
        />
        {/* A session alone must not move the account to another address (decision 235). */}
        <AuthInput
          id="change-email-password"
          label={t('account.field.password')}
          error={failureText(errors.current_password?.message, locale)}
          type="password"
          autoComplete="current-password"
          required
          registration={register('current_password')}
        />
        <SubmitButton busy={busy}>{t('account.emailChange.submit')}</SubmitButton>
      </form>
      <p className="auth-links">
        <a href={pageLink(locale, registrationPage('email_verification', accountKind))}>{t('account.emailChange.back')}</a>
      </p>
    </div>
  );
}
