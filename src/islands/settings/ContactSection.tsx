// Contact info (SPEC §2 'contact info (address, time zone)', §3 labels; decision
// 153): address, address 2, city, state/province, ZIP/postal code, country of citizenship (a select
// list named in the page's language), time zone (a searchable IANA list), contact phone and email,
// and beside each who may see it: only me, signed-in people, everyone.
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { countries } from '../../../contract/countries.ts';
import { fieldLimits } from '../../../contract/field-limits.ts';
import { timeZoneNames } from '../../../contract/time-zones.ts';
import type { Locale } from '../../../contract/locale.ts';
import { audiences, type Audience, type ContactVisibilityField } from '../../../contract/profile-visibility.ts';
import { UpdateContactInfoRequest, type ContactInfo } from '../../../contract/settings.ts';
import SectionLoad from './SectionLoad.tsx';
import Card from '../../components/Card.tsx';
import Combobox, { type ComboboxOption } from '../../components/Combobox.tsx';
import Field from '../../components/Field.tsx';
import { OptionalSelect, Select, TextInput } from '../../components/TextInput.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import type { Translate } from '../../i18n/translator.ts';
import { $contactInfo, loadContactInfo, saveContactInfo } from '../../lib/stores/settings.ts';
import { zoneOffsetLabel } from '../../lib/base/dates.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import SaveActions from './SaveActions.tsx';

interface Props {
  locale: Locale;
  t: Translate;
}

type Values = UpdateContactInfoRequest;
type Output = z.output<typeof UpdateContactInfoRequest>;

const audienceKeys: Record<Audience, MessageKey> = {
  owner: 'settings.contact.audience.owner',
  signed_in: 'settings.contact.audience.signed_in',
  everyone: 'settings.contact.audience.everyone',
};
const limits = fieldLimits.contact;
const langOf: Record<Locale, string> = { en_GB: 'en-GB', uk_UA: 'uk' };

/** Every IANA time zone this browser knows, with its offset now: '(UTC+02:00) Europe/Kyiv'. */
function timeZoneOptions(current: string | null | undefined): ComboboxOption[] {
  const all = new Set(timeZoneNames());
  if (current) all.add(current);
  const now = new Date();
  return [...all].map((zone) => {
    const offset = zoneOffsetLabel(zone, now) || 'UTC±00:00';
    return { value: zone, label: `(${offset}) ${zone.replaceAll('_', ' ')}`, keywords: zone };
  });
}

function toValues(info: ContactInfo): Values {
  return {
    address: info.address ?? '',
    address_2: info.address_2 ?? '',
    city: info.city ?? '',
    state: info.state ?? '',
    postal_code: info.postal_code ?? '',
    citizenship_country_id: info.citizenship_country_id,
    time_zone: info.time_zone,
    contact_phone: info.contact_phone ?? '',
    contact_email: info.contact_email ?? '',
    visibility: info.visibility,
  };
}

