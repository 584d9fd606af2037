// The sign-in form (SPEC §2 /login): email or phone and password. A failed sign-in shows its reason
// in the form, because the login call hands failures to the caller with no toast (SPEC §8).
import { lazy, Suspense, useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { LoginRequest } from '../../../contract/auth.ts';
import { HttpStatus } from '../../../contract/errors.ts';
import type { Locale } from '../../../contract/locale.ts';
import { ApiError } from '../../lib/base/api-error.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { lazyResolver } from '../../lib/forms/lazy-resolver.ts';
import { scrollToFirstError } from '../../lib/forms/scroll-to-error.ts';
import { applyServerViolations } from '../../lib/forms/server-violations.ts';
import { returnPathFrom } from '../../lib/base/guards.ts';
import { pageNavigation } from '../../lib/base/page-navigation.ts';
import AuthAlert from './AuthAlert.tsx';
import AuthInput from './AuthInput.tsx';
import LoginField from './LoginField.tsx';
import { messagesTranslator, type Messages, type Translate } from '../../i18n/translator.ts';
import { registrationPage, sitePage } from './registration-pages.ts';
import SubmitButton from './SubmitButton.tsx';
import { useLiveMarker } from '../../components/use-live-marker.ts';
import { tooManyTriesText } from '../../lib/base/retry-after.ts';

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
// Passkeys (decision 206): @simplewebauthn/browser and the calls load once the form is in use and the
// browser can use passkeys at all, never with the page.
const loadPasskeys = () => import('../../lib/stores/passkey-ceremony.ts');
const passkeyFailureId = 'login-passkey-failure';

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
  const [challenge, setChallenge] = useState<{ value: string; passkey: boolean } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Values, unknown, LoginRequest>({
    resolver: validation.resolver,
  });
  const { errors, isSubmitting } = formState;
  useEffect(() => validation.preload(), []);

  const { passkeyFailure, passkeyBusy, signInWithPasskey } = usePasskeySignIn(locale, t, challenge !== null);

  const submit = handleSubmit(
    async (values) => {
      setFailure('');
      try {
        const { logIn } = await loadValidation();
        const answer = await logIn(values);
        if (typeof answer !== 'string') {
          setChallenge({ value: answer.challenge, passkey: answer.passkey ?? false });
          return;
        }
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        if (applyServerViolations(error, (field, message) => setError(field as keyof Values, { type: 'server', message }))) return;
        // The right password of a closed account: the page that says so.
        if (error instanceof ApiError && error.code === 'account_closed') {
          pageNavigation.assign(sitePage(locale, '/account-closed'));
          return;
        }
        if (status === HttpStatus.unauthorized) {
          setFailure(t('account.loginFailed'));
        } else if (status === HttpStatus.tooManyRequests) {
          setFailure(tooManyTriesText(error, t, locale));
        } else {
          // The API client's failures carry a message in the page's language; anything else (the form's code
          // failing to load, say) gets the generic one rather than a technical text in English.
          setFailure(failureText(error, locale));
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
          challenge={challenge.value}
          passkey={challenge.passkey}
          onSignedIn={async () => pageNavigation.assign(await destinationAfterSignIn(locale))}
          onBack={(reason) => {
            setChallenge(null);
            setFailure(reason ?? '');
            if (reason) requestAnimationFrame(() => document.getElementById(failureId)?.focus());
          }}
        />
      </Suspense>
    );
  }

  return (
    <div className="auth-sign-in" {...live}>
      <form className="auth-form" method="post" noValidate onSubmit={submit}>
        <AuthAlert id={failureId} text={failure} />
        <LoginField
          id="login-login"
          label={t('account.field.login')}
          error={failureText(errors.login?.message, locale)}
          registration={register('login')}
          passkeys
        />
        <AuthInput
          id="login-password"
          label={t('account.field.password')}
          error={failureText(errors.password?.message, locale)}
          type="password"
          autoComplete="current-password"
          required
          registration={register('password')}
        />
        <SubmitButton busy={isSubmitting} heldUntilLive>
          {isSubmitting ? t('account.signingIn') : t('auth.signIn')}
        </SubmitButton>
      </form>
      <p className="auth-divider">
        <span>{t('account.passkey.or')}</span>
      </p>
      {/* A form of its own: a press before the code runs is held and sent again (client:interaction). */}
      <form className="auth-form auth-passkey" method="post" noValidate onSubmit={(event) => void signInWithPasskey(event)}>
        <p id={passkeyFailureId} className="auth-alert" role="alert" tabIndex={-1} hidden={!passkeyFailure}>
          {passkeyFailure}
        </p>
        <button
          type="submit"
          className="ui-button auth-submit"
          data-size="large"
          data-block=""
          disabled={passkeyBusy}
          aria-busy={passkeyBusy || undefined}
        >
          <PasskeyIcon />
          {passkeyBusy ? t('account.passkey.signingIn') : t('account.passkey.signIn')}
        </button>
      </form>
    </div>
  );
}

/**
 * Signing in with a passkey: the button's ceremony, and the autofill one (conditional mediation) that
 * waits quietly while the form is shown (not `paused` by a second step); why one did not sign in.
 */
function usePasskeySignIn(locale: Locale, t: Translate, paused: boolean) {
  const [passkeyFailure, setPasskeyFailure] = useState('');
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  /** Says why a passkey did not sign in; a cancelled ceremony (or a quiet autofill one) says nothing. */
  const passkeyFailed = (error: unknown, quiet = false): void => {
    void loadPasskeys().then(({ isCancelled }) => {
      if (isCancelled(error)) return;
      const status = error instanceof ApiError ? error.status : 0;
      if (quiet && !(error instanceof ApiError)) return;
      setPasskeyFailure(status === HttpStatus.tooManyRequests ? tooManyTriesText(error, t, locale) : failureText(error, locale));
      requestAnimationFrame(() => document.getElementById(passkeyFailureId)?.focus());
    });
  };
  const autofillFailed = useEffectEvent((error: unknown) => passkeyFailed(error, true));
  const autofillSignedIn = useEffectEvent(async () => pageNavigation.assign(await destinationAfterSignIn(locale)));

  // Autofill-style sign-in (conditional mediation): where the browser offers it, the login field's
  // suggestions include this site's passkeys; choosing one signs in. It waits quietly until then.
  useEffect(() => {
    if (paused || typeof PublicKeyCredential === 'undefined' || !PublicKeyCredential.isConditionalMediationAvailable) return;
    let stopped = false;
    void PublicKeyCredential.isConditionalMediationAvailable().then(async (available) => {
      if (!available || stopped) return;
      try {
        const passkeys = await loadPasskeys();
        if (stopped) return;
        await passkeys.signInWithPasskey({ autofill: true });
      } catch (error) {
        if (!stopped) autofillFailed(error);
        return;
      }
      await autofillSignedIn();
    });
    return () => {
      stopped = true;
      void loadPasskeys().then((passkeys) => passkeys.cancelPasskeyRequest());
    };
  }, [paused]);

  const signInWithPasskey = async (event: FormEvent) => {
    event.preventDefault();
    setPasskeyFailure('');
    setPasskeyBusy(true);
    try {
      const passkeys = await loadPasskeys();
      if (!passkeys.browserSupportsWebAuthn()) {
        setPasskeyFailure(t('account.passkey.unsupported'));
        return;
      }
      await passkeys.signInWithPasskey();
    } catch (error) {
      passkeyFailed(error);
      return;
    } finally {
      setPasskeyBusy(false);
    }
    pageNavigation.assign(await destinationAfterSignIn(locale));
  };

  return { passkeyFailure, passkeyBusy, signInWithPasskey };
}

/** A person with a key: the passkey button's icon. */
function PasskeyIcon() {
  return (
    <svg className="auth-passkey-icon" aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
      <circle cx="9" cy="7" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M2 21v-1a6 6 0 0 1 9.5-4.9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="18" cy="13" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M18 16v5l1.5-1.5M18 19l1.5-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
