// Hiring a member from the employee list (decision 120): person, position, team, start date and
// reviewer. Loaded when its button is pressed (FormOnDemand.tsx, decision 307): the list shows without
// the form library.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { HireRequest, type HireInput } from '../../../contract/careers-company.ts';
import type { Member, Team } from '../../../contract/companies.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Button from '../../components/Button.tsx';
import Field from '../../components/Field.tsx';
import { OptionalSelect } from '../../components/TextInput.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import type { Translate } from '../../i18n/translator.ts';
import { todayIso } from '../../lib/base/dates.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { optionalId } from '../../lib/forms/form-values.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { hirePerson } from '../../lib/stores/workspace-careers.ts';
import { useFormClose } from './FormOnDemand.tsx';
import JobFields, { withDateEntryCheck } from './JobFields.tsx';

export interface HireFormProps {
  /** The members who may be hired (no current verified employment here). */
  candidates: readonly Member[];
  /** Every member: who may review. */
  members: readonly Member[];
  teams: readonly Team[];
  locale: Locale;
  t: Translate;
  /** Hired or cancelled: the card shows its button again. */
  onClose: () => void;
}

export default function HireForm({ candidates, members, teams, locale, t, onClose }: HireFormProps) {
  const form = useForm<HireRequest, unknown, HireInput>({
    resolver: withDateEntryCheck(zodResolver(HireRequest, schemaParseOptions), t, ['start_date']),
    defaultValues: { member_id: undefined, position: '', team_id: null, start_date: todayIso(), reviewer_member_id: null },
  });
  const { register, control, formState } = form;
  useUnsavedReport(formState.isDirty);
  const { confirmElement, cancel, onKeyDown } = useFormClose(formState.isDirty, locale, onClose);
  const memberId = useWatch({ control, name: 'member_id' });
  const { failure, busy, submit } = useFormSave(form, locale, async (input) => {
    const person = members.find((m) => m.id === input.member_id);
    await hirePerson(input);
    notifySuccess(t('company.employees.hired', { name: person?.name ?? '' }));
    onClose();
  });
  return (
    <>
      <form className="company-form" onSubmit={(event) => void submit(event)} onKeyDown={onKeyDown} noValidate>
        {failure ? <Alert>{failure}</Alert> : null}
        <Field label={t('company.employees.person')} error={failureText(formState.errors.member_id?.message, locale) || undefined}>
          {(control) => (
            <OptionalSelect
              {...control}
              {...register('member_id', { setValueAs: optionalId })}
              noneLabel={t('company.employees.choosePerson')}
              options={candidates.map((m) => ({ value: m.id, label: `${m.name} (${m.email})` }))}
            />
          )}
        </Field>
        <JobFields
          form={form}
          teams={teams}
          reviewers={members.filter((m) => m.id !== memberId)}
          reviewerHint={t('company.employees.reviewerHint')}
          locale={locale}
          t={t}
        />
        <div className="company-actions">
          <Button type="submit" variant="primary" loading={busy}>
            {t('company.employees.hire')}
          </Button>
          <Button onClick={cancel}>{t('company.cancel')}</Button>
        </div>
      </form>
      {confirmElement}
    </>
  );
}
