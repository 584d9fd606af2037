// The job of one verified employment, changed from the employee page (decision 120): position, team,
// start date and reviewer; a change records 'Job changed' or 'Reviewer changed'. Loaded when its
// button is pressed (FormOnDemand.tsx, decision 307): the page shows the job without the form library.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { UpdateEmploymentRequest, type CompanyEmploymentDetails, type UpdateEmploymentInput } from '../../../contract/careers-company.ts';
import type { Member, Team } from '../../../contract/companies.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Button from '../../components/Button.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import type { Translate } from '../../i18n/translator.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { changeEmployment } from '../../lib/stores/workspace-careers.ts';
import { useFormClose } from './FormOnDemand.tsx';
import JobFields, { withDateEntryCheck } from './JobFields.tsx';

export interface JobFormProps {
  employment: CompanyEmploymentDetails;
  members: readonly Member[];
  teams: readonly Team[];
  locale: Locale;
  t: Translate;
  /** Saved or cancelled: the card shows the job again. */
  onClose: () => void;
}

function savedJob(employment: CompanyEmploymentDetails): UpdateEmploymentRequest {
  return {
    position: employment.position ?? '',
    team_id: employment.team?.id ?? null,
    start_date: employment.start_date.slice(0, 10),
    reviewer_member_id: employment.reviewer?.member_id ?? null,
  };
}

export default function JobForm({ employment, members, teams, locale, t, onClose }: JobFormProps) {
  const form = useForm<UpdateEmploymentRequest, unknown, UpdateEmploymentInput>({
    resolver: withDateEntryCheck(zodResolver(UpdateEmploymentRequest, schemaParseOptions), t, ['start_date']),
    defaultValues: savedJob(employment),
  });
  useUnsavedReport(form.formState.isDirty);
  const { confirmElement, cancel, onKeyDown } = useFormClose(form.formState.isDirty, locale, onClose);
  const { failure, busy, submit } = useFormSave(form, locale, async (input) => {
    await changeEmployment(employment.id, input);
    notifySuccess(t('company.employees.jobSaved'));
    onClose();
  });
  return (
    <>
      <form className="company-form" onSubmit={(event) => void submit(event)} onKeyDown={onKeyDown} noValidate>
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
          <Button onClick={cancel}>{t('company.cancel')}</Button>
        </div>
      </form>
      {confirmElement}
    </>
  );
}
