// The brand page (issue 11): what the company shows, and its editor for roles that may edit it.
// Industry is the contract's select list (numeric keys, names in the page's language).
import { useState, type ChangeEvent } from 'react';
import { hasChanges, useUnsavedChanges, useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';
import type { CompanyBrand, UpdateBrandRequest } from '../../../contract/companies.ts';
import { fieldLimits } from '../../../contract/field-limits.ts';
import { industries, industryIds, companySizes } from '../../../contract/industries.ts';
import type { Locale } from '../../../contract/locale.ts';
import { acceptedTypesOf } from '../../../contract/upload-kinds.ts';
import Avatar from '../../components/Avatar.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import Field from '../../components/Field.tsx';
import { OptionalSelect, TextArea, TextInput } from '../../components/TextInput.tsx';
import Alert from '../../components/Alert.tsx';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { saveBrand, uploadBrandImage } from '../../lib/stores/workspace.ts';
import { applyFieldErrors, failureText } from './errors.ts';
import { useCompanyForm } from './use-company-form.ts';
import type { Translate } from './translate.ts';

interface Props {
  company: CompanyBrand;
  canEdit: boolean;
  locale: Locale;
  t: Translate;
}

export function industryName(company: Pick<CompanyBrand, 'industry' | 'industry_id'>, locale: Locale): string {
  const entry = company.industry_id !== null ? industries[company.industry_id as keyof typeof industries] : undefined;
  return entry ? entry[locale] : company.industry;
}

/** The brand page as others see it. */
export function BrandView({ company, locale, t }: Omit<Props, 'canEdit'>) {
  const empty = <span className="company-muted">{t('company.brand.empty')}</span>;
  return (
    <div className="company-brand">
      {company.cover_url ? <img className="company-cover" src={company.cover_url} alt="" /> : null}
      <div className="company-brand-head">
        <Avatar name={company.name} src={company.logo_url} size="large" square />
        <div>
          <p className="company-brand-name">{company.name}</p>
          <p className="company-muted">{industryName(company, locale)}</p>
        </div>
      </div>
      <dl className="company-facts">
        <dt>{t('company.field.about')}</dt>
        <dd className="company-prewrap">{company.about ?? empty}</dd>
        <dt>{t('company.field.website')}</dt>
        <dd>{company.website ? <a href={company.website} rel="noopener noreferrer nofollow" target="_blank">{company.website}</a> : empty}</dd>
        <dt>{t('company.field.location')}</dt>
        <dd>{company.location ?? empty}</dd>
        <dt>{t('company.field.size')}</dt>
        <dd>{company.size ? t('company.field.sizeValue', { size: company.size }) : empty}</dd>
      </dl>
    </div>
  );
}

export default function BrandPanel({ company, canEdit, locale, t }: Props) {
  const [editing, setEditing] = useState(false);
  const saved = (): UpdateBrandRequest => ({
    name: company.name,
    industry_id: company.industry_id,
    about: company.about,
    website: company.website,
    location: company.location,
    size: company.size,
  });
  const [values, setValues] = useState<UpdateBrandRequest>(saved);
  const dirty = editing && hasChanges(saved(), values);
  useUnsavedReport(dirty);
  const { confirmElement, confirmDiscard } = useUnsavedChanges(dirty, unsavedChangesTexts(locale));
  // Cancel asks first when something changed; what was typed is then dropped.
  const cancel = () =>
    void confirmDiscard(() => {
      setValues(saved());
      setEditing(false);
    });
  const { errors, setErrors, edited, failure, busy, submit } = useCompanyForm(t, async () => {
    await saveBrand(values);
    notifySuccess(t('company.brand.saved'));
    setEditing(false);
  });
  const set = (name: keyof UpdateBrandRequest) => (event: { target: { value: string } }) => {
    const raw = event.target.value;
    const value = name === 'industry_id' ? (raw ? Number(raw) : null) : raw === '' && name !== 'name' ? null : raw;
    setValues((current) => ({ ...current, [name]: value }));
    edited(name);
  };

  const [imageBusy, setImageBusy] = useState(false);
  const upload = (image: 'logo' | 'cover') => async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImageBusy(true);
    setErrors({});
    try {
      await uploadBrandImage(image, file);
      // The image is saved at once, the form's fields only with Save: each says what it saved.
      notifySuccess(t(image === 'logo' ? 'company.brand.logoSaved' : 'company.brand.coverSaved'));
    } catch (error) {
      if (!applyFieldErrors(error, (byField) => setErrors({ [image]: byField['file'] ?? '' }), { onto: 'file' })) setErrors({ [image]: failureText(error, t) });
    } finally {
      setImageBusy(false);
    }
  };

  if (!editing) {
    return (
      <Card
        title={t('company.tab.brand')}
        actions={canEdit ? <Button onClick={() => setEditing(true)}>{t('company.brand.edit')}</Button> : undefined}
      >
        <BrandView company={company} locale={locale} t={t} />
      </Card>
    );
  }
  const optional = t('company.field.optional');
  return (
    <Card title={t('company.brand.edit')}>
      <form className="company-form" onSubmit={submit} noValidate>
        {failure ? <Alert>{failure}</Alert> : null}
        <Field label={t('company.field.logo')} optional={optional} hint={t('company.field.logoHint')} error={errors['logo']}>
          {(control) => <input {...control} className="ui-input" type="file" accept={acceptedTypesOf('photo')} disabled={imageBusy} onChange={upload('logo')} />}
        </Field>
        <Field label={t('company.field.cover')} optional={optional} hint={t('company.field.coverHint')} error={errors['cover']}>
          {(control) => <input {...control} className="ui-input" type="file" accept={acceptedTypesOf('cover')} disabled={imageBusy} onChange={upload('cover')} />}
        </Field>
        <Field label={t('company.field.name')} error={errors['name']}>
          {(control) => <TextInput {...control} name="name" value={values.name} onChange={set('name')} maxLength={fieldLimits.brand.name} required />}
        </Field>
        <Field label={t('company.field.industry')} optional={optional} error={errors['industry_id']}>
          {(control) => (
            <OptionalSelect
              {...control}
              name="industry_id"
              value={values.industry_id ?? ''}
              onChange={set('industry_id')}
              noneLabel={t('company.field.industryNone')}
              options={industryIds.map((id) => ({ value: id, label: industries[id][locale] }))}
            />
          )}
        </Field>
        <Field label={t('company.field.about')} optional={optional} error={errors['about']}>
          {(control) => <TextArea {...control} name="about" rows={5} value={values.about ?? ''} onChange={set('about')} maxLength={fieldLimits.brand.about} />}
        </Field>
        <Field label={t('company.field.website')} optional={optional} error={errors['website']}>
          {(control) => <TextInput {...control} name="website" type="url" inputMode="url" value={values.website ?? ''} onChange={set('website')} maxLength={fieldLimits.brand.website} />}
        </Field>
        <Field label={t('company.field.location')} optional={optional} error={errors['location']}>
          {(control) => <TextInput {...control} name="location" value={values.location ?? ''} onChange={set('location')} maxLength={fieldLimits.brand.location} />}
        </Field>
        <Field label={t('company.field.size')} optional={optional} error={errors['size']}>
          {(control) => (
            <OptionalSelect
              {...control}
              name="size"
              value={values.size ?? ''}
              onChange={set('size')}
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
