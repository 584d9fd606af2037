// The add/edit form of any profile section, validated by the contract's schema for that section with
// the SPEC §5 messages; server violations land on their fields, other failures show in the dialog;
// closing with changes asks first, in a page dialog. Dates here are month-level (month and year).
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldValues, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { proficiencies, sectionInputs, type MediaFile, type SectionName } from '../../../contract/profile-sections.ts';
import { languageCodes } from '../../../contract/language-codes.ts';
import { saveEntry } from '../../lib/stores/profile.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import Combobox from '../Combobox.tsx';
import CompanyNameInput from './CompanyNameInput.tsx';
import { MonthYearInput } from '../DateInputs.tsx';
import Field, { Fieldset, type FieldControlProps } from '../Field.tsx';
import { fieldFrame, plainControl, ProfileFormDialog, useProfileFormSave } from './form-kit.tsx';
import MediaField from './MediaField.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { formValuesOf, mediaOf, sectionFields, type FieldSpec, type SectionItem } from './section-fields.ts';

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
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema, schemaParseOptions),
    defaultValues: withEmptyDatesNull(section, formValuesOf(section, item)),
  });
  const { register, control } = form;
  const [media, setMedia] = useState<MediaFile | null>(mediaOf(item));
  const values = useWatch({ control }) as Record<string, unknown>;
  const isCurrent = Boolean(values['is_current']) && section === 'employments';
  const lang = locale === 'uk_UA' ? 'uk' : 'en-GB';
  const languageOptions = [...languageCodes]
    .map((code) => ({ value: code, label: languageName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));
  const save = useProfileFormSave(t, locale, form, onClose, (values) => saveEntry(section, values, item?.id));

  const title = item ? t('profile.editItem', { name: t(`profile.item.${section}`) }) : t(`profile.add.${section}`);
  return (
    <ProfileFormDialog
      title={title}
      formId={formId}
      t={t}
      save={save}
      // The first entry replaces the empty state and its button: focus goes to the section's heading.
      fallbackFocus={() => document.getElementById(`section-${section}`)}
    >
      {sectionFields[section].map((field) => {
        const { id, error, optional, counter, inline } = fieldFrame(t, locale, formId, form, values, field);
        if (field.kind === 'media' || field.kind === 'date' || field.kind === 'language' || field.kind === 'company') {
          return (
            <Controller
              key={field.name}
              control={control}
              name={field.name}
              render={({ field: controlled }) => {
                if (field.kind === 'media')
                  return (
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
                  );
                if (field.kind === 'company')
                  return (
                    <Field id={id} label={t(field.label)} error={error} optional={optional}>
                      {(common) => (
                        <CompanyNameInput
                          {...common}
                          ref={controlled.ref}
                          value={typeof controlled.value === 'string' ? controlled.value : ''}
                          onChange={controlled.onChange}
                          onBlur={controlled.onBlur}
                          maxLength={field.maxLength}
                          noMatchesText={t('kit.noMatches')}
                        />
                      )}
                    </Field>
                  );
                if (field.kind === 'date')
                  return (
                    <Fieldset id={id} legend={t(field.label)} error={error} optional={optional}>
                      {(described) => (
                        // Month-level facts: the server keeps the first day of the month.
                        <MonthYearInput
                          ref={controlled.ref}
                          value={typeof controlled.value === 'string' ? controlled.value.slice(0, 7) : ''}
                          onChange={(next) => controlled.onChange(next ? `${next}-01` : null)}
                          onBlur={controlled.onBlur}
                          locale={locale}
                          monthLabel={t('kit.month')}
                          yearLabel={t('kit.year')}
                          monthPlaceholder={t('kit.chooseMonth')}
                          invalid={Boolean(described['aria-invalid'])}
                          describedBy={described['aria-describedby']}
                          disabled={field.name === 'end_date' && isCurrent}
                        />
                      )}
                    </Fieldset>
                  );
                return (
                  <Field id={id} label={t(field.label)} error={error} optional={optional}>
                    {(common) => (
                      <Combobox
                        {...common}
                        ref={controlled.ref}
                        options={languageOptions}
                        value={typeof controlled.value === 'string' && controlled.value ? controlled.value : null}
                        onChange={(next) => controlled.onChange(next ?? '')}
                        onBlur={controlled.onBlur}
                        noMatchesText={t('kit.noMatches')}
                        placeholder={t('field.chooseLanguage')}
                      />
                    )}
                  </Field>
                );
              }}
            />
          );
        }
        return (
          <Field key={field.name} id={id} label={t(field.label)} error={error} optional={optional} counter={counter} inline={inline}>
            {(common) => plainField(field, common, register(field.name), t)}
          </Field>
        );
      })}
    </ProfileFormDialog>
  );
}

/** The input of a field that holds its value as typed: text, a web address, a level, a long text or a tick. */
function plainField(field: FieldSpec, common: FieldControlProps, registered: UseFormRegisterReturn, t: Translate) {
  switch (field.kind) {
    case 'checkbox':
    case 'textarea':
      return plainControl(field.kind, common, registered, 5);
    case 'proficiency':
      return (
        <select className="ui-select" {...common} {...registered}>
          <option value="">{t('field.chooseProficiency')}</option>
          {proficiencies.map((level) => (
            <option key={level} value={level}>
              {t(`proficiency.${level}`)}
            </option>
          ))}
        </select>
      );
    case 'url':
      return <input type="url" inputMode="url" className="ui-input" maxLength={field.maxLength} {...common} {...registered} />;
    default:
      return <input type="text" className="ui-input" maxLength={field.maxLength} required={field.required} {...common} {...registered} />;
  }
}
