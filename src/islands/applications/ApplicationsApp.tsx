// My applications (decision 262): each application with its job, company, the stage the
// person should know (applied, offer, hired, not selected) and the day they applied; withdraw after a
// confirmation; each application's messages with the company open in a dialog (decision 271). `?apply={openingId}` (a job page's Apply link) opens the application dialog.
import '../../styles/applications.css';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { applyParam, type ApplicantStage, type MyApplication } from '../../../contract/applications.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { useHydrated } from '../../components/use-hydrated.ts';
import { messagesTranslator, type Messages } from '../../i18n/translator.ts';
import { $applications, refreshApplications, withdraw } from '../../lib/stores/applications.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import ApplyDialog from './ApplyDialog.tsx';
import MessagesDialog from './MessagesDialog.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

const stageVariant: Record<ApplicantStage, 'neutral' | 'success' | 'accent' | 'attention'> = {
  applied: 'neutral',
  offer: 'accent',
  hired: 'success',
  rejected: 'attention',
};

/** The opening the address asks to apply to, if any. */
function requestedOpening(): number | null {
  const raw = new URLSearchParams(location.search).get(applyParam);
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/** Drops `?apply=` from the address once its dialog is closed, so a reload does not open it again. */
function forgetRequest() {
  const url = new URL(location.href);
  if (!url.searchParams.has(applyParam)) return;
  url.searchParams.delete(applyParam);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export default function ApplicationsApp({ locale, messages }: Props) {
  const t = messagesTranslator(messages);
  const applications = useStore($applications).data ?? null;
  const [failed, setFailed] = useState(false);
  // The address is read once hydrated (the prerendered HTML has no dialog); closing the dialog drops it.
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  const applying = hydrated && !dismissed ? requestedOpening() : null;
  const [withdrawing, setWithdrawing] = useState<MyApplication | null>(null);
  const [talking, setTalking] = useState<MyApplication | null>(null);

  const load = () =>
    refreshApplications().then(
      () => setFailed(false),
      () => setFailed(true),
    );
  useEffect(() => {
    refreshApplications().catch(() => setFailed(true));
  }, []);

  const jobHref = (application: MyApplication) =>
    application.opening.public_path ? `${locale === 'uk_UA' ? '/uk' : ''}${application.opening.public_path}` : null;

  const list = () => {
    if (failed && !applications) {
      return (
        <Alert>
          <p>{t('applications.loadFailed')}</p>
          <Button size="small" onClick={() => void load()}>
            {t('applications.retry')}
          </Button>
        </Alert>
      );
    }
    if (!applications) return <Skeleton className="applications-skeleton" />;
    if (applications.length === 0) return <EmptyState title={t('applications.empty')} text={t('applications.emptyText')} />;
    return (
      <ul className="applications-list">
        {applications.map((application) => {
          const href = jobHref(application);
          return (
            <li key={application.id} className="applications-item" data-application={application.opening.title}>
              <div className="applications-main">
                <p className="applications-title">{href ? <a href={href}>{application.opening.title}</a> : application.opening.title}</p>
                <p className="applications-meta">
                  <span>{application.opening.company.name}</span>
                  <Badge variant={stageVariant[application.stage]}>{t(`applications.stage.${application.stage}`)}</Badge>
                  <span>{t('applications.appliedOn', { date: formatDate(application.applied_at, locale) })}</span>
                  {!application.opening.open ? <span>{t('applications.closed')}</span> : null}
                </p>
                {application.document ? (
                  <p className="applications-meta">{t('applications.document', { name: application.document.name })}</p>
                ) : null}
              </div>
              <Button
                size="small"
                aria-label={t('applications.messagesLabel', { title: application.opening.title })}
                onClick={() => setTalking(application)}
              >
                {t('applications.messages')}
              </Button>
              <Button
                size="small"
                variant="danger"
                aria-label={t('applications.withdrawLabel', { title: application.opening.title })}
                onClick={() => setWithdrawing(application)}
              >
                {t('applications.withdraw')}
              </Button>
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <div className="applications">
      <h1 id="applications-title">{t('applications.title')}</h1>
      <p className="apply-muted">{t('applications.intro')}</p>
      <Card>{list()}</Card>
      {applying !== null ? (
        <ApplyDialog
          openingId={applying}
          locale={locale}
          t={t}
          onClose={() => {
            forgetRequest();
            setDismissed(true);
          }}
          onApplied={(application) => {
            forgetRequest();
            setDismissed(true);
            notifySuccess(t('apply.sent', { company: application.opening.company.name }));
          }}
        />
      ) : null}
      {talking ? <MessagesDialog application={talking} locale={locale} t={t} onClose={() => setTalking(null)} /> : null}
      {withdrawing ? (
        <ConfirmDialog
          title={t('applications.withdrawTitle', { title: withdrawing.opening.title })}
          message={<p>{t('applications.withdrawText', { company: withdrawing.opening.company.name })}</p>}
          confirmLabel={t('applications.withdraw')}
          cancelLabel={t('applications.cancel')}
          closeLabel={t('applications.close')}
          describeError={(error) => failureText(error, locale)}
          onConfirm={async () => {
            await withdraw(withdrawing.id);
            notifySuccess(t('applications.withdrawn'));
          }}
          onClose={() => setWithdrawing(null)}
          fallbackFocus={() => document.getElementById('applications-title')}
        />
      ) : null}
    </div>
  );
}
