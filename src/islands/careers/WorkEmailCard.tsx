// A job's work email (decision 260; LinkedIn's workplace verification): on a current job at
// a company that verified its domain, "Verify with your work email" opens the address-then-code
// dialog; once confirmed, the card says so (the address is the owner's only) and offers to remove it.
// A job whose company proved no domain says why it cannot be confirmed this way.
import { lazy, Suspense, useState } from 'react';
import type { EmploymentDetails } from '../../../contract/careers.ts';
import type { Locale } from '../../../contract/locale.ts';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import Icon from '../../components/Icon.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { dialogErrorText } from '../../lib/forms/form-failure.ts';
import { removeWorkEmail } from '../../lib/stores/careers.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';

// The dialog loads when first asked for: the page's first script carries no form code (decision 205).
const WorkEmailDialog = lazy(() => import('./WorkEmailDialog.tsx'));

export default function WorkEmailCard({ job, locale, t }: { job: EmploymentDetails; locale: Locale; t: Translate }) {
  const [open, setOpen] = useState<'verify' | 'remove' | null>(null);
  const { domain, address, status } = job.work_email;
  const current = job.is_current && !job.leaves_on;
  // Nothing to offer on an ended job without an address, nor at a company that is not on the platform.
  if ((!current && address === null) || job.company.id === null) return null;
  const company = job.company.name;
  const heading = () => document.querySelector<HTMLElement>('.employment-work-email h2');
  return (
    <Card title={t('details.workEmail.title')} className="employment-work-email">
      {domain === null ? (
        <p className="employment-muted">{t('details.workEmail.noDomain', { company })}</p>
      ) : !current ? (
        <p className="employment-muted">{t('details.workEmail.ended')}</p>
      ) : status === 'confirmed' && job.work_email_domain ? (
        <>
          <p className="employment-work-email-status" role="status">
            <Badge variant="success" className="careers-verified">
              <Icon name="verified" />
              <span>{t('details.workEmail.confirmed', { domain: job.work_email_domain })}</span>
            </Badge>
          </p>
          <p className="employment-muted">{t('details.workEmail.confirmedText', { address: address ?? '' })}</p>
        </>
      ) : (
        <>
          <p className="employment-muted">{t('details.workEmail.text', { company, domain })}</p>
          {address !== null ? (
            <p className="employment-muted" role="status">
              {t('details.workEmail.pending', { address })}
            </p>
          ) : null}
        </>
      )}
      <div className="employment-actions">
        {domain !== null && current && status !== 'confirmed' ? (
          <Button leading={<Icon name="verified" />} onClick={() => setOpen('verify')}>
            {address !== null ? t('details.workEmail.enterCode') : t('details.workEmail.start')}
          </Button>
        ) : null}
        {address !== null ? (
          <Button variant="danger" onClick={() => setOpen('remove')}>
            {t('details.workEmail.remove')}
          </Button>
        ) : null}
      </div>
      {open === 'verify' && domain !== null ? (
        <Suspense fallback={null}>
          <WorkEmailDialog
            jobId={job.id}
            domain={domain}
            pending={status === 'pending' ? address : null}
            locale={locale}
            t={t}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
      {open === 'remove' ? (
        <ConfirmDialog
          title={t('details.workEmail.removeTitle')}
          message={<p>{t('details.workEmail.removeText', { domain: job.work_email_domain ?? domain ?? '' })}</p>}
          confirmLabel={t('details.workEmail.remove')}
          cancelLabel={t('careers.cancel')}
          closeLabel={t('careers.close')}
          variant="danger"
          describeError={(error) => dialogErrorText(error, locale) ?? t('error.generic')}
          onConfirm={async () => {
            await removeWorkEmail(job.id);
            notifySuccess(t('details.workEmail.removed'));
          }}
          onClose={() => setOpen(null)}
          fallbackFocus={heading}
        />
      ) : null}
    </Card>
  );
}
