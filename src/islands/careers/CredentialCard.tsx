// 'Download credential' (decision 190): a company-verified job as a signed credential the
// person can hand to anyone, who checks it on /verify (or with any VC-JOSE verifier) without an
// account. The person chooses whether it carries the latest public review round.
import { useState } from 'react';
import type { EmploymentDetails } from '../../../contract/careers.ts';
import type { Locale } from '../../../contract/locale.ts';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import Checkbox from '../../components/Checkbox.tsx';
import Icon from '../../components/Icon.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { localePrefixOf } from '../../lib/base/site-locale.ts';
import { downloadCredential } from '../../lib/stores/careers.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';

export default function CredentialCard({ job, locale, t }: { job: EmploymentDetails; locale: Locale; t: Translate }) {
  const hasPublicRound = job.reviews.some((r) => r.is_public);
  const [includeReview, setIncludeReview] = useState(false);
  const [busy, setBusy] = useState(false);
  const [verifyLink, setVerifyLink] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    try {
      const jwt = await downloadCredential(job.id, hasPublicRound && includeReview);
      setVerifyLink(`${localePrefixOf(locale)}/verify#vc=${jwt}`);
      notifySuccess(t('details.credential.downloaded'));
    } catch (error) {
      reportRequestError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('details.credential.title')} titleId="employment-credential" className="employment-credential">
      <p className="employment-muted employment-hint">{t('details.credential.hint', { company: job.company.name })}</p>
      {/* Who the file names as its issuer, in the ladder's words (decisions 257, 258). */}
      <p className="employment-hint" data-testid="credential-issuer">
        {job.company.verified_domain
          ? t('details.credential.issuer', { company: job.company.name, domain: job.company.verified_domain })
          : t('details.credential.issuerNotVerified', { company: job.company.name })}
      </p>
      {hasPublicRound ? (
        <Checkbox
          label={t('details.credential.includeReview')}
          hint={t('details.credential.includeReviewHint')}
          checked={includeReview}
          onChange={(event) => setIncludeReview(event.target.checked)}
        />
      ) : null}
      <div className="employment-credential-actions">
        <Button leading={<Icon name="verified" />} onClick={() => void download()} loading={busy} data-testid="download-credential">
          {t('details.credential.download')}
        </Button>
        {verifyLink ? (
          <a href={verifyLink} target="_blank" rel="noopener">
            {t('details.credential.checkIt')}
          </a>
        ) : null}
      </div>
    </Card>
  );
}