function ContactForm({ locale, t, info }: Props & { info: ContactInfo }) {
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(UpdateContactInfoRequest, schemaParseOptions),
    defaultValues: toValues(info),
  });
  const { register, control, reset, formState } = form;
  const { errors, isDirty } = formState;
  useUnsavedReport(isDirty);
  const zones = useMemo(() => timeZoneOptions(info.time_zone), [info.time_zone]);
  const countryOptions = useMemo(
    () => countries.map((c) => ({ value: c.id, label: c[locale] })).sort((a, b) => a.label.localeCompare(b.label, langOf[locale])),
    [locale],
  );
  const message = (name: FieldPath<Values>): string | undefined => {
    const parts = name.split('.');
    let node: unknown = errors;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    return failureText((node as { message?: string } | undefined)?.message, locale) || undefined;
  };
  const { submit, failure, busy } = useFormSave(form, locale, async (values) => {
    reset(toValues(await saveContactInfo(values)));
    notifySuccess(t('settings.contact.saved'));
  });
  const optional = t('kit.optional');

  const audience = (field: ContactVisibilityField, label: MessageKey) => (
    <Field label={t('settings.contact.whoSees', { field: t(label) })} error={message(`visibility.${field}`)} className="settings-audience">
      {(controlProps) => (
        <Select {...controlProps} {...register(`visibility.${field}`)}>
          {audiences.map((option) => (
            <option key={option} value={option}>
              {t(audienceKeys[option])}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
  const text = (
    name: 'address' | 'address_2' | 'city' | 'state' | 'postal_code' | 'contact_phone' | 'contact_email',
    label: MessageKey,
    extra: { type?: string; autoComplete: string; hint?: string },
  ) => (
    <Field label={t(label)} optional={optional} hint={extra.hint} error={message(name)}>
      {(controlProps) => (
        <TextInput
          {...controlProps}
          {...register(name)}
          type={extra.type ?? 'text'}
          autoComplete={extra.autoComplete}
          maxLength={limits[name]}
        />
      )}
    </Field>
  );

  return (
    <form className="settings-form settings-form-wide" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="settings-fieldset">
        <legend className="settings-legend">{t('settings.address')}</legend>
        <div className="settings-row">
          <div className="settings-row-fields">
            {text('address', 'settings.contact.address', { autoComplete: 'address-line1' })}
            {text('address_2', 'settings.contact.address2', { autoComplete: 'address-line2' })}
          </div>
          {audience('address', 'settings.contact.addressWhole')}
        </div>
        <div className="settings-row">
          {text('city', 'settings.contact.city', { autoComplete: 'address-level2' })}
          {audience('city', 'settings.contact.city')}
        </div>
        <div className="settings-row">
          {text('state', 'settings.contact.state', { autoComplete: 'address-level1' })}
          {audience('state', 'settings.contact.state')}
        </div>
        <div className="settings-row">
          {text('postal_code', 'settings.contact.postalCode', { autoComplete: 'postal-code' })}
          {audience('postal_code', 'settings.contact.postalCode')}
        </div>
      </fieldset>
      <fieldset className="settings-fieldset">
        <legend className="settings-legend">{t('settings.contact.more')}</legend>
        <div className="settings-row">
          <Field label={t('settings.contact.citizenship')} optional={optional} error={message('citizenship_country_id')}>
            {(controlProps) => (
              <Controller
                control={control}
                name="citizenship_country_id"
                render={({ field }) => (
                  <OptionalSelect
                    {...controlProps}
                    ref={field.ref}
                    name={field.name}
                    onBlur={field.onBlur}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value ? Number(event.target.value) : null)}
                    noneLabel={t('settings.contact.noCountry')}
                    options={countryOptions}
                  />
                )}
              />
            )}
          </Field>
          {audience('citizenship_country_id', 'settings.contact.citizenship')}
        </div>
        <div className="settings-row">
          <Field label={t('settings.timeZone')} optional={optional} hint={t('settings.contact.timeZoneHint')} error={message('time_zone')}>
            {(controlProps) => (
              <Controller
                control={control}
                name="time_zone"
                render={({ field }) => (
                  <Combobox
                    {...controlProps}
                    ref={field.ref}
                    name={field.name}
                    onBlur={field.onBlur}
                    options={zones}
                    value={field.value ?? null}
                    onChange={(next) => field.onChange(next)}
                    noMatchesText={t('kit.noMatches')}
                    placeholder={t('settings.contact.chooseTimeZone')}
                  />
                )}
              />
            )}
          </Field>
          {audience('time_zone', 'settings.timeZone')}
        </div>
        <div className="settings-row">
          {text('contact_phone', 'settings.contact.phone', { type: 'tel', autoComplete: 'tel', hint: t('settings.contact.phoneHint') })}
          {audience('contact_phone', 'settings.contact.phone')}
        </div>
        <div className="settings-row">
          {text('contact_email', 'settings.contact.email', { type: 'email', autoComplete: 'email' })}
          {audience('contact_email', 'settings.contact.email')}
        </div>
      </fieldset>
      <SaveActions failure={failure} busy={busy} label={t('settings.contact.save')} busyLabel={t('settings.contact.saving')} />
    </form>
  );
}

export default function ContactSection({ locale, t }: Props) {
  const state = useStore($contactInfo);
  // A section that did not load offers to try again; no toast.
  const load = () => void loadContactInfo().catch(() => undefined);
  useEffect(load, []);
  return (
    <div className="settings-section">
      <Card title={t('settings.contactInfo')}>
        <p className="settings-text">{t('settings.contact.intro')}</p>
        <SectionLoad
          state={state}
          lines={2}
          failed={{ message: t('settings.contact.loadFailed'), retryLabel: t('settings.retry'), onRetry: load }}
        >
          {(info) => <ContactForm locale={locale} t={t} info={info} />}
        </SectionLoad>
      </Card>
    </div>
  );
}
