// /invitation?token=… (SPEC §2 'Invitation'): 'Confirm your identity'. Reads the token and
// the invitation in the browser (the page itself is prerendered and public). Signed out: who invites
// which address, with 'Sign in' and 'Create account' that come back here. Signed in as the invited
// person: 'Is this your profile?', then the company, position and team with 'Accept invitation' and
// 'Decline'. Signed in as someone else: the invitation is for another address, and 'No, sign in'.
// The calls load on demand, so the page starts with the same small script as /login.
import '../../styles/company.css';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { InvitationView } from '../../../contract/companies.ts';
import Alert from '../../components/Alert.tsx';
import Avatar from '../../components/Avatar.tsx';
import Button, { ButtonLink } from '../../components/Button.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { returnToParam } from '../../lib/base/guards.ts';
import { $token } from '../../lib/stores/session.ts';
import { useHydrated } from '../../components/use-hydrated.ts';
import type { Locale } from '../../../contract/locale.ts';
import { messagesTranslator, type Messages, type Translate } from '../../i18n/translator.ts';
import { failureText } from '../../lib/base/failure-text.ts';

type Step =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'closed'; invitation: InvitationView & { status: Exclude<InvitationView['status'], 'pending'> } }
  | { kind: 'signed-out'; invitation: InvitationView }
  | { kind: 'other-address'; invitation: InvitationView; current: string }
  | { kind: 'confirm'; invitation: InvitationView; name: string; photo: string | null }
  | { kind: 'answer'; invitation: InvitationView }
  | { kind: 'done'; invitation: InvitationView; accepted: boolean };

const companies = () => import('../../lib/stores/companies.ts');

async function readStep(token: string, signedIn: boolean): Promise<Step> {
  const { loadInvitation } = await companies();
  let invitation: InvitationView;
  try {
    invitation = await loadInvitation(token);
  } catch {
    return { kind: 'invalid' };
  }
  if (invitation.status !== 'pending') return { kind: 'closed', invitation: { ...invitation, status: invitation.status } };
  if (!signedIn) return { kind: 'signed-out', invitation };
  const { invitationReader } = await import('../../lib/stores/invitation-reader.ts');
  return { ...(await invitationReader(invitation.email)), invitation };
}

