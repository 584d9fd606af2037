// Requests to confirm a self-declared job (decision 120): owners and admins see who asks,
// for which position and dates, with their message, and confirm (a verified employment is made) or
// decline (after a question).
import { useState } from 'react';
import type { ConfirmationRequestView } from '../../../contract/careers-company.ts';
import type { Locale } from '../../../contract/locale.ts';
import Avatar from '../../components/Avatar.tsx';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import Icon from '../../components/Icon.tsx';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { formatDate, formatMonthYear } from '../../lib/base/dates.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { decideConfirmation } from '../../lib/stores/workspace-careers.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import type { Translate } from '../../i18n/translator.ts';

export default function ConfirmationsCard({
  requests,
  locale,
  t,
}: {
  requests: readonly ConfirmationRequestView[];
  locale: Locale;
  t: Translate;
}) {
  const [declining, setDeclining] = useState<ConfirmationRequestView | null>(null);
  const open = requests.filter((request) => request.status === 'pending');
  if (!open.length) return null;
  return (
    <Card title={t('company.confirmations.title')} titleId="company-confirmations">
      <p className="company-muted">{t('company.confirmations.intro')}</p>
      <ul className="company-list">
        {open.map((request) => {
          const months = [formatMonthYear(request.start_date, locale), request.is_current ? '' : formatMonthYear(request.end_date, locale)]
            .filter(Boolean)
            .join(' – ');
          return (
            <li key={request.id} className="company-row" data-confirmation={request.person.name}>
              <Avatar name={request.person.name} seed={request.person.user_id} src={request.person.photo_url} />
              <div className="company-row-main">
                <p className="company-row-title">{request.person.name}</p>
                {request.work_email_domain ? (
                  <p className="company-row-mark">
                    <Badge variant="success" className="careers-verified">
                      <Icon name="verified" />
                      <span>{t('company.confirmations.workEmail', { domain: request.work_email_domain })}</span>
                    </Badge>
                  </p>
                ) : null}
                <p className="company-muted">
                  {[request.position, months, t('company.confirmations.requested', { date: formatDate(request.requested_at, locale) })]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {request.message ? <p className="company-prewrap">{request.message}</p> : null}
              </div>
              <div className="company-row-actions">
                <Button
                  size="small"
                  variant="primary"
                  aria-label={t('company.confirmations.confirmOf', { name: request.person.name })}
                  onClick={() =>
                    decideConfirmation(request.id, 'confirm')
                      .then(() => notifySuccess(t('company.confirmations.confirmed', { name: request.person.name })))
                      .catch(reportRequestError)
                  }
                >
                  {t('company.confirmations.confirm')}
                </Button>
                <Button
                  size="small"
                  variant="danger"
                  aria-label={t('company.confirmations.declineOf', { name: request.person.name })}
                  onClick={() => setDeclining(request)}
                >
                  {t('company.confirmations.decline')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {declining ? (
        <ConfirmDialog
          title={t('company.confirmations.declineTitle', { name: declining.person.name })}
          message={<p>{t('company.confirmations.declineText')}</p>}
          confirmLabel={t('company.confirmations.decline')}
          cancelLabel={t('company.cancel')}
          closeLabel={t('company.close')}
          describeError={(error) => failureText(error, locale)}
          onConfirm={async () => {
            await decideConfirmation(declining.id, 'decline');
            notifySuccess(t('company.confirmations.declined'));
          }}
          onClose={() => setDeclining(null)}
          fallbackFocus={() => document.getElementById('company-employees')}
        />
      ) : null}
    </Card>
  );
}
