// The add/edit form of any profile section, validated by the contract's schema for that section with
// the SPEC §5 messages; server violations land on their fields, other failures show in the dialog;
// closing with changes asks first, in a page dialog. Dates here are month-level (month and year).
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { proficiencies, sectionInputs, type MediaFile, type SectionName } from '../../../contract/profile-sections.ts';
import { languageCodes } from '../../../contract/json-resume.ts';
import { saveEntry } from '../../lib/stores/profile.ts';
import { formMessage, schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import Combobox from '../../components/Combobox.tsx';
import { MonthYearInput } from '../../components/DateInputs.tsx';
import FormActions from './FormActions.tsx';
import FormField from './FormField.tsx';
import { applySaveFailure, showFirstError } from './form-failure.ts';
import { characterCounter, useUnsavedChangesQuestion } from './form-kit.tsx';
import MediaField from './MediaField.tsx';
import type { Translate } from '../../i18n/translator.ts';
import Modal from './Modal.tsx';
import { formValuesOf, mediaOf, sectionFields, type SectionItem } from './section-fields.ts';

interface Props {
  section: SectionName;
  item?: SectionItem | undefined;
  locale: Locale;
  t: Translate;
  languageName: (code: string) => string;
  onClose: () => void;
}

/** Month-year fields hold null when empty, as the schema expects of an optional date. */
function withEmptyDatesNull(section: SectionName, values: FieldValues): FieldValues {
  const out = { ...values };
  for (const field of sectionFields[section]) if (field.kind === 'date' && out[field.name] === '') out[field.name] = null;
  return out;
}

export default function SectionForm({ section, item, locale, t, languageName, onClose }: Props) {
  const formId = useId();
  const schema = sectionInputs[section] as unknown as z.ZodType<FieldValues, FieldValues>;
  const { register, handleSubmit, control, formState, setError } = useForm<FieldValues>({
    resolver: zodResolver(schema, schemaParseOptions),
    defaultValues: withEmptyDatesNull(section, formValuesOf(section, item)),
  });
  const [media, setMedia] = useState<MediaFile | null>(mediaOf(item));
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const values = useWatch({ control }) as Record<string, unknown>;
  const isCurrent = Boolean(values['is_current']) && section === 'employments';
  const lang = locale === 'uk_UA' ? 'uk' : 'en-GB';
  const languageOptions = [...languageCodes]
    .map((code) => ({ value: code, label: languageName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));

  // Read during render: react-hook-form only tracks the formState fields a render has read.
  const { isDirty } = formState;
  const { confirmElement, requestClose } = useUnsavedChangesQuestion(t, locale, isDirty, onClose);

  const submit = handleSubmit(
    async (values) => {
      setSaving(true);
      setFormError(null);
      try {
        await saveEntry(section, values, item?.id);
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

  const title = item ? t('profile.editItem', { name: t(`profile.item.${section}`) }) : t(`profile.add.${section}`);
  return (
    <Modal
      title={title}
      closeLabel={t('profile.close')}
      onRequestClose={() => void requestClose()}
      error={formError}
      // The first entry replaces the empty state and its button: focus goes to the section's heading.
      fallbackFocus={() => document.getElementById(`section-${section}`)}
      footer={<FormActions formId={formId} saving={saving} onCancel={() => void requestClose()} t={t} />}
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="section-form">
        {sectionFields[section].map((field) => {
          const id = `${formId}-${field.name}`;
          const error = formMessage(formState.errors[field.name]?.message as string | undefined, locale);
          const optional = field.required || field.kind === 'checkbox' ? undefined : t('field.optional');
          if (field.kind === 'media') {
            return (
              <Controller
                key={field.name}
                control={control}
                name={field.name}
                render={({ field: controlled }) => (
                  <>
                    <MediaField
                      id={id}
                      label={t(field.label)}
                      media={media}
                      t={t}
                      errorId={error ? `${id}-error` : undefined}
                      onChange={(next) => {
                        setMedia(next);
                        controlled.onChange(next?.id ?? null);
                      }}
                    />
                    {error ? (
                      <p id={`${id}-error`} className="ui-field-error" data-form-error="">
                        {error}
                      </p>
                    ) : null}
                  </>
                )}
              />
            );
          }
          if (field.kind === 'date' || field.kind === 'language') {
            return (
              <Controller
                key={field.name}
                control={control}
                name={field.name}
                render={({ field: controlled }) => (
                  <FormField id={id} label={t(field.label)} error={error} optionalLabel={optional} group={field.kind === 'date'}>
                    {(describedBy, invalid) =>
                      field.kind === 'date' ? (
                        // Month-level facts: the server keeps the first day of the month.
                        <MonthYearInput
                          ref={controlled.ref}
                          value={typeof controlled.value === 'string' ? controlled.value.slice(0, 7) : ''}
                          onChange={(next) => controlled.onChange(next ? `${next}-01` : null)}
                          onBlur={controlled.onBlur}
                          lang={lang}
                          monthLabel={t('kit.month')}
                          yearLabel={t('kit.year')}
                          monthPlaceholder={t('kit.chooseMonth')}
                          invalid={invalid}
                          describedBy={describedBy}
                          disabled={field.name === 'end_date' && isCurrent}
                        />
                      ) : (
                        <Combobox
                          id={id}
                          ref={controlled.ref}
                          aria-describedby={describedBy}
                          aria-invalid={invalid || undefined}
                          options={languageOptions}
                          value={typeof controlled.value === 'string' && controlled.value ? controlled.value : null}
                          onChange={(next) => controlled.onChange(next ?? '')}
                          onBlur={controlled.onBlur}
                          noMatchesText={t('kit.noMatches')}
                          placeholder={t('field.chooseLanguage')}
                        />
                      )
                    }
                  </FormField>
                )}
              />
            );
          }
          const length = String(values[field.name] ?? '').length;
          const counter = field.kind === 'textarea' && field.maxLength ? characterCounter(t, locale, length, field.maxLength) : undefined;
          return (
            <FormField key={field.name} id={id} label={t(field.label)} error={error} optionalLabel={optional} counter={counter} inline={field.kind === 'checkbox'}>
              {(describedBy, invalid) => {
                const common = { id, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined };
                switch (field.kind) {
                  case 'checkbox':
                    return <input type="checkbox" className="ui-checkbox" {...common} {...register(field.name)} />;
                  case 'textarea':
                    return <textarea rows={5} className="ui-textarea" {...common} {...register(field.name)} />;
                  case 'proficiency':
                    return (
                      <select className="ui-select" {...common} {...register(field.name)}>
                        <option value="">{t('field.chooseProficiency')}</option>
                        {proficiencies.map((level) => (
                          <option key={level} value={level}>
                            {t(`proficiency.${level}`)}
                          </option>
                        ))}
                      </select>
                    );
                  case 'url':
                    return <input type="url" inputMode="url" className="ui-input" maxLength={field.maxLength} {...common} {...register(field.name)} />;
                  default:
                    return <input type="text" className="ui-input" maxLength={field.maxLength} required={field.required} {...common} {...register(field.name)} />;
                }
              }}
            </FormField>
          );
        })}
      </form>
      {confirmElement}
    </Modal>
  );
}
