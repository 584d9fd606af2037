// The job of a verified employment, as the hire form and the employment's job form ask for it:
// position, team, start date and reviewer, on the form's react-hook-form state, with each field's
// error (the contract's check, or the server's violation) under it.
import { Controller, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { careersLimits } from '../../../contract/careers.ts';
import type { Member, Team } from '../../../contract/companies.ts';
import type { Locale } from '../../../contract/locale.ts';
import { DateField, dateEntryProblem, type DateLabels } from '../../components/DateInputs.tsx';
import Field from '../../components/Field.tsx';
import { OptionalSelect, TextInput } from '../../components/TextInput.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { optionalId } from '../../lib/forms/form-values.ts';

/** The date field's labels in the page's language. */
export function dateLabels(t: Translate): DateLabels {
  return { day: t('kit.day'), month: t('kit.month'), year: t('kit.year'), chooseMonth: t('kit.chooseMonth') };
}

/**
 * The contract's resolver, with the date fields' own check first: a date typed in part, or one that
 * does not exist, gets the kit's words ('The date must include a day, a month and a year') rather than
 * the schema's general one. The form is not sent while any is wrong.
 */
export function withDateEntryCheck<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
  t: Translate,
  dates: readonly Path<TValues>[],
): Resolver<TValues, TContext, TOutput> {
  return async (values, context, options) => {
    const checked = await resolver(values, context, options);
    const entryErrors: Record<string, { type: string; message: string }> = {};
    for (const name of dates) {
      const value: unknown = values[name];
      const problem = typeof value === 'string' ? dateEntryProblem(value) : undefined;
      if (problem) entryErrors[name] = { type: 'date', message: t(`kit.date.${problem}`) };
    }
    if (Object.keys(entryErrors).length === 0) return checked;
    return { values: {}, errors: { ...checked.errors, ...entryErrors } as FieldErrors<TValues> };
  };
}

/** The job's fields as a form holds them: what the hire and update requests share. */
interface JobValues extends FieldValues {
  position: string;
  team_id?: number | null | undefined;
  start_date: string;
  reviewer_member_id?: number | null | undefined;
}

interface Props<TValues extends JobValues> {
  form: UseFormReturn<TValues, unknown, unknown>;
  teams: readonly Team[];
  /** Who may review: the members other than the person employed. */
  reviewers: readonly Member[];
  reviewerHint?: string | undefined;
  locale: Locale;
  t: Translate;
}

export default function JobFields<TValues extends JobValues>({ form, teams, reviewers, reviewerHint, locale, t }: Props<TValues>) {
  const { register, control, formState } = form;
  const name = (field: keyof JobValues & string) => field as Path<TValues>;
  const error = (field: keyof JobValues & string) =>
    failureText((formState.errors as FieldErrors<JobValues>)[field]?.message, locale) || undefined;
  return (
    <>
      <Field label={t('company.employees.position')} error={error('position')}>
        {(props) => <TextInput {...props} {...register(name('position'))} maxLength={careersLimits.position} required />}
      </Field>
      <Field label={t('company.employees.team')} optional={t('company.field.optional')} error={error('team_id')}>
        {(props) => (
          <OptionalSelect
            {...props}
            {...register(name('team_id'), { setValueAs: optionalId })}
            noneLabel={t('company.employees.noTeam')}
            options={teams.map((team) => ({ value: team.id, label: team.name }))}
          />
        )}
      </Field>
      <Controller
        control={control}
        name={name('start_date')}
        render={({ field }) => (
          <DateField
            legend={t('company.employees.startDate')}
            error={error('start_date')}
            name="start_date"
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            locale={locale}
            labels={dateLabels(t)}
            required
          />
        )}
      />
      <Field
        label={t('company.employees.reviewer')}
        optional={t('company.field.optional')}
        hint={reviewerHint}
        error={error('reviewer_member_id')}
      >
        {(props) => (
          <OptionalSelect
            {...props}
            {...register(name('reviewer_member_id'), { setValueAs: optionalId })}
            noneLabel={t('company.employees.noReviewer')}
            options={reviewers.map((m) => ({ value: m.id, label: m.name }))}
          />
        )}
      </Field>
    </>
  );
}
