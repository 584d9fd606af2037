// The public profile card (decision 208): the profile address (suggested from the name,
// checked as it is left), the switch that puts the page at /in/{address} or takes it down, what the
// page shows, whether search engines may list it, and the link to preview and copy. Loaded the first
// time its section opens (decision 175): the settings page's first script does not carry it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { publicAddressProblem, publicProfilePath, publicProfileSections } from '../../../contract/public-profile.ts';
import { UpdatePublicProfileRequest, type PublicProfileSettings } from '../../../contract/public-profile-schemas.ts';
import Button, { ButtonLink } from '../../components/Button.tsx';
import SectionLoad from './SectionLoad.tsx';
import Card from '../../components/Card.tsx';
import Checkbox, { Switch } from '../../components/Checkbox.tsx';
import { Fieldset } from '../../components/Field.tsx';
import PublicAddressField from '../../components/PublicAddressField.tsx';
import { useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import type { Translate } from '../../i18n/translator.ts';
import {
  $publicProfileSettings,
  checkPublicAddress,
  loadPublicProfileSettings,
  savePublicProfileSettings,
} from '../../lib/stores/public-profile-settings.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { useAddressCheck } from '../../components/use-address-check.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import { notifyError, notifySuccess } from '../../lib/stores/toasts.ts';
import { publicSectionKeys } from './public-section-keys.ts';
import SaveActions from './SaveActions.tsx';

interface Props {
  locale: Locale;
  t: Translate;
}

type Values = z.input<typeof UpdatePublicProfileRequest>;
type Output = z.output<typeof UpdatePublicProfileRequest>;

function toValues(settings: PublicProfileSettings): Values {
  return {
    address: settings.address ?? settings.suggested_address,
    is_public: settings.is_public,
    noindex: settings.noindex,
    sections: settings.sections,
  };
}

const origin = () => globalThis.location.origin;

/** The saved page's link and what one can do with it: open it, copy it. */
function PublicLink({ locale, t, settings }: Props & { settings: PublicProfileSettings }) {
  if (!settings.address || !settings.is_public) {
    return (
      <div className="settings-public-status">
        <p className="settings-public-state">{t('settings.public.statusOff')}</p>
        {settings.address ? <p className="settings-item-meta">{t('settings.public.previewOff')}</p> : null}
      </div>
    );
  }
  const path = publicProfilePath(settings.address, locale);
  const url = `${origin()}${path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(t('settings.public.copied'));
    } catch {
      notifyError(t('settings.public.copyFailed'));
    }
  };
  return (
    <div className="settings-public-status">
      <p className="settings-public-state" data-on="">
        <span aria-hidden="true">● </span>
        {t('settings.public.statusOn')}
      </p>
      <p className="settings-public-link">
        <span className="settings-item-meta">{t('settings.public.link')}: </span>
        <a href={path} data-testid="public-profile-link">
          {url}
        </a>
      </p>
      <div className="settings-actions">
        <ButtonLink href={path} target="_blank" rel="noopener" variant="secondary" aria-label={t('settings.public.previewLabel')}>
          {t('settings.public.preview')}
        </ButtonLink>
        <Button variant="secondary" onClick={() => void copy()}>
          {t('settings.public.copy')}
        </Button>
      </div>
    </div>
  );
}

function PublicProfileForm({ locale, t, settings }: Props & { settings: PublicProfileSettings }) {
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(UpdatePublicProfileRequest, schemaParseOptions),
    defaultValues: toValues(settings),
  });
  const { register, reset, formState, control } = form;
  const { errors, isDirty } = formState;
  useUnsavedReport(isDirty);
  const addressError = failureText(errors.address?.message, locale) || undefined;
  const { check, setCheck, checkAddress } = useAddressCheck({
    form,
    saved: settings.address,
    problem: publicAddressProblem,
    ask: checkPublicAddress,
  });

  const { submit, failure, busy } = useFormSave(form, locale, async (values) => {
    const saved = await savePublicProfileSettings(values);
    reset(toValues(saved));
    setCheck({ status: 'idle' });
    notifySuccess(t(saved.is_public ? 'settings.public.saved' : 'settings.public.savedOff'));
  });

  const prefix = `${origin()}${publicProfilePath('', locale)}`;
  // The hint shows the address as it is being typed, not a made-up one.
  const typedAddress = useWatch({ control, name: 'address' }) ?? '';
  const addressField = register('address', { onBlur: () => void checkAddress(), onChange: () => setCheck({ status: 'idle' }) });
  return (
    <form className="settings-form" noValidate onSubmit={(event) => void submit(event)}>
      <PublicAddressField
        label={t('settings.public.address')}
        hint={t('settings.public.addressHint', { address: `${prefix}${typedAddress.trim() || t('settings.public.addressExample')}` })}
        suggested={settings.address ? null : t('settings.public.suggested')}
        error={addressError}
        registration={addressField}
        check={check}
        checkingText={t('settings.public.checking')}
        availableText={t('settings.public.available')}
        statusClassName="settings-item-meta settings-public-check"
      />
      <Switch label={t('settings.public.turnOn')} hint={t('settings.public.turnOnHint')} {...register('is_public')} />
      <Fieldset legend={t('settings.public.sections')} hint={t('settings.public.sectionsHint')}>
        <div className="settings-choices-plain">
          {publicProfileSections.map((section) => (
            <Checkbox key={section} label={t(publicSectionKeys[section])} {...register(`sections.${section}`)} />
          ))}
        </div>
      </Fieldset>
      <Checkbox label={t('settings.public.noindex')} hint={t('settings.public.noindexHint')} {...register('noindex')} />
      <SaveActions failure={failure} busy={busy} label={t('settings.public.save')} busyLabel={t('settings.public.saving')} />
    </form>
  );
}

export default function PublicProfileSection({ locale, t }: Props) {
  const state = useStore($publicProfileSettings);
  // A section that did not load offers to try again; no toast.
  const load = () => void loadPublicProfileSettings().catch(() => undefined);
  useEffect(load, []);
  return (
    <div className="settings-section">
      <Card title={t('settings.publicProfile')}>
        <p className="settings-text">{t('settings.public.intro')}</p>
        <SectionLoad
          state={state}
          lines={2}
          failed={{ message: t('settings.public.loadFailed'), retryLabel: t('settings.retry'), onRetry: load }}
        >
          {(settings) => (
            <>
              <PublicLink locale={locale} t={t} settings={settings} />
              <PublicProfileForm locale={locale} t={t} settings={settings} />
            </>
          )}
        </SectionLoad>
      </Card>
    </div>
  );
}