export default function InvitationPage({ messages, locale, localePrefix }: { messages: Messages; locale: Locale; localePrefix: string }) {
  const t = messagesTranslator(messages);
  const hydrated = useHydrated();
  const token = useStore($token);
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [invitationToken] = useState(() =>
    typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('token') ?? ''),
  );

  useEffect(() => {
    const read: Promise<Step> = invitationToken ? readStep(invitationToken, token !== '') : Promise.resolve({ kind: 'invalid' });
    read.then(setStep, (error: unknown) => setFailure(failureText(error, locale)));
    // The token cookie is read once; signing out leaves the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const here = `${localePrefix}/invitation?token=${encodeURIComponent(invitationToken)}`;
  const back = `${returnToParam}=${encodeURIComponent(here)}`;
  // 'No, sign in' from another address's session: the sign-in form starts with the invited one.
  const signOut = () =>
    void companies().then(({ signOutAndReturn }) =>
      signOutAndReturn(here, localePrefix, step.kind === 'other-address' ? step.invitation.email : undefined),
    );
  const answer = async (invitation: InvitationView, choice: 'accept' | 'decline') => {
    setBusy(choice);
    setFailure(null);
    try {
      const { answerInvitation } = await companies();
      await answerInvitation(invitationToken, choice);
      setStep({ kind: 'done', invitation, accepted: choice === 'accept' });
    } catch (error) {
      setFailure(failureText(error, locale));
    } finally {
      setBusy(null);
    }
  };

  const invites = (invitation: InvitationView) =>
    t('invitation.invites', { inviter: invitation.inviter, email: invitation.email, company: invitation.company.name });
  let body: React.ReactNode;
  if (!hydrated || step.kind === 'loading') {
    body = (
      <div aria-busy="true">
        <p role="status">{t('invitation.loading')}</p>
        <Skeleton shape="text" className="company-skeleton-line" />
      </div>
    );
  } else if (step.kind === 'invalid') {
    body = <Alert>{t('invitation.invalid')}</Alert>;
  } else if (step.kind === 'closed') {
    body = <Alert variant="info">{t(`invitation.status.${step.invitation.status}`)}</Alert>;
  } else if (step.kind === 'signed-out') {
    body = (
      <>
        <p>{invites(step.invitation)}</p>
        <p className="company-muted">{t('invitation.signInFirst')}</p>
        <div className="company-actions">
          <ButtonLink variant="primary" href={`${localePrefix}/login?email=${encodeURIComponent(step.invitation.email)}&${back}`}>
            {t('invitation.signIn')}
          </ButtonLink>
          <ButtonLink href={`${localePrefix}/create-account?email=${encodeURIComponent(step.invitation.email)}&${back}`}>
            {t('invitation.createAccount')}
          </ButtonLink>
        </div>
      </>
    );
  } else if (step.kind === 'other-address') {
    body = (
      <>
        <p>{t('invitation.otherAddress', { email: step.invitation.email, current: step.current })}</p>
        <div className="company-actions">
          <Button variant="primary" onClick={signOut}>
            {t('invitation.noSignIn')}
          </Button>
        </div>
      </>
    );
  } else if (step.kind === 'confirm') {
    body = (
      <>
        <p>{invites(step.invitation)}</p>
        <h2>{t('invitation.isThisYou')}</h2>
        <div className="company-brand-head">
          <Avatar name={step.name} src={step.photo} size="large" />
          <div>
            <p className="company-brand-name">{step.name}</p>
            <p className="company-muted">{step.invitation.email}</p>
          </div>
        </div>
        <div className="company-actions">
          <Button variant="primary" onClick={() => setStep({ kind: 'answer', invitation: step.invitation })}>
            {t('invitation.yes')}
          </Button>
          <Button onClick={signOut}>{t('invitation.noSignIn')}</Button>
        </div>
      </>
    );
  } else if (step.kind === 'answer') {
    body = <InvitationOffer invitation={step.invitation} t={t} busy={busy} onAnswer={(choice) => void answer(step.invitation, choice)} />;
  } else {
    body = (
      <>
        <Alert variant="info">
          {t(step.accepted ? 'invitation.accepted' : 'invitation.declinedDone', { company: step.invitation.company.name })}
        </Alert>
        <div className="company-actions">
          {step.accepted ? (
            <ButtonLink variant="primary" href={`${localePrefix}/company-access?company=${step.invitation.company.id}`}>
              {t('invitation.openWorkspace')}
            </ButtonLink>
          ) : null}
          <ButtonLink href={`${localePrefix}/`}>{t('invitation.goProfile')}</ButtonLink>
        </div>
      </>
    );
  }
  return (
    <div className="company-stack">
      {failure ? <Alert>{failure}</Alert> : null}
      {body}
    </div>
  );
}

/** The offer itself: the company with the position and team, and 'Accept invitation' and 'Decline'. */
function InvitationOffer({
  invitation,
  t,
  busy,
  onAnswer,
}: {
  invitation: InvitationView;
  t: Translate;
  busy: 'accept' | 'decline' | null;
  onAnswer: (choice: 'accept' | 'decline') => void;
}) {
  return (
    <>
      <div className="company-brand-head">
        <Avatar name={invitation.company.name} src={invitation.company.logo_url} size="large" square />
        <p className="company-brand-name">{invitation.company.name}</p>
      </div>
      <dl className="company-facts">
        <dt>{t('invitation.company')}</dt>
        <dd>{invitation.company.name}</dd>
        {invitation.position ? (
          <>
            <dt>{t('invitation.position')}</dt>
            <dd>{invitation.position}</dd>
          </>
        ) : null}
        {invitation.team ? (
          <>
            <dt>{t('invitation.team')}</dt>
            <dd>{invitation.team}</dd>
          </>
        ) : null}
      </dl>
      <div className="company-actions">
        <Button variant="primary" loading={busy === 'accept'} disabled={busy !== null} onClick={() => onAnswer('accept')}>
          {t('invitation.accept')}
        </Button>
        <Button variant="danger" loading={busy === 'decline'} disabled={busy !== null} onClick={() => onAnswer('decline')}>
          {t('invitation.decline')}
        </Button>
      </div>
    </>
  );
}
