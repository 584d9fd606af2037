// Join requests: the open requests with their messages, approved or declined once.
import type { JoinRequest } from '../../../contract/companies.ts';
import type { Locale } from '../../../contract/locale.ts';
import Avatar from '../../components/Avatar.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { decideJoinRequest } from '../../lib/stores/workspace.ts';
import type { Translate } from '../../i18n/translator.ts';

export default function JoinRequestsPanel({ requests, locale, t }: { requests: readonly JoinRequest[]; locale: Locale; t: Translate }) {
  const decide = (request: JoinRequest, decision: 'approve' | 'decline') =>
    decideJoinRequest(request.id, decision)
      .then(() =>
        notifySuccess(
          decision === 'approve' ? t('company.joinRequests.approved', { name: request.name }) : t('company.joinRequests.declined'),
        ),
      )
      .catch(reportRequestError);
  return (
    <Card title={t('company.tab.joinRequests')}>
      {requests.length === 0 ? (
        <EmptyState title={t('company.joinRequests.empty')} text={t('company.joinRequests.emptyText')} />
      ) : (
        <ul className="company-list">
          {requests.map((request) => (
            <li key={request.id} className="company-row" data-join-request={request.name}>
              <Avatar name={request.name} seed={request.user_id} src={request.photo_url} />
              <div className="company-row-main">
                <p className="company-row-title">{request.name}</p>
                <p className="company-muted">{t('company.joinRequests.asked', { date: formatDate(request.requested_at, locale) })}</p>
                {request.message ? <p className="company-prewrap">{request.message}</p> : null}
              </div>
              <div className="company-row-actions">
                <Button size="small" variant="primary" onClick={() => void decide(request, 'approve')}>
                  {t('company.joinRequests.approve')}
                </Button>
                <Button size="small" variant="danger" onClick={() => void decide(request, 'decline')}>
                  {t('company.joinRequests.decline')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
