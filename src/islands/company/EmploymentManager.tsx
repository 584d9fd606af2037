// One verified employment, managed from the workspace (decision 120): the job (position,
// team, start date, reviewer; a change records 'Job changed' or 'Reviewer changed'), a new review
// round with a rating and comment per competency, the rounds so far, the end of the collaboration
// (planned termination, final feedback, collaboration assessment), the score and the events. The page
// shows the facts; each change opens its form on request, its code loaded then (FormOnDemand.tsx,
// decision 307), so the page shows without the form library.
import { useState } from 'react';
import { useLeaveGuard } from '../../components/UnsavedChanges.tsx';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';
import type { CompanyEmploymentDetails, Competency } from '../../../contract/careers-company.ts';
import type { Member, Team } from '../../../contract/companies.ts';
import { highestScore } from '../../../contract/employment-scores.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Avatar from '../../components/Avatar.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import Icon from '../../components/Icon.tsx';
import { formatDate } from '../../lib/base/dates.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { closeEmployment, confirmPersonName } from '../../lib/stores/workspace-careers.ts';
import RatingValue from '../../components/careers/RatingValue.tsx';
import ScoreHistory from '../../components/careers/ScoreHistory.tsx';
import { EmploymentStatus } from './EmployeesPanel.tsx';
import type { EndOfCollaborationFormProps } from './EndOfCollaborationForm.tsx';
import FormOnDemand, { formModule } from './FormOnDemand.tsx';
import type { JobFormProps } from './JobForm.tsx';
import type { ReviewRoundFormProps } from './ReviewRoundForm.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { failureText } from '../../lib/base/failure-text.ts';

interface Props {
  employment: CompanyEmploymentDetails;
  /** The company's members and teams; undefined while they are read. */
  members: readonly Member[] | undefined;
  teams: readonly Team[] | undefined;
  competencies: readonly Competency[];
  locale: Locale;
  t: Translate;
}

const jobForm = formModule<JobFormProps>(() => import('./JobForm.tsx'));
const reviewRoundForm = formModule<ReviewRoundFormProps>(() => import('./ReviewRoundForm.tsx'));
const endForm = formModule<EndOfCollaborationFormProps>(() => import('./EndOfCollaborationForm.tsx'));

/** The job as saved, and its form on request (owners and admins). */
function JobCard({ employment, members, teams, locale, t }: Omit<Props, 'competencies'>) {
  const none = (text: string) => <span className="company-muted">{text}</span>;
  const lists = members && teams ? { members, teams } : undefined;
  return (
    <Card title={t('company.employees.jobTitle')} level={3}>
      <FormOnDemand
        form={jobForm}
        label={t('company.employees.changeJob')}
        ready={lists !== undefined}
        render={(Form, close) =>
          lists && (
            <Form
              key={`job-${employment.id}-${employment.position}-${employment.reviewer?.member_id}`}
              employment={employment}
              members={lists.members}
              teams={lists.teams}
              locale={locale}
              t={t}
              onClose={close}
            />
          )
        }
      >
        <dl className="company-facts">
          <dt>{t('company.employees.position')}</dt>
          <dd>{employment.position ?? none(t('company.brand.empty'))}</dd>
          <dt>{t('company.employees.team')}</dt>
          <dd>{employment.team?.name ?? none(t('company.employees.noTeam'))}</dd>
          <dt>{t('company.employees.startDate')}</dt>
          <dd>{formatDate(employment.start_date, locale)}</dd>
          <dt>{t('company.employees.reviewer')}</dt>
          <dd>{employment.reviewer?.name ?? none(t('company.employees.noReviewer'))}</dd>
        </dl>
      </FormOnDemand>
    </Card>
  );
}

/** A new review round on request, once the company offers competencies to rate. */
function ReviewCard({ employment, competencies, locale, t }: Pick<Props, 'employment' | 'competencies' | 'locale' | 't'>) {
  const offered = competencies.some((c) => !c.retired);
  return (
    <Card title={t('company.review.title')} level={3}>
      {offered ? <p className="company-muted">{t('company.review.intro')}</p> : null}
      <FormOnDemand
        form={reviewRoundForm}
        label={t('company.review.start')}
        instead={offered ? undefined : <p className="company-muted">{t('company.review.noCompetencies')}</p>}
        render={(Form, close) => <Form employment={employment} competencies={competencies} locale={locale} t={t} onClose={close} />}
      />
    </Card>
  );
}

/** The end of the collaboration as saved (or what it is, before anything is), and its form on request. */
function EndCard({ employment, locale, t }: Pick<Props, 'employment' | 'locale' | 't'>) {
  const feedback = employment.final_feedback;
  const saved = employment.planned_termination !== null || feedback !== null;
  const none = (text: string) => <span className="company-muted">{text}</span>;
  return (
    <Card title={t('company.end.title')} level={3}>
      <FormOnDemand
        form={endForm}
        label={t(saved ? 'company.end.change' : 'company.end.plan')}
        render={(Form, close) => <Form key={`end-${employment.id}`} employment={employment} locale={locale} t={t} onClose={close} />}
      >
        {saved ? (
          <dl className="company-facts">
            <dt>{t('company.end.plannedTermination')}</dt>
            <dd>{employment.planned_termination ? formatDate(employment.planned_termination, locale) : none(t('company.end.noDate'))}</dd>
            <dt>{t('company.end.feedback')}</dt>
            <dd className="company-prewrap">{feedback?.text ?? none(t('company.end.noFeedback'))}</dd>
            <dt>{t('company.end.assessment')}</dt>
            <dd>{feedback?.assessment ? <RatingValue rating={feedback.assessment} t={t} /> : none(t('company.end.noAssessment'))}</dd>
          </dl>
        ) : (
          <p className="company-muted">{t('company.end.intro')}</p>
        )}
      </FormOnDemand>
    </Card>
  );
}

