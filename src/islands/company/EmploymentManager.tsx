// One verified employment, managed from the workspace (decision 120): the job (position,
// team, start date, reviewer; a change records 'Job changed' or 'Reviewer changed'), a new review
// round with a rating and comment per competency, the rounds so far, the end of the collaboration
// (planned termination, final feedback, collaboration assessment), the score and the events.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLeaveGuard, useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';
import { careersLimits } from '../../../contract/careers.ts';
import {
  EndOfCollaborationRequest,
  UpdateEmploymentRequest,
  type CompanyEmploymentDetails,
  type Competency,
  type EndOfCollaborationInput,
  type UpdateEmploymentInput,
} from '../../../contract/careers-company.ts';
import type { Member, Team } from '../../../contract/companies.ts';
import { highestScore, ratingScale } from '../../../contract/employment-scores.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Avatar from '../../components/Avatar.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import { DateField } from '../../components/DateInputs.tsx';
import Field from '../../components/Field.tsx';
import Icon from '../../components/Icon.tsx';
import { OptionalSelect, TextArea } from '../../components/TextInput.tsx';
import { formatDate } from '../../lib/base/dates.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { changeEmployment, closeEmployment, confirmPersonName, saveEndOfCollaboration } from '../../lib/stores/workspace-careers.ts';
import RatingValue from '../../components/careers/RatingValue.tsx';
import ScoreHistory from '../../components/careers/ScoreHistory.tsx';
import { EmploymentStatus } from './EmployeesPanel.tsx';
import ReviewRoundForm from './ReviewRoundForm.tsx';
import JobFields, { dateLabels, withDateEntryCheck } from './JobFields.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { optionalChoice } from '../../lib/forms/form-values.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { useFormSave } from '../../components/use-form-save.ts';

interface Props {
  employment: CompanyEmploymentDetails;
  members: readonly Member[];
  teams: readonly Team[];
  competencies: readonly Competency[];
  locale: Locale;
  t: Translate;
}

function savedJob(employment: Props['employment']): UpdateEmploymentRequest {
  return {
    position: employment.position ?? '',
    team_id: employment.team?.id ?? null,
    start_date: employment.start_date.slice(0, 10),
    reviewer_member_id: employment.reviewer?.member_id ?? null,
  };
}

function JobForm({ employment, members, teams, locale, t }: Pick<Props, 'employment' | 'members' | 'teams' | 'locale' | 't'>) {
  const form = useForm<UpdateEmploymentRequest, unknown, UpdateEmploymentInput>({
    resolver: withDateEntryCheck(zodResolver(UpdateEmploymentRequest, schemaParseOptions), t, ['start_date']),
    defaultValues: savedJob(employment),
  });
  useUnsavedReport(form.formState.isDirty);
  const { failure, busy, submit } = useFormSave(form, locale, async (input) => {
    await changeEmployment(employment.id, input);
    // What was saved is the form's new starting point, so a saved form never asks about unsaved changes.
    form.reset(form.getValues());
    notifySuccess(t('company.employees.jobSaved'));
  });
  return (
    <Card title={t('company.employees.jobTitle')} level={3}>
      <form className="company-form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="company-muted">{t('company.employees.jobHint')}</p>
        {failure ? <Alert>{failure}</Alert> : null}
        <JobFields
          form={form}
          teams={teams}
          reviewers={members.filter((m) => m.id !== employment.person.member_id)}
          locale={locale}
          t={t}
        />
        <div className="company-actions">
          <Button type="submit" variant="primary" loading={busy}>
            {t('company.employees.saveJob')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** A review round as the form holds it: a rating ('' for none yet) and a comment per offered competency, in order. */
function EndForm({ employment, locale, t }: Pick<Props, 'employment' | 'locale' | 't'>) {
  const form = useForm<EndOfCollaborationRequest, unknown, EndOfCollaborationInput>({
    resolver: withDateEntryCheck(zodResolver(EndOfCollaborationRequest, schemaParseOptions), t, ['planned_termination']),
    defaultValues: {
      planned_termination: employment.planned_termination?.slice(0, 10) ?? null,
      final_feedback: employment.final_feedback?.text ?? null,
      collaboration_assessment: employment.final_feedback?.assessment ?? null,
    },
  });
  const { register, control, formState } = form;
  useUnsavedReport(formState.isDirty);
  const { failure, busy, submit } = useFormSave(form, locale, async (input) => {
    await saveEndOfCollaboration(employment.id, input);
    // What was saved is the form's new starting point (see JobForm).
    form.reset(form.getValues());
    notifySuccess(t('company.end.saved'));
  });
  const error = (name: keyof EndOfCollaborationRequest) => failureText(formState.errors[name]?.message, locale) || undefined;
  return (
    <Card title={t('company.end.title')} level={3}>
      <form className="company-form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="company-muted">{t('company.end.intro')}</p>
        {failure ? <Alert>{failure}</Alert> : null}
        <Controller
          control={control}
          name="planned_termination"
          render={({ field }) => (
            <DateField
              legend={t('company.end.plannedTermination')}
              optional={t('company.field.optional')}
              error={error('planned_termination')}
              name="planned_termination"
              value={field.value ?? ''}
              onChange={(next) => field.onChange(next === '' ? null : next)}
              onBlur={field.onBlur}
              locale={locale}
              labels={dateLabels(t)}
            />
          )}
        />
        <Field label={t('company.end.feedback')} optional={t('company.field.optional')} error={error('final_feedback')}>
          {(props) => <TextArea {...props} {...register('final_feedback')} rows={5} maxLength={careersLimits.finalFeedback} />}
        </Field>
        <Field label={t('company.end.assessment')} optional={t('company.field.optional')} error={error('collaboration_assessment')}>
          {(props) => (
            <OptionalSelect
              {...props}
              {...register('collaboration_assessment', { setValueAs: optionalChoice })}
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
          <p className="company-muted">{[employment.position, employment.team?.name].filter(Boolean).join(' · ')}</p>
          <EmploymentStatus employment={employment} locale={locale} t={t} />
        </div>
      </header>
      <div className="company-manage-grid">
        <div className="company-stack">
          <NameChange employment={employment} locale={locale} t={t} />
          {employment.may_manage ? (
            <JobForm
              key={`job-${employment.id}-${employment.position}-${employment.reviewer?.member_id}`}
              employment={employment}
              members={members}
              teams={teams}
              locale={locale}
              t={t}
            />
          ) : null}
          {employment.may_review ? <ReviewRoundForm employment={employment} competencies={competencies} locale={locale} t={t} /> : null}
          {employment.may_review ? <EndForm key={`end-${employment.id}`} employment={employment} locale={locale} t={t} /> : null}
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
