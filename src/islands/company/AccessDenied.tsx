// 'Access denied' (SPEC §2 company switching, §8): the company host's answer to a used, expired or
// foreign code, a non-member, or a session that ended. When the server said why a session ended
// (decision 243), the page says so, naming the company, instead of guessing at removal.
import { useStore } from '@nanostores/react';
import { ButtonLink } from '../../components/Button.tsx';
import Alert from '../../components/Alert.tsx';
import { $accessEnded } from '../../lib/stores/workspace.ts';
import type { Translate } from '../../i18n/translator.ts';

export default function AccessDenied({ t, profileHref }: { t: Translate; profileHref: string }) {
  const ended = useStore($accessEnded);
  return (
    <section className="company-access" aria-labelledby="access-heading">
      {ended ? (
        <>
          <h1 id="access-heading">{t('company.access.ended', { company: ended.companyName })}</h1>
          <Alert variant="error">{t(`company.access.ended.${ended.reason}`, { company: ended.companyName })}</Alert>
        </>
      ) : (
        <>
          <h1 id="access-heading">{t('company.access.denied')}</h1>
          <Alert variant="error">{t('company.access.deniedText')}</Alert>
          <p className="company-muted">{t('company.access.deniedHint')}</p>
        </>
      )}
      <ButtonLink href={profileHref} variant="primary">
        {t('company.backToProfile')}
      </ButtonLink>
    </section>
  );
}
