// The sign-in form (SPEC §2 /login): email or phone and password. A failed sign-in shows its reason
// in the form, because the login call hands failures to the caller with no toast (SPEC §8).
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { LoginRequest } from '../../../contract/auth.ts';
import { HttpStatus } from '../../../contract/errors.ts';
import type { Locale } from '../../../contract/locale.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import { formMessage } from '../../lib/forms/form-messages.ts';
import { lazyResolver } from '../../lib/forms/lazy-resolver.ts';
import { formErrorAttribute, scrollToFirstError } from '../../lib/forms/scroll-to-error.ts';
import { applyServerViolations } from '../../lib/forms/server-violations.ts';
import { returnPathFrom } from '../../lib/guards.ts';
import { pageNavigation } from '../../lib/page-navigation.ts';
import AuthInput from './AuthInput.tsx';
import LoginField from './LoginField.tsx';
import { messagesTranslator, type Messages } from '../../i18n/translator.ts';
import { registrationPage, sitePage } from './registration-pages.ts';
import SubmitButton from './SubmitButton.tsx';
import { useLiveMarker } from '../app/use-hydrated.ts';

interface Props {
  locale: Locale;
  messages: Messages;
}

type Values = z.input<typeof LoginRequest>;

// Validation and the sign-in calls (zod, the contract's schemas, the API client) load apart from the
// page (decision 158). The page hydrates this form when the person first uses it (client:interaction,
// decision 159), so they start loading as it mounts; a submit waits for them if they are not there yet.
const loadValidation = () => import('./login-validation.ts');
const validation = lazyResolver<Values, unknown, LoginRequest>(() => loadValidation().then((m) => m.loginResolver));

const failureId = 'login-failure';
// The second step of two-step sign-in (decision 180) loads only for a sign-in that needs it.
const SecondStepForm = lazy(() => import('./SecondStepForm.tsx'));

/** Where a signed-in person goes: back to the page that sent them, an unfinished sign-up step, or home. */
async function destinationAfterSignIn(locale: Locale): Promise<string> {
  const back = returnPathFrom(location.search, location.origin);
  if (back) return back;
  try {
    const { fetchAccountStatus } = await loadValidation();
    const account = await fetchAccountStatus();
    if (account.next_step !== 'completed') return sitePage(locale, registrationPage(account.next_step, account.kind));
  } catch {
    // The profile page can load without the status; it is only a shortcut to an unfinished step.
  }
  return sitePage(locale, '/');
}

export default function LoginForm({ locale, messages }: Props) {
  const t = messagesTranslator(messages);
  const live = useLiveMarker();
  const [failure, setFailure] = useState('');
  const [challenge, setChallenge] = useState('');
  const { register, handleSubmit, setError, formState } = useForm<Values, unknown, LoginRequest>({
    resolver: validation.resolver,
  });
  const { errors, isSubmitting } = formState;
  useEffect(() => validation.preload(), []);

  const submit = handleSubmit(
    async (values) => {
      setFailure('');
      try {
        const { logIn } = await loadValidation();
        const answer = await logIn(values);
        if (typeof answer !== 'string') {
          setChallenge(answer.challenge);
          return;
        }
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        if (applyServerViolations(error, (field, message) => setError(field as keyof Values, { type: 'server', message }))) return;
        // The right password of a closed account (issue 15): the page that says so.
        if (error instanceof ApiError && error.code === 'account_closed') {
          pageNavigation.assign(sitePage(locale, '/account-closed'));
          return;
        }
        if (status === HttpStatus.unauthorized) {
          setFailure(t('account.loginFailed'));
        } else if (status === HttpStatus.tooManyRequests) {
          setFailure(t('account.tooManyTries'));
        } else {
          // The API client's failures carry a message in the page's language; anything else (the form's code
          // failing to load, say) gets the generic one rather than a technical text in English.
          setFailure(error instanceof ApiError && error.message ? error.message : t('error.generic'));
        }
        requestAnimationFrame(() => document.getElementById(failureId)?.focus());
        return;
      }
      pageNavigation.assign(await destinationAfterSignIn(locale));
    },
    () => requestAnimationFrame(() => scrollToFirstError()),
  );

  if (challenge) {
    return (
      <Suspense fallback={<p className="auth-intro" aria-busy="true" />}>
        <SecondStepForm
          locale={locale}
          t={t}
          challenge={challenge}
          onSignedIn={async () => pageNavigation.assign(await destinationAfterSignIn(locale))}
          onBack={(reason) => {
            setChallenge('');
            setFailure(reason ?? '');
            if (reason) requestAnimationFrame(() => document.getElementById(failureId)?.focus());
          }}
        />
      </Suspense>
    );
  }

  return (
    <form className="auth-form" method="post" noValidate onSubmit={submit} {...live}>
      <p
        id={failureId}
        className="auth-alert"
        role="alert"
        tabIndex={-1}
        hidden={!failure}
        {...{ [formErrorAttribute]: '' }}
      >
        {failure}
      </p>
      <LoginField
        id="login-login"
        label={t('account.field.login')}
        error={formMessage(errors.login?.message, locale)}
        registration={register('login')}
      />
      <AuthInput
        id="login-password" label={t('account.field.password')} error={formMessage(errors.password?.message, locale)}
        type="password"
        autoComplete="current-password"
        required
        registration={register('password')}
      />
      <SubmitButton busy={isSubmitting} heldUntilLive>
        {isSubmitting ? t('account.signingIn') : t('auth.signIn')}
      </SubmitButton>
    </form>
  );
}
