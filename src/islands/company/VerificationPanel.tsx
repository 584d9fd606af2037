// The workspace's "Verification" place (decision 248), for owners and admins: add the
// company's domain, see exactly what to create (a TXT record's name and value, or a file's address and
// content, each copyable), press "Check now", and read the status and why the last check failed.
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AddDomainRequest, type CompanyDomain, type DomainCheckFailure } from '../../../contract/company-domains.ts';
import type { Locale } from '../../../contract/locale.ts';
import Badge from '../../components/Badge.tsx';
import DomainLinkage from './DomainLinkage.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import Field from '../../components/Field.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useConfirm } from '../../components/use-confirm.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import type { Translate } from '../../i18n/translator.ts';
import { formatDate, formatDateTime } from '../../lib/base/dates.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { notifyError, notifySuccess } from '../../lib/stores/toasts.ts';
import { $domains, addCompanyDomain, checkCompanyDomain, refreshDomains, removeCompanyDomain } from '../../lib/stores/workspace-domains.ts';

const badgeVariant = { verified: 'success', pending: 'attention', lapsed: 'danger' } as const;

function CopyValue({ label, value, t }: { label: string; value: string; t: Translate }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notifySuccess(t('company.domains.copied'));
    } catch {
      notifyError(t('company.domains.copyFailed'));
    }
  };
  return (
    <div className="company-domain-value">
      <dt>{label}</dt>
      <dd>
        <code>{value}</code>
        <Button size="small" onClick={() => void copy()} aria-label={t('company.domains.copyThe', { what: label })}>
          {t('company.domains.copy')}
        </Button>
      </dd>
    </div>
  );
}

function reasonText(t: Translate, reason: DomainCheckFailure): string {
  return t(`company.domains.reason.${reason}`);
}

function DomainItem({
  domain,
  checking,
  onCheck,
  onRemove,
  locale,
  t,
}: {
  domain: CompanyDomain;
  checking: boolean;
  onCheck: () => void;
  onRemove: () => void;
  locale: Locale;
  t: Translate;
}) {
  const headingId = `domain-${domain.id}`;
  const proved = domain.status === 'verified' && domain.method;
  return (
    <li className="company-domain" data-domain={domain.domain}>
      <div className="company-domain-head">
        <h3 id={headingId} className="company-row-title">
          {domain.display}
          {domain.display !== domain.domain ? <span className="company-muted"> ({domain.domain})</span> : null}
        </h3>
        <Badge variant={badgeVariant[domain.status]}>{t(`company.domains.status.${domain.status}`)}</Badge>
      </div>
      {proved && domain.verified_at ? (
        <p className="company-muted">
          {t('company.domains.verifiedBy', {
            date: formatDate(domain.verified_at, locale),
            method: t(`company.domains.method.${domain.method!}`),
          })}
        </p>
      ) : null}
      {domain.lapses_at ? (
        <p className="company-domain-warning">{t('company.domains.failing', { date: formatDate(domain.lapses_at, locale) })}</p>
      ) : null}
      {domain.status === 'lapsed' && domain.lapse_reason ? (
        <p className="company-domain-warning">{t(`company.domains.lapsed.${domain.lapse_reason}`)}</p>
      ) : null}
      {domain.last_failure ? (
        <div className="company-domain-failure" data-testid="domain-failure">
          <p className="company-row-title">{t('company.domains.failure.title')}</p>
          <ul>
            <li>{t('company.domains.failure.dns', { reason: reasonText(t, domain.last_failure.dns) })}</li>
            <li>{t('company.domains.failure.http', { reason: reasonText(t, domain.last_failure.http) })}</li>
          </ul>
        </div>
      ) : null}
      {domain.method !== 'demo' ? (
        <details className="company-domain-proof" open={domain.status !== 'verified'}>
          <summary>{t('company.domains.how')}</summary>
          <div className="company-domain-ways">
            <section aria-labelledby={`${headingId}-dns`}>
              <h4 id={`${headingId}-dns`}>{t('company.domains.dns.title')}</h4>
              <dl>
                <CopyValue label={t('company.domains.dns.name')} value={domain.proof.dns_name} t={t} />
                <CopyValue label={t('company.domains.dns.value')} value={domain.proof.dns_value} t={t} />
              </dl>
            </section>
            <section aria-labelledby={`${headingId}-http`}>
              <h4 id={`${headingId}-http`}>{t('company.domains.http.title')}</h4>
              <dl>
                <CopyValue label={t('company.domains.http.url')} value={domain.proof.http_url} t={t} />
                <CopyValue label={t('company.domains.http.body')} value={domain.proof.http_body} t={t} />
              </dl>
            </section>
          </div>
        </details>
      ) : null}
      {domain.status === 'verified' ? <DomainLinkage domain={domain} locale={locale} t={t} /> : null}
      <div className="company-row-actions">
        {domain.method !== 'demo' ? (
          <Button
            size="small"
            variant="primary"
            loading={checking}
            onClick={onCheck}
            aria-label={t('company.domains.checkLabel', { domain: domain.display })}
          >
            {t('company.domains.check')}
          </Button>
        ) : null}
        <Button size="small" variant="danger" onClick={onRemove} aria-label={t('company.domains.removeLabel', { domain: domain.display })}>
          {t('company.domains.remove')}
        </Button>
        {domain.last_checked_at ? (
          <span className="company-muted">
            {t('company.domains.lastChecked', { date: formatDateTime(domain.last_checked_at, locale) })}
          </span>
        ) : null}
      </div>
    </li>
  );
}

