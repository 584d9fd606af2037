// A self-declared job at a company on the platform (decision 092): the person may ask the
// company to confirm it; the card then says the request is waiting, or that the company declined.
import { lazy, Suspense, useState } from 'react';
import { careersLimits, ConfirmationRequestBody, type EmploymentDetails } from '../../../contract/careers.ts';
import type { Locale } from '../../../contract/locale.ts';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import Icon from '../../components/Icon.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { askConfirmation } from '../../lib/stores/careers.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';

// The dialog loads when first asked for: the page's first script carries no form code (decision 205).
const TextDialog = lazy(() => import('./TextDialog.tsx'));

export default function ConfirmationCard({ job, locale, t }: { job: EmploymentDetails; locale: Locale; t: Translate }) {
  const [asking, setAsking] = useState(false);
  const companyId = job.company.id;
  if (job.verified || !job.company.registered || companyId === null) return null;
  const company = job.company.name;
  const status = job.confirmation?.status;
  return (
    <Card title={t('details.confirm.title')} className="employment-confirmation">
      {status === 'pending' ? (
        <p className="employment-muted" role="status">
          {t('details.confirm.pending', { company })}
        </p>
      ) : (
        <>
          <p className="employment-muted">
            {status === 'declined' ? t('details.confirm.declined', { company }) : t('details.confirm.text', { company })}
          </p>
          <div className="employment-actions">
            <Button leading={<Icon name="verified" />} onClick={() => setAsking(true)}>
              {t('details.confirm.ask', { company })}
            </Button>
          </div>
        </>
      )}
      {asking ? (
        <Suspense fallback={null}>
          <TextDialog
            title={t('details.confirm.ask', { company })}
            label={t('details.confirm.message')}
            hint={t('details.confirm.messageHint')}
            initial=""
            optional
            maxLength={careersLimits.confirmationMessage}
            schema={ConfirmationRequestBody}
            field="message"
            extra={{ company_id: companyId }}
            saveLabel={t('details.confirm.send')}
            locale={locale}
            t={t}
            onSave={async (message) => {
              await askConfirmation(job.id, { company_id: companyId, message: message || null });
              notifySuccess(t('details.confirm.sent', { company }));
            }}
            onClose={() => setAsking(false)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
