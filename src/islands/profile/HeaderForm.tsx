// Edits the profile header (name, headline, about, position, location, open to work, public
// contact details, date of birth) with the contract's schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { UpdateProfileRequest, type ProfilePage } from '../../../contract/profile-sections.ts';
import { saveHeader } from '../../lib/stores/profile.ts';
import { formMessage, schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import type { MessageKey } from '../../i18n/index.ts';
import FormActions from './FormActions.tsx';
import FormField from './FormField.tsx';
import { applySaveFailure, showFirstError } from './form-failure.ts';
import { characterCounter, useUnsavedChangesQuestion } from './form-kit.tsx';
import type { Translate } from '../../i18n/translator.ts';
import Modal from './Modal.tsx';

type Kind = 'text' | 'textarea' | 'url' | 'email' | 'tel' | 'date' | 'checkbox';
const fields: { name: keyof z.input<typeof UpdateProfileRequest>; kind: Kind; required?: boolean; max?: number }[] = [
  { name: 'first_name', kind: 'text', required: true, max: 100 },
  { name: 'last_name', kind: 'text', required: true, max: 100 },
  { name: 'headline', kind: 'text', max: 160 },
  { name: 'current_position', kind: 'text', max: 160 },
  { name: 'location', kind: 'text', max: 160 },
  { name: 'open_to_work', kind: 'checkbox' },
  { name: 'about', kind: 'textarea', max: 5000 },
  { name: 'title', kind: 'text', max: 100 },
  { name: 'description', kind: 'textarea', max: 2000 },
  { name: 'website', kind: 'url', max: 2048 },
  { name: 'contact_email', kind: 'email', max: 255 },
  { name: 'contact_phone', kind: 'tel', max: 32 },
  { name: 'birth_date', kind: 'date' },
];

interface Props {
  page: ProfilePage;
  locale: Locale;
  t: Translate;
  onClose: () => void;
}

export default function HeaderForm({ page, locale, t, onClose }: Props) {
  const formId = useId();
  const defaults: FieldValues = {};
  for (const field of fields) {
    const value = page[field.name as keyof ProfilePage];
    defaults[field.name] = field.kind === 'checkbox' ? Boolean(value) : (value ?? '');
  }
  const schema = UpdateProfileRequest as unknown as z.ZodType<FieldValues, FieldValues>;
  const { register, handleSubmit, formState, setError, control } = useForm<FieldValues>({
    resolver: zodResolver(schema, schemaParseOptions),
    defaultValues: defaults,
  });
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const values = useWatch({ control }) as Record<string, unknown>;
  // Read during render: react-hook-form only tracks the formState fields a render has read.
  const { isDirty } = formState;
  const { confirmElement, requestClose } = useUnsavedChangesQuestion(t, locale, isDirty, onClose);
  const submit = handleSubmit(
    async (values) => {
      setSaving(true);
      setFormError(null);
      try {
        await saveHeader(values as z.input<typeof UpdateProfileRequest>);
        notifySuccess(t('profile.saved'));
        onClose();
      } catch (error) {
        setFormError(applySaveFailure(error, setError, locale));
      } finally {
        setSaving(false);
      }
    },
    showFirstError,
  );

  return (
    <Modal
      title={t('profile.editHeader')}
      closeLabel={t('profile.close')}
      onRequestClose={() => void requestClose()}
      error={formError}
      footer={<FormActions formId={formId} saving={saving} onCancel={() => void requestClose()} t={t} />}
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="section-form">
        {fields.map((field) => {
          const id = `${formId}-${field.name}`;
          const error = formMessage(formState.errors[field.name]?.message as string | undefined, locale);
          const label = t(`field.${field.name}` as MessageKey);
          const optional = field.required || field.kind === 'checkbox' ? undefined : t('field.optional');
          const length = String(values[field.name] ?? '').length;
          const counter = field.kind === 'textarea' && field.max ? characterCounter(t, locale, length, field.max) : undefined;
          return (
            <FormField key={field.name} id={id} label={label} error={error} optionalLabel={optional} counter={counter} inline={field.kind === 'checkbox'}>
              {(describedBy, invalid) => {
                const common = { id, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined };
                if (field.kind === 'checkbox') return <input type="checkbox" className="ui-checkbox" {...common} {...register(field.name)} />;
                // No maxLength on text areas: the counter says how far over, GOV.UK-style.
                if (field.kind === 'textarea') return <textarea rows={4} className="ui-textarea" {...common} {...register(field.name)} />;
                if (field.kind === 'date')
                  return <input type="date" className="ui-input" {...common} {...register(field.name, { setValueAs: (v: unknown) => (v === '' ? null : v) })} />;
                const autoComplete =
                  field.name === 'first_name' ? 'given-name' : field.name === 'last_name' ? 'family-name' : field.kind === 'email' ? 'email' : field.kind === 'tel' ? 'tel' : field.kind === 'url' ? 'url' : undefined;
                return (
                  <input
                    type={field.kind}
                    className="ui-input"
                    maxLength={field.max}
                    required={field.required}
                    autoComplete={autoComplete}
                    {...common}
                    {...register(field.name)}
                  />
                );
              }}
            </FormField>
          );
        })}
      </form>
      {confirmElement}
    </Modal>
  );
}
