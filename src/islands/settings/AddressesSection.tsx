// Emails and phones (SPEC §2 'Settings: emails, phones'; decision 154): the
// primary one (used to sign in) and the added ones. Adding sends a code to the new address, entered
// in a dialog with a resend countdown (SPEC §2 'Verification'); a verified one becomes primary after
// the current password; any added one can be removed with the current password too (decision 235).
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { CodeChannel } from '../../../contract/auth.ts';
import type { Locale } from '../../../contract/locale.ts';
import {
  AddEmailRequest,
  AddPhoneRequest,
  MakePrimaryRequest,
  RemoveAddressRequest,
  VerifyAddressRequest,
  maxAddedAddresses,
  type AccountAddress,
  type AccountAddresses,
} from '../../../contract/settings.ts';
import Alert from '../../components/Alert.tsx';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import IconButton from '../../components/IconButton.tsx';
import SectionLoad from './SectionLoad.tsx';
import Card from '../../components/Card.tsx';
import FormDialog from '../../components/FormDialog.tsx';
import Field from '../../components/Field.tsx';
import CurrentPasswordField from './CurrentPasswordField.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import type { MessageKey } from '../../i18n/index.ts';
import type { Translate } from '../../i18n/translator.ts';
import {
  $addresses,
  addAddress,
  loadAddresses,
  makeAddressPrimary,
  removeAddress,
  resendAddressCode,
  verifyAddress,
} from '../../lib/stores/settings.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import PasswordConfirmDialog from '../../components/PasswordConfirmDialog.tsx';

interface Props {
  locale: Locale;
  t: Translate;
  channel: CodeChannel;
}

/** The texts that differ between the emails and the phones section. */
const texts = {
  email: {
    title: 'settings.emails',
    intro: 'settings.addresses.emailIntro',
    field: 'settings.addresses.newEmail',
    add: 'settings.addresses.addEmail',
  },
  phone: {
    title: 'settings.phones',
    intro: 'settings.addresses.phoneIntro',
    field: 'settings.addresses.newPhone',
    add: 'settings.addresses.addPhone',
  },
} as const satisfies Record<CodeChannel, Record<string, MessageKey>>;

function AddForm({ locale, t, channel, onAdded }: Props & { onAdded: (address: AccountAddress, resendIn: number) => void }) {
  const schema = channel === 'email' ? AddEmailRequest : AddPhoneRequest;
  const name = channel === 'email' ? 'email' : 'phone';
  type Values = { email?: string; phone?: string; current_password: string };
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(schema as z.ZodType<Values, Values>, schemaParseOptions),
    defaultValues: { [name]: '', current_password: '' },
  });
  const { register, reset, formState } = form;
  useUnsavedReport(formState.isDirty);
  // Adding an address asks for the password in the same form (decision 235); a wrong one keeps what was typed.
  const { submit, failure, busy } = useFormSave(form, locale, async (values) => {
    const sent = await addAddress(channel, values[name] ?? '', values.current_password);
    reset({ [name]: '', current_password: '' });
    onAdded(sent.address, sent.resend_available_in);
  });
  return (
    <form className="settings-add" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        label={t(texts[channel].field)}
        hint={channel === 'phone' ? t('settings.contact.phoneHint') : undefined}
        error={failureText(formState.errors[name]?.message, locale) || undefined}
      >
        {(control) => (
          <TextInput
            {...control}
            {...register(name)}
            type={channel === 'email' ? 'email' : 'tel'}
            autoComplete={channel === 'email' ? 'email' : 'tel'}
          />
        )}
      </Field>
      <CurrentPasswordField
        t={t}
        locale={locale}
        error={formState.errors.current_password?.message}
        registration={register('current_password')}
      />
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="settings-actions">
        <Button type="submit" loading={busy}>
          {t(texts[channel].add)}
        </Button>
      </div>
    </form>
  );
}

