// The brand page's editor (SPEC §3, decision 211), loaded when an owner or admin presses Edit: the
// form library and the brand's schema are not needed to show the brand page (the workspace's first view
// stays within its 180 KB budget, bench/js-until-idle.ts). Industry is the contract's select list
// (numeric keys, names in the page's language).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useUnsavedChanges, useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';
import { UpdateBrandRequest, type CompanyBrand, type UpdateBrandInput } from '../../../contract/companies.ts';
import { fieldLimits } from '../../../contract/field-limits.ts';
import { industries, industryIds, companySizes } from '../../../contract/industries.ts';
import type { Locale } from '../../../contract/locale.ts';
import { acceptedTypesOf } from '../../../contract/upload-kinds.ts';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import Field from '../../components/Field.tsx';
import { OptionalSelect, TextArea, TextInput } from '../../components/TextInput.tsx';
import Alert from '../../components/Alert.tsx';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { saveBrand, uploadBrandImage } from '../../lib/stores/workspace.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { optionalChoice, optionalId } from '../../lib/forms/form-values.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { applyServerViolations } from '../../lib/forms/server-violations.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import type { Translate } from '../../i18n/translator.ts';

export interface BrandEditorProps {
  company: CompanyBrand;
  locale: Locale;
  t: Translate;
  /** Saved or cancelled: the card shows the brand page again. */
  onClose: () => void;
}

/** The brand page's editor: the company's name, industry, about, website, location and size, and its images. */
export default function BrandEditor({ company, locale, t, onClose }: BrandEditorProps) {
  const saved = (): UpdateBrandRequest => ({
    name: company.name,
    industry_id: company.industry_id,
    about: company.about,
    website: company.website,
    location: company.location,
    size: company.size,
  });
  const form = useForm<UpdateBrandRequest, unknown, UpdateBrandInput>({
    resolver: zodResolver(UpdateBrandRequest, schemaParseOptions),
    defaultValues: saved(),
  });
  const { register, formState } = form;
  const dirty = formState.isDirty;
  useUnsavedReport(dirty);
  const { confirmElement, confirmDiscard } = useUnsavedChanges(dirty, unsavedChangesTexts(locale));
  // Cancel asks first when something changed; what was typed is then dropped.
  const cancel = () => void confirmDiscard(onClose);
  const { failure, busy, submit } = useFormSave(form, locale, async (input) => {
    await saveBrand(input);
    notifySuccess(t('company.brand.saved'));
    onClose();
  });
  const error = (name: keyof UpdateBrandRequest) => failureText(formState.errors[name]?.message, locale) || undefined;

  // The images are saved at once, apart from the form's fields; a refusal shows under its field.
  const [imageErrors, setImageErrors] = useState<Partial<Record<'logo' | 'cover', string>>>({});
  const [imageBusy, setImageBusy] = useState(false);
  const upload = (image: 'logo' | 'cover') => async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImageBusy(true);
    setImageErrors({});
    try {
      await uploadBrandImage(image, file);
      // The image is saved at once, the form's fields only with Save: each says what it saved.
      notifySuccess(t(image === 'logo' ? 'company.brand.logoSaved' : 'company.brand.coverSaved'));
    } catch (failed) {
      const onField = (_field: string, message: string) => setImageErrors({ [image]: failureText(message, locale) });
      if (!applyServerViolations(failed, onField, { onto: 'file' })) setImageErrors({ [image]: failureText(failed, locale) });
    } finally {
      setImageBusy(false);
    }
  };

  const optional = t('company.field.optional');
  return (
    <Card title={t('company.brand.edit')}>
      <form className="company-form" onSubmit={(event) => void submit(event)} noValidate>
        {failure ? <Alert>{failure}</Alert> : null}
        <Field label={t('company.field.logo')} optional={optional} hint={t('company.field.logoHint')} error={imageErrors.logo}>
          {(control) => (
            <input
              {...control}
              className="ui-input"
              type="file"
              accept={acceptedTypesOf('photo')}
              disabled={imageBusy}
              onChange={upload('logo')}
            />
          )}
        </Field>
        <Field label={t('company.field.cover')} optional={optional} hint={t('company.field.coverHint')} error={imageErrors.cover}>
          {(control) => (
            <input
              {...control}
              className="ui-input"
              type="file"
              accept={acceptedTypesOf('cover')}
              disabled={imageBusy}
              onChange={upload('cover')}
            />
          )}
        </Field>
        <Field label={t('company.field.name')} error={error('name')}>
          {(control) => <TextInput {...control} {...register('name')} maxLength={fieldLimits.brand.name} required />}
        </Field>
        <Field label={t('company.field.industry')} optional={optional} error={error('industry_id')}>
          {(control) => (
            <OptionalSelect
              {...control}
              {...register('industry_id', { setValueAs: optionalId })}
              noneLabel={t('company.field.industryNone')}
              options={industryIds.map((id) => ({ value: id, label: industries[id][locale] }))}
            />
          )}
        </Field>
        <Field label={t('company.field.about')} optional={optional} error={error('about')}>
          {(control) => <TextArea {...control} {...register('about')} rows={5} maxLength={fieldLimits.brand.about} />}
        </Field>
        <Field label={t('company.field.website')} optional={optional} error={error('website')}>
          {(control) => (
            <TextInput {...control} {...register('website')} type="url" inputMode="url" maxLength={fieldLimits.brand.website} />
          )}
        </Field>
        <Field label={t('company.field.location')} optional={optional} error={error('location')}>
          {(control) => <TextInput {...control} {...register('location')} maxLength={fieldLimits.brand.location} />}
        </Field>
        <Field label={t('company.field.size')} optional={optional} error={error('size')}>
          {(control) => (
            <OptionalSelect
              {...control}
              {...register('size', { setValueAs: optionalChoice })}
              noneLabel={t('company.field.sizeNone')}
              options={companySizes.map((size) => ({ value: size, label: t('company.field.sizeValue', { size }) }))}
            />
          )}
        </Field>
        <div className="company-actions">
          <Button type="submit" variant="primary" loading={busy}>
            {t('company.brand.save')}
          </Button>
          <Button onClick={cancel}>{t('company.brand.cancel')}</Button>
        </div>
      </form>
      {confirmElement}
    </Card>
  );
}
