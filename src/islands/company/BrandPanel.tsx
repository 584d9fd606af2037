// The brand page: what the company shows, and its editor for roles that may edit it; under
// it the company's public page (decision 211). Industry is the contract's select list (numeric keys,
// names in the page's language).
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
import Avatar from '../../components/Avatar.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import Field from '../../components/Field.tsx';
import { OptionalSelect, TextArea, TextInput } from '../../components/TextInput.tsx';
import Alert from '../../components/Alert.tsx';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { saveBrand, uploadBrandImage } from '../../lib/stores/workspace.ts';
import { failureText } from '../../lib/failure-text.ts';
import { optionalChoice, optionalId } from '../../lib/forms/form-values.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { applyServerViolations } from '../../lib/forms/server-violations.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import PublicPageCard from './PublicPageCard.tsx';
import type { Translate } from '../../i18n/translator.ts';

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
        <dd>
          {company.website ? (
            <a href={company.website} rel="noopener noreferrer nofollow" target="_blank">
              {company.website}
            </a>
          ) : (
            empty
          )}
        </dd>
        <dt>{t('company.field.location')}</dt>
        <dd>{company.location ?? empty}</dd>
        <dt>{t('company.field.size')}</dt>
        <dd>{company.size ? t('company.field.sizeValue', { size: company.size }) : empty}</dd>
      </dl>
    </div>
  );
}

/** The brand page's cards; the workspace stacks them with the tab's others. */
export default function BrandPanel(props: Props) {
  return (
    <>
      <BrandCard {...props} />
      <PublicPageCard canEdit={props.canEdit} locale={props.locale} t={props.t} />
    </>
  );
}

/** The brand page, and its editor for roles that may edit it. */
function BrandCard({ company, canEdit, locale, t }: Props) {
  const [editing, setEditing] = useState(false);
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
  const { register, reset, formState } = form;
  const dirty = editing && formState.isDirty;
  useUnsavedReport(dirty);
  const { confirmElement, confirmDiscard } = useUnsavedChanges(dirty, unsavedChangesTexts(locale));
  const edit = () => {
    reset(saved());
    setEditing(true);
  };
  // Cancel asks first when something changed; what was typed is then dropped.
  const cancel = () => void confirmDiscard(() => setEditing(false));
  const { failure, busy, submit } = useFormSave(form, locale, async (input) => {
    await saveBrand(input);
    notifySuccess(t('company.brand.saved'));
    setEditing(false);
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

  if (!editing) {
    return (
      <Card title={t('company.tab.brand')} actions={canEdit ? <Button onClick={edit}>{t('company.brand.edit')}</Button> : undefined}>
        <BrandView company={company} locale={locale} t={t} />
      </Card>
    );
  }
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
