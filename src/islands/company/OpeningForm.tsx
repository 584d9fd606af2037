// An opening's form (decision 255): the contract's schema checks it in the browser as the
// server does. Title, description in its formatting subset, place and/or remote, employment type, an
// optional salary, team, closing date, and the competencies (of the company's set, with a minimum
// level), skills and languages it asks for. Used in the Openings tab's dialog.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { Competency } from '../../../contract/careers-company.ts';
import type { Team } from '../../../contract/companies.ts';
import {
  employmentTypes,
  openingLimits,
  salaryCurrencies,
  salaryPeriods,
  SaveOpeningRequest,
  type Opening,
  type SaveOpeningInput,
} from '../../../contract/jobs.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Checkbox from '../../components/Checkbox.tsx';
import { DateField } from '../../components/DateInputs.tsx';
import Field, { Fieldset } from '../../components/Field.tsx';
import { OptionalSelect, Select, TextArea, TextInput } from '../../components/TextInput.tsx';
import { useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import type { Translate } from '../../i18n/translator.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { optionalChoice, optionalId } from '../../lib/forms/form-values.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { saveOpening } from '../../lib/stores/workspace-openings.ts';
import { dateLabels } from './JobFields.tsx';
import { CompetencyFields, LanguageFields, SkillFields, type SectionProps } from './OpeningLists.tsx';

const optionalAmount = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** Thirty days from today: a first closing date to change. */
function inThirtyDays(): string {
  const day = new Date(Date.now() + 30 * 86_400_000);
  return day.toISOString().slice(0, 10);
}

function valuesOf(opening: Opening | null): SaveOpeningRequest {
  if (!opening) {
    return {
      title: '',
      description: '',
      location: '',
      remote: false,
      employment_type: 'full_time',
      salary_min: null,
      salary_max: null,
      salary_currency: null,
      salary_period: null,
      competencies: [],
      skills: [],
      languages: [],
      team_id: null,
      closes_on: inThirtyDays(),
    };
  }
  return {
    title: opening.title,
    description: opening.description,
    location: opening.location ?? '',
    remote: opening.remote,
    employment_type: opening.employment_type,
    salary_min: opening.salary_min,
    salary_max: opening.salary_max,
    salary_currency: opening.salary_currency,
    salary_period: opening.salary_period,
    competencies: opening.competencies.map(({ competency_id, min_level }) => ({ competency_id, min_level })),
    skills: opening.skills,
    languages: opening.languages,
    team_id: opening.team_id,
    closes_on: opening.closes_on,
  };
}

/** The optional salary: from, to, currency and period. */
function SalaryFields({ form, locale, t }: SectionProps) {
  const { register, formState } = form;
  const errors = formState.errors;
  const text = (message: string | undefined) => failureText(message, locale) || undefined;
  return (
    <Fieldset legend={t('openings.field.salary')} hint={t('openings.field.salaryHint')} optional={t('company.field.optional')}>
      {() => (
        <div className="company-inline-fields">
          <Field label={t('openings.field.salaryMin')} error={text(errors.salary_min?.message)} className="company-narrow-field">
            {(control) => (
              <TextInput
                {...control}
                {...register('salary_min', { setValueAs: optionalAmount })}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
              />
            )}
          </Field>
          <Field label={t('openings.field.salaryMax')} error={text(errors.salary_max?.message)} className="company-narrow-field">
            {(control) => (
              <TextInput
                {...control}
                {...register('salary_max', { setValueAs: optionalAmount })}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
              />
            )}
          </Field>
          <Field label={t('openings.field.salaryCurrency')} error={text(errors.salary_currency?.message)}>
            {(control) => (
              <OptionalSelect
                {...control}
                {...register('salary_currency', { setValueAs: optionalChoice })}
                noneLabel={t('openings.field.choose')}
                options={salaryCurrencies.map((c) => ({ value: c, label: c }))}
              />
            )}
          </Field>
          <Field label={t('openings.field.salaryPeriod')} error={text(errors.salary_period?.message)}>
            {(control) => (
              <OptionalSelect
                {...control}
                {...register('salary_period', { setValueAs: optionalChoice })}
                noneLabel={t('openings.field.choose')}
                options={salaryPeriods.map((p) => ({ value: p, label: t(`openings.period.${p}`) }))}
              />
            )}
          </Field>
        </div>
      )}
    </Fieldset>
  );
}

export default function OpeningForm({
  formId,
  opening,
  competencies,
  teams,
  locale,
  t,
  onDone,
}: {
  formId: string;
  opening: Opening | null;
  competencies: readonly Competency[];
  teams: readonly Team[];
  locale: Locale;
  t: Translate;
  onDone: () => void;
}) {
  const form = useForm<SaveOpeningRequest, unknown, SaveOpeningInput>({
    resolver: zodResolver(SaveOpeningRequest, schemaParseOptions),
    defaultValues: valuesOf(opening),
  });
  const { register, control, formState } = form;
  useUnsavedReport(formState.isDirty);
  const errors = formState.errors;
  const text = (message: string | undefined) => failureText(message, locale) || undefined;
  const { failure, submit } = useFormSave(form, locale, async (input) => {
    await saveOpening(input, opening?.id);
    notifySuccess(t('openings.savedToast'));
    onDone();
  });

  return (
    <form id={formId} className="company-form" onSubmit={(event) => void submit(event)} noValidate>
      {failure ? <Alert>{failure}</Alert> : null}
      <Field label={t('openings.field.title')} error={text(errors.title?.message)}>
        {(control) => <TextInput {...control} {...register('title')} maxLength={openingLimits.title} required />}
      </Field>
      <Field label={t('openings.field.description')} hint={t('openings.field.descriptionHint')} error={text(errors.description?.message)}>
        {(control) => <TextArea {...control} {...register('description')} rows={8} maxLength={openingLimits.description} required />}
      </Field>
      <Field
        label={t('openings.field.location')}
        hint={t('openings.field.locationHint')}
        optional={t('company.field.optional')}
        error={text(errors.location?.message)}
      >
        {(control) => <TextInput {...control} {...register('location')} maxLength={openingLimits.location} />}
      </Field>
      <Checkbox label={t('openings.field.remote')} {...register('remote')} />
      <Field label={t('openings.field.employmentType')} error={text(errors.employment_type?.message)}>
        {(control) => (
          <Select {...control} {...register('employment_type')}>
            {employmentTypes.map((type) => (
              <option key={type} value={type}>
                {t(`openings.employmentType.${type}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <SalaryFields form={form} locale={locale} t={t} />
      <Field label={t('openings.field.team')} optional={t('company.field.optional')} error={text(errors.team_id?.message)}>
        {(control) => (
          <OptionalSelect
            {...control}
            {...register('team_id', { setValueAs: optionalId })}
            noneLabel={t('openings.field.noTeam')}
            options={teams.map((team) => ({ value: team.id, label: team.name }))}
          />
        )}
      </Field>
      <Controller
        control={control}
        name="closes_on"
        render={({ field }) => (
          <DateField
            legend={t('openings.field.closesOn')}
            hint={t('openings.field.closesOnHint')}
            error={text(errors.closes_on?.message)}
            name="closes_on"
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            locale={locale}
            labels={dateLabels(t)}
            required
          />
        )}
      />
      <CompetencyFields form={form} competencies={competencies} locale={locale} t={t} />
      <SkillFields form={form} locale={locale} t={t} />
      <LanguageFields form={form} locale={locale} t={t} />
    </form>
  );
}
