// The public brand page's settings form (decision 211): the page's address on the personal
// host (suggested from the company's name, checked as it is left), the switch that puts it at
// /company/{address} or takes it down, and noindex. One form idiom: react-hook-form over the
// contract's schema, the server's violations on their fields. Loaded when an owner or admin opens it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { CompanyPublicPageSettings } from '../../../contract/companies.ts';
import { companyAddressProblem } from '../../../contract/company-public-page.ts';
import { UpdateCompanyPublicPageRequest } from '../../../contract/company-public-page-schemas.ts';
import { companyPublicPagePath } from '../../../contract/company-routes.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Button from '../../components/Button.tsx';
import Checkbox, { Switch } from '../../components/Checkbox.tsx';
import PublicAddressField from '../../components/PublicAddressField.tsx';
import { useUnsavedChanges, useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { useAddressCheck } from '../../components/use-address-check.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import { checkCompanyAddress, saveCompanyPublicPage } from '../../lib/stores/company-public-page-save.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import type { Translate } from '../../i18n/translator.ts';

type Values = z.input<typeof UpdateCompanyPublicPageRequest>;
type Output = z.output<typeof UpdateCompanyPublicPageRequest>;

export interface PublicPageFormProps {
  settings: CompanyPublicPageSettings;
  /** The personal host's origin, where the page lives. */
  origin: string;
  locale: Locale;
  t: Translate;
  /** Saved or cancelled: the card shows where the page stands again. */
  onClose: () => void;
}

const toValues = (settings: CompanyPublicPageSettings): Values => ({
  address: settings.address ?? settings.suggested_address,
  is_public: settings.is_public,
  noindex: settings.noindex,
});

export default function PublicPageForm({ settings, origin, locale, t, onClose }: PublicPageFormProps) {
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(UpdateCompanyPublicPageRequest, schemaParseOptions),
    defaultValues: toValues(settings),
  });
  const { register, setFocus, formState, control } = form;
  const { errors, isDirty } = formState;
  useUnsavedReport(isDirty);
  const { confirmElement, confirmDiscard } = useUnsavedChanges(isDirty, unsavedChangesTexts(locale));
  const addressError = failureText(errors.address?.message, locale) || undefined;
  const { check, setCheck, checkAddress } = useAddressCheck({
    form,
    saved: settings.address,
    problem: companyAddressProblem,
    ask: checkCompanyAddress,
  });
  // Opened with a button: the address is where the person goes on.
  useEffect(() => setFocus('address'), [setFocus]);

  const { submit, failure, busy } = useFormSave(form, locale, async (values) => {
    const saved = await saveCompanyPublicPage(values);
    notifySuccess(t(saved.is_public ? 'company.publicPage.saved' : 'company.publicPage.savedOff'));
    onClose();
  });

  const prefix = `${origin}${companyPublicPagePath('', locale)}`;
  // The hint shows the address as it is being typed.
  const typedAddress = useWatch({ control, name: 'address' }) ?? '';
  const addressField = register('address', { onBlur: () => void checkAddress(), onChange: () => setCheck({ status: 'idle' }) });
  return (
    <form className="company-form" noValidate onSubmit={(event) => void submit(event)}>
      {failure ? <Alert>{failure}</Alert> : null}
      <PublicAddressField
        label={t('company.publicPage.address')}
        hint={t('company.publicPage.addressHint', { address: `${prefix}${typedAddress.trim() || '…'}` })}
        suggested={settings.address ? null : t('company.publicPage.suggested')}
        error={addressError}
        registration={addressField}
        check={check}
        checkingText={t('company.publicPage.checking')}
        availableText={t('company.publicPage.available')}
        statusClassName="company-muted company-public-check"
      />
      <Switch label={t('company.publicPage.turnOn')} hint={t('company.publicPage.turnOnHint')} {...register('is_public')} />
      <Checkbox label={t('company.publicPage.noindex')} hint={t('company.publicPage.noindexHint')} {...register('noindex')} />
      <div className="company-actions">
        <Button type="submit" variant="primary" loading={busy}>
          {busy ? t('company.publicPage.saving') : t('company.publicPage.save')}
        </Button>
        <Button onClick={() => void confirmDiscard(onClose)}>{t('company.brand.cancel')}</Button>
      </div>
      {confirmElement}
    </form>
  );
}