/**
 * The person renamed themselves since the company confirmed the job (decision 256): both names, what
 * that means for their credentials and CV, and, for a member who may manage the job, the confirmation.
 */
function NameChange({ employment, locale, t }: Pick<Props, 'employment' | 'locale' | 't'>) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const confirmed = employment.confirmed_name;
  const current = employment.person.name;
  if (confirmed === null || confirmed === current) return null;
  const confirm = async () => {
    setBusy(true);
    setFailure('');
    try {
      await confirmPersonName(employment.id, current);
      notifySuccess(t('company.employees.name.confirmed'));
    } catch (error) {
      setFailure(failureText(error, locale));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('company.employees.name.title')} level={3}>
      <div className="company-form" data-name-change>
        <p>{t('company.employees.name.text', { confirmed, current })}</p>
        {failure ? <Alert>{failure}</Alert> : null}
        {employment.may_manage ? (
          <div className="company-actions">
            <Button variant="primary" loading={busy} onClick={() => void confirm()}>
              {t('company.employees.name.confirm', { current })}
            </Button>
          </div>
        ) : (
          <p className="company-muted">{t('company.employees.name.managersOnly')}</p>
        )}
      </div>
    </Card>
  );
}

export default function EmploymentManager({ employment, members, teams, competencies, locale, t }: Props) {
  const score = employment.in_company_score_detail;
  const formatScore = (value: number) =>
    new Intl.NumberFormat(locale === 'uk_UA' ? 'uk' : 'en-GB', { maximumFractionDigits: 2 }).format(value);
  // Back to the list leaves the forms below: unsaved changes are asked about first.
  const { confirmElement, confirmLeave } = useLeaveGuard(unsavedChangesTexts(locale));
  return (
    <div className="company-stack" data-managed-employment={employment.id}>
      {confirmElement}
      <div>
        <Button
          size="small"
          variant="invisible"
          leading={<Icon name="arrow-left" />}
          onClick={() => void confirmLeave(closeEmployment)}
          className="company-back"
        >
          {t('company.employees.back')}
        </Button>
      </div>
      <header className="company-header">
        <Avatar name={employment.person.name} seed={employment.person.user_id} src={employment.person.photo_url} size="large" />
        <div>
          <h2 className="company-title" tabIndex={-1}>
            {employment.person.name}
          </h2>
          <p className="company-muted">
            {[employment.position, employment.team?.name, t('company.employees.since', { date: formatDate(employment.start_date, locale) })]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <EmploymentStatus employment={employment} locale={locale} t={t} />
        </div>
      </header>
      <div className="company-manage-grid">
        <div className="company-stack">
          <NameChange employment={employment} locale={locale} t={t} />
          {employment.may_manage ? <JobCard employment={employment} members={members} teams={teams} locale={locale} t={t} /> : null}
          {employment.may_review ? <ReviewCard employment={employment} competencies={competencies} locale={locale} t={t} /> : null}
          {employment.may_review ? <EndCard employment={employment} locale={locale} t={t} /> : null}
        </div>
        <div className="company-stack">
          <Card title={t('company.score.title')} level={3}>
            <p className="company-score">
              {score.score === null
                ? t('company.employees.noScore')
                : t('company.employees.score', { score: formatScore(score.score), max: highestScore })}
            </p>
            <p className="company-muted">
              {t('company.score.explanation', { counted: score.counted, weight: score.total_weight, na: score.not_applicable })}
            </p>
          </Card>
          {employment.reviews.length ? (
            <Card title={t('company.score.history')} level={3}>
              <ScoreHistory competencies={employment.competencies} reviews={employment.reviews} locale={locale} t={t} />
            </Card>
          ) : null}
          <Card title={t('company.review.history')} level={3}>
            {employment.reviews.length === 0 ? (
              <p className="company-muted">{t('company.review.none')}</p>
            ) : (
              <ol className="company-rounds">
                {employment.reviews.map((review) => (
                  <li key={review.id} className="company-round">
                    <p className="company-row-title">{t('company.review.of', { date: formatDate(review.reviewed_on, locale) })}</p>
                    <p className="company-muted">
                      {[
                        review.reviewer ? t('company.review.by', { name: review.reviewer.name }) : '',
                        t(review.is_public ? 'company.review.shown' : 'company.review.hidden'),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    <ul className="company-round-ratings">
                      {review.ratings.map((rating) => (
                        <li key={rating.competency_id}>
                          <span className="company-round-name">{rating.competency_name}</span>
                          <RatingValue rating={rating.rating} t={t} />
                          {rating.comment ? <span className="company-muted company-prewrap">{rating.comment}</span> : null}
                        </li>
                      ))}
                    </ul>
                    {review.reply ? (
                      <p className="company-reply">
                        <span className="company-muted">{t('company.review.reply')}: </span>
                        {review.reply}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
          </Card>
          {employment.events.length ? (
            <Card title={t('company.events.title')} level={3}>
              <ol className="company-events">
                {employment.events.map((event) => (
                  <li key={event.id}>
                    <span className="company-row-title">{t(`employment.event.${event.kind}`)}</span>
                    <span className="company-muted"> · {formatDate(event.occurred_at, locale)}</span>
                    {event.position && (event.kind === 'hired' || event.kind === 'job_changed') ? (
                      <span className="company-muted"> · {event.position}</span>
                    ) : null}
                    {event.kind === 'reviewer_changed' && event.reviewer_name ? (
                      <span className="company-muted"> · {event.reviewer_name}</span>
                    ) : null}
                  </li>
                ))}
              </ol>
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  );
}
