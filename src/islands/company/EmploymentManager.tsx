// One verified employment, managed from the workspace (issue 12, decision 120): the job (position,
// team, start date, reviewer; a change records 'Job changed' or 'Reviewer changed'), a new review
// round with a rating and comment per competency, the rounds so far, the end of the collaboration
// (planned termination, final feedback, collaboration assessment), the score and the events.
import { useState } from 'react';
import { hasChanges, useLeaveGuard, useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';
import { careersLimits, type CompanyEmploymentDetails, type Competency, type Rating } from '../../../contract/careers.ts';
import type { Member, Team } from '../../../contract/companies.ts';
import { highestScore, ratingScale } from '../../../contract/employment-scores.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Avatar from '../../components/Avatar.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import { DateField } from '../../components/DateInputs.tsx';
import { Fieldset } from '../../components/Field.tsx';
import Field from '../../components/Field.tsx';
import Icon from '../../components/Icon.tsx';
import { OptionalSelect, TextArea } from '../../components/TextInput.tsx';
import { formatDate, todayIso } from '../../lib/dates.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { addReviewRound, changeEmployment, closeEmployment, saveEndOfCollaboration } from '../../lib/stores/workspace-careers.ts';
import RatingValue from '../careers/RatingValue.tsx';
import { EmploymentStatus } from './EmployeesPanel.tsx';
import JobFields, { dateErrors, dateLabels, jobInput, type JobDraft } from './JobFields.tsx';
import type { Translate } from './translate.ts';
import { useCompanyForm } from './use-company-form.ts';

interface Props {
  employment: CompanyEmploymentDetails;
  members: readonly Member[];
  teams: readonly Team[];
  competencies: readonly Competency[];
  locale: Locale;
  t: Translate;
}

function savedJob(employment: Props['employment']): JobDraft {
  return {
    position: employment.position ?? '',
    teamId: employment.team ? String(employment.team.id) : '',
    startDate: employment.start_date.slice(0, 10),
    reviewerId: employment.reviewer?.member_id ? String(employment.reviewer.member_id) : '',
  };
}

function JobForm({ employment, members, teams, locale, t }: Pick<Props, 'employment' | 'members' | 'teams' | 'locale' | 't'>) {
  const [job, setJob] = useState<JobDraft>(() => savedJob(employment));
  // What was last saved: the employment read before, then what this form saved (the list may be read
  // again later), so a saved form never asks about unsaved changes.
  const [baseline, setBaseline] = useState<JobDraft>(() => savedJob(employment));
  useUnsavedReport(hasChanges(baseline, job));
  const { errors, failure, busy, submit } = useCompanyForm(
    t,
    async () => {
      await changeEmployment(employment.id, jobInput(job));
      setBaseline(job);
      notifySuccess(t('company.employees.jobSaved'));
    },
    () => dateErrors(t, { start_date: job.startDate }),
  );
  return (
    <Card title={t('company.employees.jobTitle')} level={3}>
      <form className="company-form" onSubmit={submit} noValidate>
        <p className="company-muted">{t('company.employees.jobHint')}</p>
        {failure ? <Alert>{failure}</Alert> : null}
        <JobFields job={job} onChange={setJob} errors={errors} teams={teams} reviewers={members.filter((m) => m.id !== employment.person.member_id)} locale={locale} t={t} />
        <div className="company-actions">
          <Button type="submit" variant="primary" loading={busy}>
            {t('company.employees.saveJob')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ReviewForm({ employment, competencies, locale, t }: Pick<Props, 'employment' | 'competencies' | 'locale' | 't'>) {
  const offered = competencies.filter((c) => !c.retired);
  const [date, setDate] = useState(todayIso);
  const [ratings, setRatings] = useState<Record<number, { rating: Rating | ''; comment: string }>>({});
  const [localError, setLocalError] = useState<string | null>(null);
  useUnsavedReport(Object.values(ratings).some((r) => r.rating !== '' || r.comment !== ''));
  const { errors, failure, busy, submit } = useCompanyForm(
    t,
    async () => {
      const rated = offered.filter((c) => ratings[c.id]?.rating).map((c) => ({ competency_id: c.id, rating: ratings[c.id]!.rating as Rating, comment: ratings[c.id]!.comment || null }));
      if (rated.length === 0) {
        setLocalError(t('company.review.rateOne'));
        return;
      }
      setLocalError(null);
      await addReviewRound(employment.id, { reviewed_on: date, ratings: rated });
      notifySuccess(t('company.review.saved'));
      setRatings({});
    },
    () => dateErrors(t, { reviewed_on: date }),
  );
  const set = (id: number, change: Partial<{ rating: Rating | ''; comment: string }>) =>
    setRatings((current) => ({ ...current, [id]: { rating: current[id]?.rating ?? '', comment: current[id]?.comment ?? '', ...change } }));
  // Violations of one rating ('ratings.2.comment') are shown together at the top.
  const ratingErrors = Object.entries(errors).filter(([field]) => field.startsWith('ratings'));
  return (
    <Card title={t('company.review.title')} level={3}>
      {offered.length === 0 ? (
        <p className="company-muted">{t('company.review.noCompetencies')}</p>
      ) : (
        <form className="company-form" onSubmit={submit} noValidate>
          <p className="company-muted">{t('company.review.intro')}</p>
          {failure ? <Alert>{failure}</Alert> : null}
          {localError ? <Alert>{localError}</Alert> : null}
          {ratingErrors.length ? <Alert>{ratingErrors.map(([, message]) => message).join(' ')}</Alert> : null}
          <DateField legend={t('company.review.date')} error={errors['reviewed_on']} name="reviewed_on" value={date} onChange={setDate} locale={locale} labels={dateLabels(t)} required />
          {offered.map((competency) => (
            <Fieldset key={competency.id} legend={competency.name} hint={[competency.description, t('company.review.weight', { weight: competency.weight })].filter(Boolean).join(' · ')} className="company-rating-set">
              <Field label={t('company.review.rating', { name: competency.name })}>
                {(control) => (
                  <OptionalSelect
                    {...control}
                    value={ratings[competency.id]?.rating ?? ''}
                    onChange={(e) => set(competency.id, { rating: e.target.value as Rating | '' })}
                    noneLabel={t('company.review.chooseRating')}
                    options={ratingScale.map((rating) => ({ value: rating, label: t(`rating.${rating}`) }))}
                  />
                )}
              </Field>
              <Field label={t('company.review.comment', { name: competency.name })} optional={t('company.field.optional')}>
                {(control) => <TextArea {...control} rows={1} value={ratings[competency.id]?.comment ?? ''} maxLength={careersLimits.reviewComment} onChange={(e) => set(competency.id, { comment: e.target.value })} />}
              </Field>
            </Fieldset>
          ))}
          <div className="company-actions">
            <Button type="submit" variant="primary" loading={busy}>
              {t('company.review.save')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

function EndForm({ employment, locale, t }: Pick<Props, 'employment' | 'locale' | 't'>) {
  const [planned, setPlanned] = useState(employment.planned_termination?.slice(0, 10) ?? '');
  const [feedback, setFeedback] = useState(employment.final_feedback?.text ?? '');
  const [assessment, setAssessment] = useState<Rating | ''>(employment.final_feedback?.assessment ?? '');
  // What was last saved (see JobForm).
  const [baseline, setBaseline] = useState<string[]>(() => [employment.planned_termination?.slice(0, 10) ?? '', employment.final_feedback?.text ?? '', employment.final_feedback?.assessment ?? '']);
  useUnsavedReport(hasChanges(baseline, [planned, feedback, assessment]));
  const { errors, failure, busy, submit } = useCompanyForm(
    t,
    async () => {
      await saveEndOfCollaboration(employment.id, { planned_termination: planned || null, final_feedback: feedback || null, collaboration_assessment: assessment || null });
      setBaseline([planned, feedback, assessment]);
      notifySuccess(t('company.end.saved'));
    },
    () => dateErrors(t, { planned_termination: planned }),
  );
  return (
    <Card title={t('company.end.title')} level={3}>
      <form className="company-form" onSubmit={submit} noValidate>
        <p className="company-muted">{t('company.end.intro')}</p>
        {failure ? <Alert>{failure}</Alert> : null}
        <DateField
          legend={t('company.end.plannedTermination')}
          optional={t('company.field.optional')}
          error={errors['planned_termination']}
          name="planned_termination"
          value={planned}
          onChange={setPlanned}
          locale={locale}
          labels={dateLabels(t)}
        />
        <Field label={t('company.end.feedback')} optional={t('company.field.optional')} error={errors['final_feedback']}>
          {(control) => <TextArea {...control} name="final_feedback" rows={5} value={feedback} maxLength={careersLimits.finalFeedback} onChange={(e) => setFeedback(e.target.value)} />}
        </Field>
        <Field label={t('company.end.assessment')} optional={t('company.field.optional')} error={errors['collaboration_assessment']}>
          {(control) => (
            <OptionalSelect
              {...control}
              name="collaboration_assessment"
              value={assessment}
              onChange={(e) => setAssessment(e.target.value as Rating | '')}
              noneLabel={t('company.end.noAssessment')}
              options={ratingScale.map((rating) => ({ value: rating, label: t(`rating.${rating}`) }))}
            />
          )}
        </Field>
        <div className="company-actions">
          <Button type="submit" variant="primary" loading={busy}>
            {t('company.end.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export default function EmploymentManager({ employment, members, teams, competencies, locale, t }: Props) {
  const score = employment.in_company_score_detail;
  const formatScore = (value: number) => new Intl.NumberFormat(locale === 'uk_UA' ? 'uk' : 'en-GB', { maximumFractionDigits: 2 }).format(value);
  // Back to the list leaves the forms below: unsaved changes are asked about first.
  const { confirmElement, confirmLeave } = useLeaveGuard(unsavedChangesTexts(locale));
  return (
    <div className="company-stack" data-managed-employment={employment.id}>
      {confirmElement}
      <div>
        <Button size="small" variant="invisible" leading={<Icon name="arrow-left" />} onClick={() => void confirmLeave(closeEmployment)} className="company-back">
          {t('company.employees.back')}
        </Button>
      </div>
      <header className="company-header">
        <Avatar name={employment.person.name} seed={employment.person.user_id} src={employment.person.photo_url} size="large" />
        <div>
          <h2 className="company-title" tabIndex={-1}>
            {employment.person.name}
          </h2>
          <p className="company-muted">{[employment.position, employment.team?.name].filter(Boolean).join(' · ')}</p>
          <EmploymentStatus employment={employment} locale={locale} t={t} />
        </div>
      </header>
      <div className="company-manage-grid">
        <div className="company-stack">
          {employment.may_manage ? <JobForm key={`job-${employment.id}-${employment.position}-${employment.reviewer?.member_id}`} employment={employment} members={members} teams={teams} locale={locale} t={t} /> : null}
          {employment.may_review ? <ReviewForm employment={employment} competencies={competencies} locale={locale} t={t} /> : null}
          {employment.may_review ? <EndForm key={`end-${employment.id}`} employment={employment} locale={locale} t={t} /> : null}
        </div>
        <div className="company-stack">
          <Card title={t('company.score.title')} level={3}>
            <p className="company-score">{score.score === null ? t('company.employees.noScore') : t('company.employees.score', { score: formatScore(score.score), max: highestScore })}</p>
            <p className="company-muted">{t('company.score.explanation', { counted: score.counted, weight: score.total_weight, na: score.not_applicable })}</p>
          </Card>
          <Card title={t('company.review.history')} level={3}>
            {employment.reviews.length === 0 ? (
              <p className="company-muted">{t('company.review.none')}</p>
            ) : (
              <ol className="company-rounds">
                {employment.reviews.map((review) => (
                  <li key={review.id} className="company-round">
                    <p className="company-row-title">{t('company.review.of', { date: formatDate(review.reviewed_on, locale) })}</p>
                    <p className="company-muted">
                      {[review.reviewer ? t('company.review.by', { name: review.reviewer.name }) : '', t(review.is_public ? 'company.review.shown' : 'company.review.hidden')].filter(Boolean).join(' · ')}
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
                    {event.position && (event.kind === 'hired' || event.kind === 'job_changed') ? <span className="company-muted"> · {event.position}</span> : null}
                    {event.kind === 'reviewer_changed' && event.reviewer_name ? <span className="company-muted"> · {event.reviewer_name}</span> : null}
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
