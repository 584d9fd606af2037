// What the profile's forms share on top of the kit: the character counter's words, the unsaved-
// changes question, the save that closes the dialog, the dialog around the form, and the frame and
// plain controls of the header's and the sections' fields.
import type { ReactNode } from 'react';
import type { FieldValues, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import type { Locale } from '../../../contract/locale.ts';
import type { FieldControlProps, FieldCounter } from '../Field.tsx';
import FormDialog from '../FormDialog.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';
import { useUnsavedChanges } from '../UnsavedChanges.tsx';
import { failureText } from '../../lib/base/failure-text.ts';
import { pluralize } from '../../lib/base/plurals.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import type { Translate } from '../../i18n/translator.ts';
import { useFormSave } from '../use-form-save.ts';

/** The counter under a limited field: 'You have 32 characters remaining' / 'Залишилося 32 символи'. */
export function characterCounter(t: Translate, locale: Locale, length: number, max: number): FieldCounter {
  const left = max - length;
  // Written with its first words, so the page's build finds the keys it can be (src/i18n/island-messages.ts).
  const form = (name: string) => t(`kit.counter.${left >= 0 ? 'remaining' : 'over'}.${name}` as MessageKey);
  return {
    text: pluralize(locale, Math.abs(left), { one: form('one'), few: form('few'), many: form('many'), other: form('other') }),
    isOver: left < 0,
  };
}

/** The kit's unsaved-changes question (UnsavedChanges.tsx) in the profile's words; `requestClose` asks only when something changed. */
export function useUnsavedChangesQuestion(t: Translate, locale: Locale, isDirty: boolean, onClose: () => void) {
  const texts = {
    ...unsavedChangesTexts(locale),
    title: t('profile.unsavedTitle'),
    discardLabel: t('profile.discard'),
    keepLabel: t('profile.keepEditing'),
    closeLabel: t('profile.close'),
  };
  const { confirmElement, confirmDiscard } = useUnsavedChanges(isDirty, texts);
  return { confirmElement, requestClose: () => confirmDiscard(onClose) };
}

type ProfileForm = Pick<UseFormReturn<FieldValues>, 'handleSubmit' | 'setError' | 'formState'>;

/**
 * A profile form's save: `save` sends the valid values; on success the page says so and the dialog
 * closes; server violations land on their fields, any other failure shows in the dialog; a failed
 * check scrolls to the first error; closing with changes asks first.
 */
export function useProfileFormSave(
  t: Translate,
  locale: Locale,
  form: ProfileForm,
  onClose: () => void,
  save: (values: FieldValues) => Promise<unknown>,
) {
  // Read during render: react-hook-form only tracks the formState fields a render has read.
  const { isDirty } = form.formState;
  const { confirmElement, requestClose } = useUnsavedChangesQuestion(t, locale, isDirty, onClose);
  const { submit, failure, busy } = useFormSave(form, locale, async (values) => {
    await save(values);
    notifySuccess(t('profile.saved'));
    onClose();
  });
  return { saving: busy, formError: failure, submit, confirmElement, requestClose };
}

/** A profile form in the kit's FormDialog: Cancel (which may ask first) and Save at its foot. */
export function ProfileFormDialog({
  title,
  formId,
  t,
  save,
  fallbackFocus,
  children,
}: {
  title: string;
  formId: string;
  t: Translate;
  save: ReturnType<typeof useProfileFormSave>;
  fallbackFocus?: () => HTMLElement | null | undefined;
  children: ReactNode;
}) {
  return (
    <FormDialog
      title={title}
      closeLabel={t('profile.close')}
      cancelLabel={t('profile.cancel')}
      onClose={() => void save.requestClose()}
      error={save.formError}
      fallbackFocus={fallbackFocus}
      formId={formId}
      submitLabel={t('profile.save')}
      busy={save.saving}
    >
      <form id={formId} noValidate onSubmit={(event) => void save.submit(event)} className="section-form">
        {children}
      </form>
      {save.confirmElement}
    </FormDialog>
  );
}

/** What the kit's Field needs of one profile field: its id in the form, its error, '(optional)', its counter. */
export function fieldFrame(
  t: Translate,
  locale: Locale,
  formId: string,
  form: Pick<ProfileForm, 'formState'>,
  values: Record<string, unknown>,
  field: { name: string; kind: string; required?: boolean | undefined; maxLength?: number | undefined },
) {
  const length = String(values[field.name] ?? '').length;
  return {
    id: `${formId}-${field.name}`,
    error: failureText(form.formState.errors[field.name]?.message as string | undefined, locale) || undefined,
    optional: field.required || field.kind === 'checkbox' ? undefined : `(${t('field.optional')})`,
    counter: field.kind === 'textarea' && field.maxLength ? characterCounter(t, locale, length, field.maxLength) : undefined,
    inline: field.kind === 'checkbox',
  };
}

/** A check box, or a text area (no maxLength: the counter says how far over, GOV.UK-style). */
export function plainControl(kind: 'checkbox' | 'textarea', control: FieldControlProps, registered: UseFormRegisterReturn, rows: number) {
  if (kind === 'checkbox') return <input type="checkbox" className="ui-checkbox" {...control} {...registered} />;
  return <textarea rows={rows} className="ui-textarea" {...control} {...registered} />;
}
