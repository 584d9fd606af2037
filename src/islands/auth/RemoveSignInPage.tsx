// /remove-sign-in?token=… (decisions 235 and 278): the undo link of every security mail, and the link a
// password reset's mail gives each passkey and two-step sign-in that stayed. The page words its one
// question by what the token names, asks once (a mail scanner that opens the link changes nothing),
// then undoes it; a password change is undone by setting a new password here. Every session of the
// account ends with it, so the next step is signing in.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { RemoveSignInRequest, undoKindOf, type RemovedSignIn, type UndoKind } from '../../../contract/sign-in-removal.ts';
import Alert from '../../components/Alert.tsx';
import Button, { ButtonLink } from '../../components/Button.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import { useHydrated } from '../../components/use-hydrated.ts';
import { messagesTranslator, type Messages, type Translate } from '../../i18n/translator.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { removeSignInByLink } from '../../lib/stores/sign-in-removal.ts';
import AuthAlert from './AuthAlert.tsx';
import AuthInput from './AuthInput.tsx';
import SubmitButton from './SubmitButton.tsx';

type Props = { messages: Messages; locale: Locale; localePrefix: string };

export default function RemoveSignInPage({ messages, locale, localePrefix }: Props) {
  const t = messagesTranslator(messages);
  // Read once hydrated: the prerendered page has no token, and the first render must match it.
  const hydrated = useHydrated();
  const token = hydrated ? (new URLSearchParams(location.search).get('token') ?? '') : '';
  const [removed, setRemoved] = useState<RemovedSignIn | null>(null);
  const kind = undoKindOf(token);

  if (removed) return <Undone t={t} removed={removed} localePrefix={localePrefix} />;
  return (
    <>
      <p>{t(introKey(kind))}</p>
      {kind === 'w' ? (
        <NewPasswordForm key={token} t={t} locale={locale} token={token} onDone={setRemoved} />
      ) : (
        <UndoButton t={t} locale={locale} token={token} kind={kind} onDone={setRemoved} />
      )}
    </>
  );
}

const introKey = (kind: UndoKind | undefined) => (kind ? (`removeSignIn.intro.${kind}` as const) : 'removeSignIn.intro');

function Undone({ t, removed, localePrefix }: { t: Translate; removed: RemovedSignIn; localePrefix: string }) {
  return (
    <>
      <Alert variant="info">{t(`removeSignIn.done.${removed.kind}`, { name: removed.name ?? '' })}</Alert>
      <p>{t('removeSignIn.signedOut')}</p>
      <ButtonLink variant="primary" href={`${localePrefix}/login`}>
        {t('removeSignIn.signIn')}
      </ButtonLink>
    </>
  );
}

type StepProps = { t: Translate; locale: Locale; token: string; onDone: (removed: RemovedSignIn) => void };

function UndoButton({ t, locale, token, kind, onDone }: StepProps & { kind: UndoKind | undefined }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const undo = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onDone(await removeSignInByLink({ token }));
    } catch (error) {
      setFailure(failureText(error, locale));
    } finally {
      setBusy(false);
    }
  };
  // Putting two-step sign-in back on is not a removal: it is not worded or coloured as one.
  const restores = kind === 'd' || kind === 'a' || kind === 'o' || kind === 'k';
  return (
    <>
      {failure ? <Alert>{failure}</Alert> : null}
      <Button variant={restores ? 'primary' : 'danger'} loading={busy} onClick={() => void undo()}>
        {t(
          kind === 'd'
            ? 'removeSignIn.button.restore'
            : kind === 'a' || kind === 'o' || kind === 'k'
              ? 'removeSignIn.button.address'
              : 'removeSignIn.button',
        )}
      </Button>
    </>
  );
}

type PasswordValues = z.input<typeof RemoveSignInRequest>;

function NewPasswordForm({ t, locale, token, onDone }: StepProps) {
  const form = useForm<PasswordValues, unknown, RemoveSignInRequest>({
    resolver: zodResolver(RemoveSignInRequest, schemaParseOptions),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;
  const { submit, failure, busy } = useFormSave(form, locale, async (values) => onDone(await removeSignInByLink(values)), {
    rename: { token: 'password' },
  });
  const field = (name: 'password' | 'password_confirmation') => failureText(errors[name]?.message, locale);
  return (
    <form className="auth-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
      <AuthAlert id="undo-failure" text={failure} />
      <AuthInput
        id="undo-password"
        label={t('account.field.newPassword')}
        hint={t('account.hint.password')}
        error={field('password')}
        type="password"
        autoComplete="new-password"
        required
        registration={form.register('password')}
      />
      <AuthInput
        id="undo-confirmation"
        label={t('account.field.passwordConfirmation')}
        error={field('password_confirmation')}
        type="password"
        autoComplete="new-password"
        required
        registration={form.register('password_confirmation')}
      />
      <SubmitButton busy={busy}>{t('removeSignIn.button.password')}</SubmitButton>
    </form>
  );
}
