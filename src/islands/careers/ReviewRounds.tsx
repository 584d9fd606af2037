// The review rounds of a job, newest first: each round's competencies with their ratings
// (N/A shown, not counted) and the reviewer's comments; the person's consent, round by round, to show
// it on their public profile, and their public reply. The company's words are never editable here.
import { lazy, Suspense, useState } from 'react';
import { careersLimits, ReplyRequest, type ReviewRound } from '../../../contract/careers.ts';
import type { Locale } from '../../../contract/locale.ts';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import { ConsentSwitch as KitConsentSwitch } from '../../components/Checkbox.tsx';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import Icon from '../../components/Icon.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { deleteReviewReply, saveReviewReply, setReviewVisibility } from '../../lib/stores/careers.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { dialogErrorText } from '../../lib/forms/form-failure.ts';
import RatingValue from '../../components/careers/RatingValue.tsx';

// The dialog loads when first asked for: the page's first script carries no form code (decision 205).
const TextDialog = lazy(() => import('./TextDialog.tsx'));

interface ReplyProps {
  reply: string | null;
  repliedAt: string | null;
  /** What the reply answers, for the buttons' names ('Review of 5 Mar 2026'). */
  subject: string;
  locale: Locale;
  t: Translate;
  onSave: (text: string) => Promise<void>;
  onDelete: () => Promise<void>;
}

/** The person's public reply to the company's words: shown, written, changed or deleted. */
export function PublicReply({ reply, repliedAt, subject, locale, t, onSave, onDelete }: ReplyProps) {
  const [mode, setMode] = useState<'edit' | 'delete' | null>(null);
  return (
    <div className="employment-reply">
      {reply ? (
        <>
          <p className="employment-reply-title">
            {t('details.reply.title')}
            {repliedAt ? <span className="employment-muted"> · {formatDate(repliedAt, locale)}</span> : null}
          </p>
          <p className="preserve-lines">{reply}</p>
        </>
      ) : null}
      <div className="employment-actions">
        <Button
          size="small"
          leading={<Icon name={reply ? 'edit' : 'message'} />}
          onClick={() => setMode('edit')}
          aria-label={`${t(reply ? 'details.reply.edit' : 'details.reply.add')}: ${subject}`}
        >
          {t(reply ? 'details.reply.edit' : 'details.reply.add')}
        </Button>
        {reply ? (
          <Button size="small" variant="danger" onClick={() => setMode('delete')} aria-label={`${t('details.reply.delete')}: ${subject}`}>
            {t('details.reply.delete')}
          </Button>
        ) : null}
      </div>
      {mode === 'edit' ? (
        <Suspense fallback={null}>
          <TextDialog
            title={t(reply ? 'details.reply.edit' : 'details.reply.add')}
            label={t('details.reply.label')}
            hint={t('details.reply.hint')}
            initial={reply ?? ''}
            maxLength={careersLimits.reply}
            schema={ReplyRequest}
            field="text"
            saveLabel={t('details.reply.save')}
            locale={locale}
            t={t}
            onSave={async (text) => {
              await onSave(text);
              notifySuccess(t('details.reply.saved'));
            }}
            onClose={() => setMode(null)}
          />
        </Suspense>
      ) : null}
      {mode === 'delete' ? (
        <ConfirmDialog
          title={t('details.reply.deleteTitle')}
          message={<p>{t('details.reply.deleteText')}</p>}
          confirmLabel={t('details.delete')}
          cancelLabel={t('careers.cancel')}
          closeLabel={t('careers.close')}
          describeError={(error) => dialogErrorText(error, locale) ?? t('error.generic')}
          onConfirm={async () => {
            await onDelete();
            notifySuccess(t('details.reply.deleted'));
          }}
          onClose={() => setMode(null)}
        />
      ) : null}
    </div>
  );
}

/** The careers pages' consent switch: the kit's, with failures told as every request's are. */
export function ConsentSwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (next: boolean) => Promise<void>;
}) {
  return (
    <KitConsentSwitch className="employment-consent" label={label} checked={checked} onChange={onChange} onFailure={reportRequestError} />
  );
}

export default function ReviewRounds({
  jobId,
  reviews,
  locale,
  t,
}: {
  jobId: number;
  reviews: readonly ReviewRound[];
  locale: Locale;
  t: Translate;
}) {
  return (
    <Card title={t('details.competencies.title')} className="employment-reviews">
      {reviews.length === 0 ? (
        <EmptyState icon="star" title={t('details.competencies.none')} />
      ) : (
        <ol className="employment-rounds">
          {reviews.map((review) => {
            const subject = t('details.round.title', { date: formatDate(review.reviewed_on, locale) });
            return (
              <li key={review.id} className="employment-round" data-review={review.id}>
                <article aria-labelledby={`review-${review.id}`}>
                  <div className="employment-round-head">
                    <div>
                      <h3 id={`review-${review.id}`}>{subject}</h3>
                      {review.reviewer ? <p className="employment-muted">{t('details.round.by', { name: review.reviewer.name })}</p> : null}
                    </div>
                    <ConsentSwitch
                      label={t('details.round.showPublic')}
                      checked={review.is_public}
                      onChange={async (next) => {
                        await setReviewVisibility(jobId, review.id, next);
                        notifySuccess(t(next ? 'details.round.shown' : 'details.round.hidden'));
                      }}
                    />
                  </div>
                  <div className="employment-table-wrap">
                    <table className="employment-table">
                      <thead>
                        <tr>
                          <th scope="col">{t('details.round.competency')}</th>
                          <th scope="col">{t('details.round.rating')}</th>
                          <th scope="col">{t('details.round.comment')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {review.ratings.map((rating) => (
                          <tr key={rating.competency_id}>
                            <th scope="row">{rating.competency_name}</th>
                            <td>
                              <RatingValue rating={rating.rating} t={t} />
                            </td>
                            <td className="preserve-lines" data-label={rating.comment ? t('details.round.comment') : undefined}>
                              {rating.comment ?? ''}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  <PublicReply
                    reply={review.reply}
                    repliedAt={review.replied_at}
                    subject={subject}
                    locale={locale}
                    t={t}
                    onSave={(text) => saveReviewReply(jobId, review.id, text)}
                    onDelete={() => deleteReviewReply(jobId, review.id)}
                  />
                </article>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
