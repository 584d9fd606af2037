// A verified domain linked both ways (decision 258): the workspace offers the domain's
// did-configuration.json (a Domain Linkage Credential signed with the company's credential key) with
// where to host it, and says what the last check found: linked both ways, not linked and why, or not
// checked yet. "Check now" on the domain checks it too; the daily re-check keeps it current.
import { useState } from 'react';
import type { CompanyDomain, DomainLinkageFailure } from '../../../contract/company-domains.ts';
import type { Locale } from '../../../contract/locale.ts';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { formatDateTime } from '../../lib/base/dates.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { downloadDomainDidConfiguration } from '../../lib/stores/workspace-domains.ts';

const stateVariant = { linked: 'success', not_linked: 'attention', not_checked: 'neutral' } as const;

/** Why not, in words: the linkage's own reasons, or the fetch's (the file check's words). */
function reasonOf(t: Translate, failure: DomainLinkageFailure): string {
  if (failure === 'not_json' || failure === 'not_linked' || failure === 'bad_signature' || failure === 'expired')
    return t(`company.domains.linkage.reason.${failure}`);
  return t(`company.domains.reason.${failure}`);
}

export default function DomainLinkage({ domain, locale, t }: { domain: CompanyDomain; locale: Locale; t: Translate }) {
  const [busy, setBusy] = useState(false);
  const { linkage } = domain;
  const headingId = `domain-${domain.id}-linkage`;
  const download = async () => {
    setBusy(true);
    try {
      await downloadDomainDidConfiguration(domain.id);
      notifySuccess(t('company.domains.linkage.downloaded', { address: domain.did_configuration_url }));
    } catch (error) {
      reportRequestError(error);
    } finally {
      setBusy(false);
    }
  };
  const reason = linkage.failure === null ? '' : reasonOf(t, linkage.failure);
  return (
    <section className="company-domain-linkage" aria-labelledby={headingId} data-testid="domain-linkage">
      <div className="company-domain-head">
        <h4 id={headingId}>{t('company.domains.linkage.title')}</h4>
        <Badge variant={stateVariant[linkage.state]}>{t(`company.domains.linkage.state.${linkage.state}`)}</Badge>
      </div>
      <p className="company-muted">
        {linkage.state === 'linked'
          ? t('company.domains.linkage.linkedText', { date: formatDateTime(linkage.checked_at!, locale), domain: domain.display })
          : linkage.state === 'not_linked'
            ? t('company.domains.linkage.notLinkedText', { date: formatDateTime(linkage.checked_at!, locale), reason })
            : t(domain.method === 'demo' ? 'company.domains.linkage.demoText' : 'company.domains.linkage.notCheckedText')}
      </p>
      <p>{t('company.domains.linkage.intro', { domain: domain.display })}</p>
      <dl className="company-domain-value">
        <dt>{t('company.domains.linkage.address')}</dt>
        <dd>
          <code>{domain.did_configuration_url}</code>
        </dd>
      </dl>
      <div className="company-row-actions">
        <Button
          size="small"
          variant="secondary"
          loading={busy}
          onClick={() => void download()}
          aria-label={t('company.domains.linkage.downloadLabel', { domain: domain.display })}
        >
          {t('company.domains.linkage.download')}
        </Button>
      </div>
    </section>
  );
}
