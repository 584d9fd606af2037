// The end of one verified employment's collaboration, from the employee page (decision 120): a planned
// termination date, the final feedback and the collaboration's assessment. Loaded when its button is
// pressed (FormOnDemand.tsx, decision 307): the page shows what was saved without the form library.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { careersLimits } from '../../../contract/careers.ts';
import {
  EndOfCollaborationRequest,
  type CompanyEmploymentDetails,
  type EndOfCollaborationInput,
} from '../../../contract/careers-company.ts';
import { ratingScale } from '../../../contract/employment-scores.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Button from '../../components/Button.tsx';
import { DateField } from '../../components/DateInputs.tsx';
import Field from '../../components/Field.tsx';
import { OptionalSelect, TextArea } from '../../components/TextInput.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import type { Translate } from '../../i18n/translator.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { optionalChoice } from '../../lib/forms/form-values.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { saveEndOfCollaboration } from '../../lib/stores/workspace-careers.ts';
import { useFormClose } from './FormOnDemand.tsx';
import { dateLabels, withDateEntryCheck } from './JobFields.tsx';

export interface EndOfCollaborationFormProps {
  employment: CompanyEmploymentDetails;
  locale: Locale;
  t: Translate;
  /** Saved or cancelled: the card shows what was saved again. */
  onClose: () => void;
}

export default function EndOfCollaborationForm({ employment, locale, t, onClose }: EndOfCollaborationFormProps) {
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
  const { confirmElement, cancel, onKeyDown } = useFormClose(formState.isDirty, locale, onClose);
  const { failure, busy, submit } = useFormSave(form, locale, async (input) => {
    await saveEndOfCollaboration(employment.id, input);
    notifySuccess(t('company.end.saved'));
    onClose();
  });
  const error = (name: keyof EndOfCollaborationRequest) => failureText(formState.errors[name]?.message, locale) || undefined;
  return (
    <>
      <form className="company-form" onSubmit={(event) => void submit(event)} onKeyDown={onKeyDown} noValidate>
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
          <Button onClick={cancel}>{t('company.cancel')}</Button>
        </div>
      </form>
      {confirmElement}
    </>
  );
}
