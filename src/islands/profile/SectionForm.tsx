// The add/edit form of any profile section, validated by the contract's schema for that section with
// the SPEC §5 messages; server violations land on their fields; closing with changes asks first.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { proficiencies, sectionInputs, type MediaFile, type ProfilePage, type SectionName } from '../../../contract/profile-sections.ts';
import { languageCodes } from '../../../contract/json-resume.ts';
import { saveSectionItem } from '../../lib/api/profile-page-api.ts';
import { confirmClose } from '../../lib/forms/confirmations.ts';
import { formMessage, schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import FormActions from './FormActions.tsx';
import FormField from './FormField.tsx';
import { applySaveFailure, showFirstError } from './form-failure.ts';
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
  onSaved: (page: ProfilePage) => void;
  onClose: () => void;
}

const emptyToNull = (value: unknown) => (value === '' ? null : value);

export default function SectionForm({ section, item, locale, t, languageName, onSaved, onClose }: Props) {
  const formId = useId();
  const schema = sectionInputs[section] as unknown as z.ZodType<FieldValues, FieldValues>;
  const { register, handleSubmit, control, formState, setError } = useForm<FieldValues>({
    resolver: zodResolver(schema, schemaParseOptions),
    defaultValues: formValuesOf(section, item),
  });
  const [media, setMedia] = useState<MediaFile | null>(mediaOf(item));
  const [saving, setSaving] = useState(false);
  const isCurrent = Boolean(useWatch({ control, name: 'is_current' })) && section === 'employments';
  const sortedCodes = [...languageCodes].sort((a, b) => languageName(a).localeCompare(languageName(b), locale === 'uk_UA' ? 'uk' : 'en'));

  // Read during render: react-hook-form only tracks the formState fields a render has read.
  const { isDirty } = formState;
  const requestClose = async () => {
    if (await confirmClose(isDirty, locale)) onClose();
  };

  const submit = handleSubmit(
    async (values) => {
      setSaving(true);
      try {
        const page = await saveSectionItem(section, values, item?.id);
        notifySuccess(t('profile.saved'));
        onSaved(page);
        onClose();
      } catch (error) {
        applySaveFailure(error, setError);
      } finally {
        setSaving(false);
      }
    },
    showFirstError,
  );

  const title = item ? t('profile.editItem', { name: t(`profile.item.${section}`) }) : t(`profile.add.${section}`);
  return (
    <Modal title={title} closeLabel={t('profile.close')} onRequestClose={() => void requestClose()}>
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
                      <p id={`${id}-error`} className="field-error" data-form-error="">
                        {error}
                      </p>
                    ) : null}
                  </>
                )}
              />
            );
          }
          return (
            <FormField key={field.name} id={id} label={t(field.label)} error={error} optionalLabel={optional} inline={field.kind === 'checkbox'}>
              {(describedBy, invalid) => {
                const common = { id, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined };
                switch (field.kind) {
                  case 'checkbox':
                    return <input type="checkbox" {...common} {...register(field.name)} />;
                  case 'textarea':
                    return <textarea rows={5} maxLength={field.maxLength} {...common} {...register(field.name)} />;
                  case 'date':
                    return (
                      <input
                        type="date"
                        {...common}
                        disabled={field.name === 'end_date' && isCurrent}
                        {...register(field.name, { setValueAs: emptyToNull })}
                      />
                    );
                  case 'language':
                    return (
                      <select {...common} {...register(field.name)}>
                        <option value="">{t('field.chooseLanguage')}</option>
                        {sortedCodes.map((code) => (
                          <option key={code} value={code}>
                            {languageName(code)}
                          </option>
                        ))}
                      </select>
                    );
                  case 'proficiency':
                    return (
                      <select {...common} {...register(field.name)}>
                        <option value="">{t('field.chooseProficiency')}</option>
                        {proficiencies.map((level) => (
                          <option key={level} value={level}>
                            {t(`proficiency.${level}`)}
                          </option>
                        ))}
                      </select>
                    );
                  case 'url':
                    return <input type="url" inputMode="url" maxLength={field.maxLength} {...common} {...register(field.name)} />;
                  default:
                    return <input type="text" maxLength={field.maxLength} required={field.required} {...common} {...register(field.name)} />;
                }
              }}
            </FormField>
          );
        })}
        <FormActions saving={saving} onCancel={() => void requestClose()} t={t} />
      </form>
    </Modal>
  );
}
