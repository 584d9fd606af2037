// The dialog that edits a job's experience description and technical skills (SPEC §6: only the
// owner), loaded when first asked for by ExperienceCard. Skills are one a line.
import { useId, useState } from 'react';
import { careersLimits, UpdateExperienceRequest } from '../../../contract/careers.ts';
import FormDialog from '../../components/FormDialog.tsx';
import Field from '../../components/Field.tsx';
import { TextArea } from '../../components/TextInput.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { failureText } from '../../lib/failure-text.ts';
import { fieldErrorsFrom } from '../../lib/forms/server-violations.ts';
import { saveExperience } from '../../lib/stores/careers.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { dialogErrorText } from '../../lib/forms/form-failure.ts';
import { characterCounter, useUnsavedChangesQuestion } from '../../components/profile/form-kit.tsx';
import type { ExperienceProps as Props } from './ExperienceCard.tsx';

/** The skills typed one a line, without blank lines or surrounding spaces. */
export function skillsFromLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export default function ExperienceDialog({ jobId, description, skills, locale, t, onClose }: Props & { onClose: () => void }) {
  const formId = useId();
  const initialText = description ?? '';
  const initialSkills = skills.join('\n');
  const [text, setText] = useState(initialText);
  const [skillLines, setSkillLines] = useState(initialSkills);
  const [errors, setErrors] = useState<{ description?: string; skills?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { confirmElement, requestClose } = useUnsavedChangesQuestion(
    t,
    locale,
    text !== initialText || skillLines !== initialSkills,
    onClose,
  );

  const submit = async () => {
    setFailure(null);
    const input = { experience_description: text, technical_skills: skillsFromLines(skillLines) };
    const parsed = UpdateExperienceRequest.safeParse(input, schemaParseOptions);
    if (!parsed.success) {
      const first = (name: string) =>
        failureText(parsed.error.issues.find((issue) => issue.path[0] === name)?.message, locale) || undefined;
      setErrors({ description: first('experience_description'), skills: first('technical_skills') });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await saveExperience(jobId, input);
      notifySuccess(t('details.experience.saved'));
      onClose();
    } catch (failed) {
      const byField = failed instanceof ApiError ? fieldErrorsFrom(failed.violations) : {};
      const skillsError = Object.entries(byField).find(([field]) => field.startsWith('technical_skills'))?.[1];
      if (byField['experience_description'] || skillsError)
        setErrors({ description: byField['experience_description'], skills: skillsError });
      else setFailure(dialogErrorText(failed, locale));
    } finally {
      setSaving(false);
    }
  };

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
      busy={saving}
    >
      <form
        id={formId}
        noValidate
        className="employment-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field
          label={t('details.experience.label')}
          hint={t('details.experience.hint')}
          error={errors.description}
          counter={characterCounter(t, locale, text.length, careersLimits.experienceDescription)}
        >
          {(control) => <TextArea {...control} rows={8} value={text} onChange={(event) => setText(event.target.value)} data-autofocus />}
        </Field>
        <Field
          label={t('details.experience.skills')}
          hint={t('details.experience.skillsHint', { maximum: careersLimits.technicalSkillsMax })}
          error={errors.skills}
        >
          {(control) => <TextArea {...control} rows={5} value={skillLines} onChange={(event) => setSkillLines(event.target.value)} />}
        </Field>
      </form>
      {confirmElement}
    </FormDialog>
  );
}
