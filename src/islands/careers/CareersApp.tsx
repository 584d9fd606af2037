// The careers page (SPEC §2 'Careers'): the job history as a timeline, current jobs first,
// each with company, position, months and length, a verified badge on jobs a company confirmed, and
// the way to its employment details. The person adds, edits and deletes the jobs they entered
// themselves with the profile's own employment form; a company's record is the company's word.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import '../../styles/careers.css';
import type { CareerJob as Job } from '../../../contract/careers.ts';
import type { Locale } from '../../../contract/locale.ts';
import { LoadFailedAlert } from '../../components/Alert.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import Icon from '../../components/Icon.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { messagesTranslator, type Messages } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { $careers, deleteOwnJob, loadCareers, ownRecordOf } from '../../lib/stores/careers.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { dialogErrorText } from '../../lib/forms/form-failure.ts';
import CareerJobItem from '../../components/careers/CareerJobItem.tsx';
import CareersSummary from './CareersSummary.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

// The form (react-hook-form, the schemas) loads when the person first adds or edits a job, not with
// the page (decision 162).
const SectionForm = lazy(() => import('../../components/profile/SectionForm.tsx'));

type Editing = { kind: 'add' } | { kind: 'edit'; job: Job } | { kind: 'delete'; job: Job } | null;

// The profile's employment form returns focus here when its opener is gone (the first job replaces
// the empty state and its button).
const headingId = 'section-employments';
const noLanguage = (code: string) => code;

/** After a deletion, focus goes to the next job, else the previous one, else the timeline's heading. */
function focusAfterDeletion(jobs: readonly Job[], deleted: Job): () => HTMLElement | null {
  const index = jobs.findIndex((job) => job.id === deleted.id);
  const neighbour = jobs[index + 1] ?? jobs[index - 1];
  return () =>
    (neighbour ? document.querySelector<HTMLElement>(`[data-job="${neighbour.id}"]`) : null) ?? document.getElementById(headingId);
}

export default function CareersApp({ locale, messages }: Props) {
  const t = useMemo(() => messagesTranslator(messages), [messages]);
  const { data: jobs, error } = useStore($careers);
  // The list failed only while there is none to show: a failed read again keeps the one shown.
  const failed = !jobs && error !== undefined;
  const [editing, setEditing] = useState<Editing>(null);

  useEffect(() => {
    loadCareers().catch(reportRequestError);
  }, []);

  // Runs inside the ConfirmDialog: a failure shows in the dialog.
  const remove = async (employmentId: number) => {
    try {
      await deleteOwnJob(employmentId);
    } catch (error) {
      throw new Error(dialogErrorText(error, locale) ?? t('error.generic'), { cause: error });
    }
    notifySuccess(t('careers.deleted'));
  };

  const addButton = (
    <Button variant="primary" leading={<Icon name="plus" />} onClick={() => setEditing({ kind: 'add' })}>
      {t('careers.add')}
    </Button>
  );
  const deleting = editing?.kind === 'delete' ? ownRecordOf(editing.job) : null;
  const editingRecord = editing?.kind === 'edit' ? ownRecordOf(editing.job) : null;

  return (
    <div className="careers" aria-busy={!jobs && !failed}>
      <div className="careers-head">
        <div>
          <h1>{t('title.careers')}</h1>
          <p className="careers-intro">{t('careers.intro')}</p>
          {/* The person's applications to openings (decision 262). */}
          <p className="careers-intro">
            <a href={`${locale === 'uk_UA' ? '/uk' : ''}/applications`}>{t('careers.myApplications')}</a>
          </p>
        </div>
        {jobs && jobs.length > 0 ? addButton : null}
      </div>
      {failed ? (
        <LoadFailedAlert
          message={t('careers.loadFailed')}
          retryLabel={t('careers.retry')}
          onRetry={() => void loadCareers().catch(reportRequestError)}
        />
      ) : !jobs ? (
        <div className="careers-skeletons">
          <p className="visually-hidden" role="status">
            {t('careers.loading')}
          </p>
          <Skeleton className="careers-skeleton" />
          <Skeleton className="careers-skeleton" />
          <Skeleton className="careers-skeleton" />
        </div>
      ) : (
        <div className={jobs.length > 0 ? 'careers-layout' : undefined}>
          <Card title={t('careers.timeline')} titleId={headingId}>
            {jobs.length === 0 ? (
              <EmptyState icon="briefcase" title={t('careers.empty')} text={t('careers.emptyText')} action={addButton} />
            ) : (
              <ol className="careers-timeline">
                {jobs.map((job) => {
                  const isOwn = ownRecordOf(job) !== null;
                  return (
                    <CareerJobItem
                      key={job.id}
                      job={job}
                      locale={locale}
                      t={t}
                      onEdit={isOwn ? () => setEditing({ kind: 'edit', job }) : undefined}
                      onDelete={isOwn ? () => setEditing({ kind: 'delete', job }) : undefined}
                    />
                  );
                })}
              </ol>
            )}
          </Card>
          {jobs.length > 0 ? <CareersSummary jobs={jobs} locale={locale} t={t} /> : null}
        </div>
      )}
      {editing?.kind === 'add' || editingRecord ? (
        <Suspense fallback={null}>
          <SectionForm
            section="employments"
            item={editingRecord ?? undefined}
            locale={locale}
            t={t}
            languageName={noLanguage}
            // The form closes after it saved (and says so): the list is read again in the server's order.
            onClose={() => {
              setEditing(null);
              void loadCareers().catch(reportRequestError);
            }}
          />
        </Suspense>
      ) : null}
      {editing?.kind === 'delete' && deleting && jobs ? (
        <ConfirmDialog
          title={t('careers.deleteTitle')}
          message={<p>{t('confirm.delete.employment')}</p>}
          confirmLabel={t('careers.deleteConfirm')}
          cancelLabel={t('careers.cancel')}
          closeLabel={t('careers.close')}
          onConfirm={() => remove(deleting.id)}
          onClose={() => setEditing(null)}
          fallbackFocus={focusAfterDeletion(jobs, editing.job)}
        />
      ) : null}
    </div>
  );
}
