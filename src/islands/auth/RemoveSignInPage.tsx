// /remove-sign-in?token=… (issue 41; decision 235): the link a password reset's mail gives each passkey
// and two-step sign-in that stayed. The page asks once (a mail scanner that opens the link removes
// nothing), then removes it; every session of the account ends with it, so the next step is signing in.
import { useState } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import type { RemovedSignIn } from '../../../contract/sign-in-removal.ts';
import Alert from '../../components/Alert.tsx';
import Button, { ButtonLink } from '../../components/Button.tsx';
import { messagesTranslator, type Messages } from '../../i18n/translator.ts';
import { failureText } from '../../lib/failure-text.ts';
import { removeSignInByLink } from '../../lib/stores/sign-in-removal.ts';

export default function RemoveSignInPage({ messages, locale, localePrefix }: { messages: Messages; locale: Locale; localePrefix: string }) {
  const t = messagesTranslator(messages);
  const [token] = useState(() => (typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('token') ?? '')));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [removed, setRemoved] = useState<RemovedSignIn | null>(null);

  if (removed) {
    return (
      <>
        <Alert variant="info">
          {removed.kind === 'passkey' ? t('removeSignIn.donePasskey', { name: removed.name ?? '' }) : t('removeSignIn.doneTwoFactor')}
        </Alert>
        <p>{t('removeSignIn.signedOut')}</p>
        <ButtonLink variant="primary" href={`${localePrefix}/login`}>
          {t('removeSignIn.signIn')}
        </ButtonLink>
      </>
    );
  }
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setRemoved(await removeSignInByLink(token));
    } catch (error) {
      setFailure(failureText(error, locale));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p>{t('removeSignIn.intro')}</p>
      {failure ? <Alert>{failure}</Alert> : null}
      <Button variant="danger" loading={busy} onClick={() => void remove()}>
        {t('removeSignIn.button')}
      </Button>
    </>
  );
}
