// The company host's access step (decision 090): reads the hand-over code from the fragment, trades
// it for this host's session, and shows 'Access granted' with the way into the workspace, or 'Access
// denied'.
import '../../styles/company.css';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ButtonLink } from '../../components/Button.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { $access, $workspace, enterWithCode } from '../../lib/stores/workspace.ts';
import AccessDenied from './AccessDenied.tsx';
import { messagesTranslator, type Messages } from '../../i18n/translator.ts';
import { useProfileHref } from './use-profile-href.ts';

const continueId = 'access-continue';

export default function CompanyAccess({ messages, localePrefix }: { messages: Messages; localePrefix: string }) {
  const t = messagesTranslator(messages);
  const access = useStore($access);
  const workspace = useStore($workspace);
  const profileHref = useProfileHref(localePrefix);
  const workspaceHref = `${localePrefix}/`;

  useEffect(() => {
    const code = new URLSearchParams(location.hash.slice(1)).get('code') ?? '';
    // The code is spent once read; it must not stay in the address bar or the history.
    history.replaceState(null, '', location.pathname);
    enterWithCode(code).catch(reportRequestError);
  }, []);

  // 'Access granted' stays until the person continues: no change of page they did not ask for.
  useEffect(() => {
    if (access === 'granted') document.getElementById(continueId)?.focus();
  }, [access]);

  if (access === 'denied') return <AccessDenied t={t} profileHref={profileHref} />;
  if (access === 'granted' && workspace) {
    return (
      <section className="company-access" aria-labelledby="access-heading">
        <h1 id="access-heading">{t('company.access.granted')}</h1>
        <p role="status">
          {t('company.access.grantedText', { company: workspace.company.name, role: t(`company.role.${workspace.me.role}`) })}
        </p>
        <ButtonLink id={continueId} href={workspaceHref} variant="primary">
          {t('company.access.continue')}
        </ButtonLink>
      </section>
    );
  }
  return (
    <section className="company-access" aria-busy="true">
      <h1>{t('company.access.checking')}</h1>
      <Skeleton shape="text" className="company-skeleton-line" />
    </section>
  );
}