export default function VerificationPanel({ locale, t }: { locale: Locale; t: Translate }) {
  const domains = useStore($domains).data ?? null;
  const [checking, setChecking] = useState<number | null>(null);
  const { element: question, ask } = useConfirm({ cancelLabel: t('company.cancel'), closeLabel: t('company.close') });
  const form = useForm<AddDomainRequest, unknown, AddDomainRequest>({
    resolver: zodResolver(AddDomainRequest, schemaParseOptions),
    defaultValues: { domain: '' },
  });
  const { failure, busy, submit } = useFormSave(form, locale, async ({ domain }) => {
    const added = await addCompanyDomain(domain);
    form.reset({ domain: '' });
    notifySuccess(t('company.domains.added', { domain: added.display }));
  });

  useEffect(() => {
    refreshDomains().catch(reportRequestError);
  }, []);

  const check = async (domain: CompanyDomain) => {
    setChecking(domain.id);
    try {
      const checked = await checkCompanyDomain(domain.id);
      if (checked.last_failure) notifyError(t('company.domains.checked.failed', { domain: checked.display }));
      else notifySuccess(t('company.domains.checked.verified', { domain: checked.display }));
    } catch (error) {
      reportRequestError(error);
    } finally {
      setChecking(null);
    }
  };

  const remove = async (domain: CompanyDomain) => {
    const sure = await ask(t('company.domains.removeQuestion', { domain: domain.display }), {
      title: t('company.domains.removeLabel', { domain: domain.display }),
      confirmLabel: t('company.domains.remove'),
      variant: 'danger',
    });
    if (!sure) return;
    try {
      await removeCompanyDomain(domain.id);
      notifySuccess(t('company.domains.removed', { domain: domain.display }));
    } catch (error) {
      reportRequestError(error);
    }
  };

  return (
    <Card title={t('company.domains.title')} titleId="company-domains">
      <div className="company-stack">
        <p>{t('company.domains.intro')}</p>
        <form className="company-domain-form" onSubmit={(event) => void submit(event)} noValidate>
          {failure ? <p className="company-domain-warning">{failure}</p> : null}
          <Field
            label={t('company.domains.add.label')}
            hint={t('company.domains.add.hint')}
            error={failureText(form.formState.errors.domain?.message, locale) || undefined}
          >
            {(control) => (
              <TextInput
                {...control}
                {...form.register('domain')}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="none"
                inputMode="url"
              />
            )}
          </Field>
          <Button type="submit" variant="secondary" loading={busy}>
            {t('company.domains.add.submit')}
          </Button>
        </form>
        {domains === null ? null : domains.length === 0 ? (
          <EmptyState title={t('company.domains.empty')} text={t('company.domains.emptyText')} />
        ) : (
          <ul className="company-list company-domains">
            {domains.map((domain) => (
              <DomainItem
                key={domain.id}
                domain={domain}
                checking={checking === domain.id}
                onCheck={() => void check(domain)}
                onRemove={() => void remove(domain)}
                locale={locale}
                t={t}
              />
            ))}
          </ul>
        )}
      </div>
      {question}
    </Card>
  );
}