function VerifyDialog({
  locale,
  t,
  address,
  resendIn,
  onVerified,
  onClose,
}: Omit<Props, 'channel'> & {
  address: AccountAddress;
  resendIn: number;
  onVerified: (addresses: AccountAddresses) => void;
  onClose: () => void;
}) {
  const [wait, setWait] = useState(resendIn);
  const form = useForm<VerifyAddressRequest, unknown, z.output<typeof VerifyAddressRequest>>({
    resolver: zodResolver(VerifyAddressRequest, schemaParseOptions),
    defaultValues: { code: '' },
  });
  const { register, formState } = form;
  useUnsavedReport(formState.isDirty);
  useEffect(() => {
    if (wait <= 0) return undefined;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const { submit, failure, setFailure, busy } = useFormSave(form, locale, async (values) => {
    onVerified(await verifyAddress(address.id!, values.code));
  });
  const resend = async () => {
    setFailure(null);
    try {
      setWait((await resendAddressCode(address.id!)).resend_available_in);
      notifySuccess(t('settings.addresses.codeResent', { address: address.value }));
    } catch (error) {
      setFailure(failureText(error, locale));
    }
  };
  return (
    <FormDialog
      title={t('settings.addresses.verifyTitle')}
      closeLabel={t('kit.close')}
      cancelLabel={t('kit.cancel')}
      onClose={onClose}
      unsaved={{ texts: unsavedChangesTexts(locale) }}
      error={failure}
      size="small"
      formId="verify-address-form"
      submitLabel={t('settings.addresses.verify')}
      busy={busy}
    >
      <form id="verify-address-form" className="settings-form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="settings-text">{t('settings.addresses.codeSent', { address: address.value })}</p>
        <Field label={t('settings.addresses.code')} error={failureText(formState.errors.code?.message, locale) || undefined}>
          {(control) => (
            <TextInput
              {...control}
              {...register('code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-autofocus=""
            />
          )}
        </Field>
        <div className="settings-actions">
          <Button size="small" variant="invisible" disabled={wait > 0} onClick={() => void resend()}>
            {wait > 0 ? t('settings.addresses.resendIn', { seconds: wait }) : t('settings.addresses.resend')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}

function PrimaryDialog({
  locale,
  t,
  address,
  onDone,
  onClose,
}: Omit<Props, 'channel'> & {
  address: AccountAddress;
  onDone: (addresses: AccountAddresses) => void;
  onClose: () => void;
}) {
  const form = useForm<MakePrimaryRequest, unknown, z.output<typeof MakePrimaryRequest>>({
    resolver: zodResolver(MakePrimaryRequest, schemaParseOptions),
    defaultValues: { current_password: '' },
  });
  const { register, formState } = form;
  useUnsavedReport(formState.isDirty);
  const { submit, failure, busy } = useFormSave(form, locale, async (values) => {
    onDone(await makeAddressPrimary(address.id!, values.current_password));
  });
  return (
    <FormDialog
      title={t('settings.addresses.primaryTitle')}
      closeLabel={t('kit.close')}
      cancelLabel={t('kit.cancel')}
      onClose={onClose}
      unsaved={{ texts: unsavedChangesTexts(locale) }}
      error={failure}
      size="small"
      formId="primary-address-form"
      submitLabel={t('settings.addresses.makePrimary')}
      busy={busy}
    >
      <form id="primary-address-form" className="settings-form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="settings-text">{t('settings.addresses.primaryText', { address: address.value })}</p>
        <Field label={t('settings.currentPassword')} error={failureText(formState.errors.current_password?.message, locale) || undefined}>
          {(control) => (
            <TextInput {...control} {...register('current_password')} type="password" autoComplete="current-password" data-autofocus="" />
          )}
        </Field>
      </form>
    </FormDialog>
  );
}

type Asking =
  { kind: 'verify'; address: AccountAddress; resendIn: number } | { kind: 'primary' | 'remove'; address: AccountAddress } | null;

export default function AddressesSection({ locale, t, channel }: Props) {
  const state = useStore($addresses);
  const [asking, setAsking] = useState<Asking>(null);
  // A list that did not load offers to try again; no toast.
  const load = () => void loadAddresses().catch(() => undefined);
  useEffect(load, []);
  const items = state.data ? (channel === 'email' ? state.data.emails : state.data.phones) : [];
  const added = items.filter((item) => !item.primary).length;

  return (
    <div className="settings-section">
      <Card title={t(texts[channel].title)}>
        <p className="settings-text">{t(texts[channel].intro)}</p>
        <SectionLoad state={state} failed={{ message: t('settings.addresses.loadFailed'), retryLabel: t('settings.retry'), onRetry: load }}>
          {() => (
            <>
              {items.length ? (
                <ul className="settings-list" aria-label={t(texts[channel].title)}>
                  {items.map((item) => (
                    <li key={item.id ?? 'primary'} className="settings-item">
                      <div className="settings-item-text">
                        <span className="settings-item-name">{item.value}</span>
                        <span className="settings-badges">
                          {item.primary ? <Badge variant="accent">{t('settings.addresses.primary')}</Badge> : null}
                          {item.verified ? (
                            <Badge variant="success">{t('settings.addresses.verified')}</Badge>
                          ) : (
                            <Badge variant="attention">{t('settings.addresses.unverified')}</Badge>
                          )}
                        </span>
                      </div>
                      {item.primary ? null : (
                        <div className="settings-actions">
                          {item.verified ? (
                            <Button
                              size="small"
                              aria-label={t('settings.addresses.makePrimaryOf', { address: item.value })}
                              onClick={() => setAsking({ kind: 'primary', address: item })}
                            >
                              {t('settings.addresses.makePrimary')}
                            </Button>
                          ) : (
                            <Button
                              size="small"
                              aria-label={t('settings.addresses.enterCodeOf', { address: item.value })}
                              onClick={() => setAsking({ kind: 'verify', address: item, resendIn: 0 })}
                            >
                              {t('settings.addresses.enterCode')}
                            </Button>
                          )}
                          <IconButton
                            icon="trash"
                            variant="danger"
                            size="small"
                            label={t('settings.addresses.removeOf', { address: item.value })}
                            onClick={() => setAsking({ kind: 'remove', address: item })}
                          />
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="settings-text" role="status">
                  {t('settings.addresses.noPhone')}
                </p>
              )}
              {added < maxAddedAddresses ? (
                <AddForm
                  locale={locale}
                  t={t}
                  channel={channel}
                  onAdded={(address, resendIn) => {
                    setAsking({ kind: 'verify', address, resendIn });
                  }}
                />
              ) : (
                <p className="settings-text">{t('settings.addresses.limit', { maximum: maxAddedAddresses })}</p>
              )}
            </>
          )}
        </SectionLoad>
      </Card>
      {asking?.kind === 'verify' ? (
        <VerifyDialog
          locale={locale}
          t={t}
          address={asking.address}
          resendIn={asking.resendIn}
          onVerified={() => {
            setAsking(null);
            notifySuccess(t('settings.addresses.verifiedDone', { address: asking.address.value }));
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking?.kind === 'primary' ? (
        <PrimaryDialog
          locale={locale}
          t={t}
          address={asking.address}
          onDone={() => {
            setAsking(null);
            notifySuccess(t('settings.addresses.primaryDone', { address: asking.address.value }));
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking?.kind === 'remove' ? (
        <PasswordConfirmDialog
          locale={locale}
          t={t}
          schema={RemoveAddressRequest}
          title={t('settings.addresses.removeTitle', { address: asking.address.value })}
          intro={t('settings.addresses.removeText')}
          submitLabel={t('settings.addresses.remove')}
          variant="danger"
          onConfirm={async (password) => {
            await removeAddress(asking.address.id!, password);
            setAsking(null);
            notifySuccess(t('settings.addresses.removed', { address: asking.address.value }));
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
