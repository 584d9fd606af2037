// The dialog that edits a job's experience description and technical skills (SPEC §6: only the
// owner), loaded when first asked for by ExperienceCard. Skills are one a line.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { careersLimits, UpdateExperienceRequest } from '../../../contract/careers.ts';
import FormDialog from '../../components/FormDialog.tsx';
import Field from '../../components/Field.tsx';
import { TextArea } from '../../components/TextInput.tsx';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { saveExperience } from '../../lib/stores/careers.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import { characterCounter, useUnsavedChangesQuestion } from '../../components/profile/form-kit.tsx';
import type { ExperienceProps as Props } from './ExperienceCard.tsx';

/** The skills typed one a line, without blank lines or surrounding spaces. */
export function skillsFromLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The form's values: the skills as the lines typed, turned into the request's list by the schema. */
const ExperienceForm = z.object({
  experience_description: UpdateExperienceRequest.shape.experience_description,
  technical_skills: z.string().transform(skillsFromLines).pipe(UpdateExperienceRequest.shape.technical_skills.unwrap()),
});

/** The first message under a field: its own, or one of its items' (a skill too long, `technical_skills.3`). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const item of Object.values(error)) {
    const found = firstMessage(item);
    if (found) return found;
  }
  return undefined;
}

export default function ExperienceDialog({ jobId, description, skills, locale, t, onClose }: Props & { onClose: () => void }) {
  const formId = useId();
  const initialText = description ?? '';
  const initialSkills = skills.join('\n');
  const form = useForm<z.input<typeof ExperienceForm>, unknown, z.output<typeof ExperienceForm>>({
    resolver: zodResolver(ExperienceForm, schemaParseOptions),
    defaultValues: { experience_description: initialText, technical_skills: initialSkills },
  });
  const { register, control, formState } = form;
  const text = useWatch({ control, name: 'experience_description' }) ?? '';
  const { confirmElement, requestClose } = useUnsavedChangesQuestion(t, locale, formState.isDirty, onClose);
  const { submit, failure, busy } = useFormSave(form, locale, async (values) => {
    await saveExperience(jobId, values);
    notifySuccess(t('details.experience.saved'));
    onClose();
  });
  const error = (name: 'experience_description' | 'technical_skills') =>
    failureText(firstMessage(formState.errors[name]), locale) || undefined;

  return (
    <FormDialog
      title={t('details.experience.edit')}
      closeLabel={t('careers.close')}
      cancelLabel={t('careers.cancel')}
      onClose={() => void requestClose()}
      error={failure}
      size="large"
      formId={formId}
      submitLabel={t('details.save')}
      busy={busy}
    >
      <form id={formId} noValidate className="employment-form" onSubmit={(event) => void submit(event)}>
        <Field
          label={t('details.experience.label')}
          hint={t('details.experience.hint')}
          error={error('experience_description')}
          counter={characterCounter(t, locale, text.length, careersLimits.experienceDescription)}
        >
          {(control) => <TextArea {...control} {...register('experience_description')} rows={8} data-autofocus />}
        </Field>
        <Field
          label={t('details.experience.skills')}
          hint={t('details.experience.skillsHint', { maximum: careersLimits.technicalSkillsMax })}
          error={error('technical_skills')}
        >
          {(control) => <TextArea {...control} {...register('technical_skills')} rows={5} />}
        </Field>
      </form>
      {confirmElement}
    </FormDialog>
  );
}
