// Edits the profile header (name, headline, about, position, location, profile status, public
// contact details, date of birth) with the contract's schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { UpdateProfileRequest, type ProfilePage } from '../../../contract/profile-sections.ts';
import { DayMonthYearInput } from '../../components/DateInputs.tsx';
import Field, { Fieldset } from '../../components/Field.tsx';
import { Select } from '../../components/TextInput.tsx';
import { profileStatuses } from '../../../contract/profile-status.ts';
import { saveHeader } from '../../lib/stores/profile.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { fieldFrame, plainControl, ProfileFormDialog, useProfileFormSave } from '../../components/profile/form-kit.tsx';
import type { Translate } from '../../i18n/translator.ts';

type Kind = 'text' | 'textarea' | 'url' | 'email' | 'tel' | 'date' | 'checkbox' | 'status';
const fields: { name: keyof z.input<typeof UpdateProfileRequest>; kind: Kind; required?: boolean; max?: number }[] = [
  { name: 'first_name', kind: 'text', required: true, max: 100 },
  { name: 'last_name', kind: 'text', required: true, max: 100 },
  { name: 'headline', kind: 'text', max: 160 },
  { name: 'current_position', kind: 'text', max: 160 },
  { name: 'location', kind: 'text', max: 160 },
  { name: 'profile_status', kind: 'status' },
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
    defaults[field.name] =
      field.kind === 'checkbox' ? Boolean(value) : field.kind === 'status' || field.kind === 'date' ? (value ?? null) : (value ?? '');
  }
  const schema = UpdateProfileRequest as unknown as z.ZodType<FieldValues, FieldValues>;
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema, schemaParseOptions),
    defaultValues: defaults,
  });
  const { register, control } = form;
  const values = useWatch({ control }) as Record<string, unknown>;
  const save = useProfileFormSave(t, locale, form, onClose, (values) => saveHeader(values as z.input<typeof UpdateProfileRequest>));

  return (
    <ProfileFormDialog title={t('profile.editHeader')} formId={formId} t={t} save={save}>
      {fields.map((field) =>
        field.kind === 'date' ? (
          <BirthDate key={field.name} name={field.name} form={form} values={values} formId={formId} locale={locale} t={t} />
        ) : (
          <Field
            key={field.name}
            label={t(`field.${field.name}` as MessageKey)}
            {...fieldFrame(t, locale, formId, form, values, { ...field, maxLength: field.max })}
          >
            {(common) => {
              if (field.kind === 'checkbox' || field.kind === 'textarea') return plainControl(field.kind, common, register(field.name), 4);
              if (field.kind === 'status') {
                // "Not shown" is null to the API; the select's empty value stands for it.
                return (
                  <Select {...common} {...register(field.name, { setValueAs: (v: unknown) => (v === '' || v === null ? null : v) })}>
                    <option value="">{t('profile.noStatus')}</option>
                    {profileStatuses.map((status) => (
                      <option key={status} value={status}>
                        {t(`profile.status.${status}`)}
                      </option>
                    ))}
                  </Select>
                );
              }
              const autoComplete =
                field.name === 'first_name'
                  ? 'given-name'
                  : field.name === 'last_name'
                    ? 'family-name'
                    : field.kind === 'email'
                      ? 'email'
                      : field.kind === 'tel'
                        ? 'tel'
                        : field.kind === 'url'
                          ? 'url'
                          : undefined;
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
          </Field>
        ),
      )}
    </ProfileFormDialog>
  );
}

/** The date of birth as day, month and year in the page's language; null when left empty, as the schema expects. */
function BirthDate({
  name,
  form,
  values,
  formId,
  locale,
  t,
}: {
  name: string;
  form: UseFormReturn<FieldValues>;
  values: Record<string, unknown>;
  formId: string;
  locale: Locale;
  t: Translate;
}) {
  const { id, error, optional } = fieldFrame(t, locale, formId, form, values, { name, kind: 'date' });
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: controlled }) => (
        <Fieldset id={id} legend={t(`field.${name}` as MessageKey)} error={error} optional={optional}>
          {(described) => (
            <DayMonthYearInput
              ref={controlled.ref}
              name={name}
              value={typeof controlled.value === 'string' ? controlled.value : ''}
              onChange={(next) => controlled.onChange(next === '' ? null : next)}
              onBlur={controlled.onBlur}
              locale={locale}
              labels={{ day: t('kit.day'), month: t('kit.month'), year: t('kit.year'), chooseMonth: t('kit.chooseMonth') }}
              invalid={Boolean(described['aria-invalid'])}
              describedBy={described['aria-describedby']}
            />
          )}
        </Fieldset>
      )}
    />
  );
}
