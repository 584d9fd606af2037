// The job of a verified employment, as the hire form and the employment's job form ask for it:
// position, team, start date and reviewer, with the server's violations on each field.
import { careersLimits } from '../../../contract/careers.ts';
import type { Member, Team } from '../../../contract/companies.ts';
import type { Locale } from '../../../contract/locale.ts';
import { DateField, dateEntryProblem, type DateLabels } from '../../components/DateInputs.tsx';
import Field from '../../components/Field.tsx';
import { OptionalSelect, TextInput } from '../../components/TextInput.tsx';
import type { Translate } from './translate.ts';

/** The job as the form holds it: select values are strings, '' for none. */
export interface JobDraft {
  position: string;
  teamId: string;
  startDate: string;
  reviewerId: string;
}

/** The date field's labels in the page's language. */
export function dateLabels(t: Translate): DateLabels {
  return { day: t('kit.day'), month: t('kit.month'), year: t('kit.year'), chooseMonth: t('kit.chooseMonth') };
}

/** The date fields' own errors, found before anything is sent: a part missing, or no such day. */
export function dateErrors(t: Translate, dates: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, value] of Object.entries(dates)) {
    const problem = dateEntryProblem(value);
    if (problem) errors[field] = t(`kit.date.${problem}`);
  }
  return errors;
}

/** The job's fields of a hire or update request. */
export function jobInput(job: JobDraft) {
  return {
    position: job.position,
    team_id: job.teamId ? Number(job.teamId) : null,
    start_date: job.startDate,
    reviewer_member_id: job.reviewerId ? Number(job.reviewerId) : null,
  };
}

interface Props {
  job: JobDraft;
  onChange: (job: JobDraft) => void;
  errors: Record<string, string>;
  teams: readonly Team[];
  /** Who may review: the members other than the person employed. */
  reviewers: readonly Member[];
  reviewerHint?: string | undefined;
  locale: Locale;
  t: Translate;
}

export default function JobFields({ job, onChange, errors, teams, reviewers, reviewerHint, locale, t }: Props) {
  const set = (change: Partial<JobDraft>) => onChange({ ...job, ...change });
  return (
    <>
      <Field label={t('company.employees.position')} error={errors['position']}>
        {(control) => <TextInput {...control} name="position" value={job.position} maxLength={careersLimits.position} onChange={(e) => set({ position: e.target.value })} required />}
      </Field>
      <Field label={t('company.employees.team')} optional={t('company.field.optional')} error={errors['team_id']}>
        {(control) => (
          <OptionalSelect
            {...control}
            name="team_id"
            value={job.teamId}
            onChange={(e) => set({ teamId: e.target.value })}
            noneLabel={t('company.employees.noTeam')}
            options={teams.map((team) => ({ value: team.id, label: team.name }))}
          />
        )}
      </Field>
      <DateField legend={t('company.employees.startDate')} error={errors['start_date']} name="start_date" value={job.startDate} onChange={(startDate) => set({ startDate })} locale={locale} labels={dateLabels(t)} required />
      <Field label={t('company.employees.reviewer')} optional={t('company.field.optional')} hint={reviewerHint} error={errors['reviewer_member_id']}>
        {(control) => (
          <OptionalSelect
            {...control}
            name="reviewer_member_id"
            value={job.reviewerId}
            onChange={(e) => set({ reviewerId: e.target.value })}
            noneLabel={t('company.employees.noReviewer')}
            options={reviewers.map((m) => ({ value: m.id, label: m.name }))}
          />
        )}
      </Field>
    </>
  );
}
