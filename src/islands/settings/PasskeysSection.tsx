// Passkeys in Password and security (decision 206): the list (name, added, last used), adding
// one (named, by default after this device), removing one after the password. This module loads when
// its card comes near the screen (NearScreenCard.tsx), and @simplewebauthn/browser only on "Add".
import { useStore } from '@nanostores/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { AddPasskeyRequest, passkeyNameMaxLength, RemovePasskeyRequest, type Passkey } from '../../../contract/passkeys.ts';
import { LoadFailedAlert } from '../../components/Alert.tsx';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import Field from '../../components/Field.tsx';
import CurrentPasswordField from './CurrentPasswordField.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { $passkeys, loadPasskeys, passkeyAdded, removePasskey } from '../../lib/stores/passkeys.ts';
import { formatDateTime } from '../../lib/base/dates.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import PasswordConfirmDialog from '../../components/PasswordConfirmDialog.tsx';

interface Props {
  locale: Locale;
  t: Translate;
}

/** "Chrome on Android": the name a new passkey gets unless the person gives another. */
export function deviceNameOf(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /(Chrome|Chromium|CriOS)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : '';
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Mac OS X|Macintosh/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : '';
  return [browser, os].filter(Boolean).join(' · ') || 'Passkey';
}

/** The name and the password of the contract's request: the credential comes from the device after they are checked. */
const PasskeyName = AddPasskeyRequest.pick({ name: true, current_password: true });
type NameValues = z.input<typeof PasskeyName>;

/** Naming the new passkey and confirming with the password (decision 235), then the device's own question. */
function AddForm({ locale, t, onAdded, onCancel }: Props & { onAdded: (passkey: Passkey) => void; onCancel: () => void }) {
  const form = useForm<NameValues, unknown, z.output<typeof PasskeyName>>({
    resolver: zodResolver(PasskeyName, schemaParseOptions),
    defaultValues: { name: deviceNameOf(navigator.userAgent), current_password: '' },
  });
  // What the device answered instead of a passkey (no support, cancelled, already there): not a failure of the form.
  const [notice, setNotice] = useState('');
  const { setFocus } = form;
  useEffect(() => setFocus('name', { shouldSelect: true }), [setFocus]);
  // A wrong password is shown under the password, and what was typed stays; the device's refusals under the name.
  const { submit, failure, busy } = useFormSave(
    form,
    locale,
    async ({ name, current_password }) => {
      setNotice('');
      const passkeys = await import('../../lib/stores/passkey-ceremony.ts');
      if (!passkeys.browserSupportsWebAuthn()) {
        setNotice(t('settings.passkeys.unsupported'));
        return;
      }
      try {
        onAdded(await passkeys.addPasskey(name, current_password));
      } catch (failed) {
        if (passkeys.isCancelled(failed)) setNotice(t('settings.passkeys.cancelled'));
        else if (passkeys.isAlreadyOnDevice(failed)) setNotice(t('error.code.passkey_already_added'));
        else throw failed;
      }
    },
    { rename: { credential: 'name' } },
  );
  const shown = failure ?? notice;
  return (
    <form className="settings-form settings-passkey-add" method="post" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        id="passkey-name"
        label={t('settings.passkeys.name')}
        hint={t('settings.passkeys.nameHint')}
        error={failureText(form.formState.errors.name?.message, locale) || undefined}
      >
        {(control) => <TextInput {...control} {...form.register('name')} maxLength={passkeyNameMaxLength} autoComplete="off" required />}
      </Field>
      <CurrentPasswordField
        id="passkey-password"
        t={t}
        locale={locale}
        error={form.formState.errors.current_password?.message}
        registration={form.register('current_password')}
        required
      />
      <p className="settings-alert" role="alert" hidden={!shown}>
        {shown}
      </p>
      <div className="settings-actions">
        <Button type="submit" variant="primary" loading={busy}>
          {busy ? t('settings.passkeys.adding') : t('settings.passkeys.create')}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {t('settings.passkeys.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Removing a passkey: the password first, in a dialog. */
function RemoveDialog({
  locale,
  t,
  passkey,
  onRemoved,
  onClose,
}: Props & { passkey: Passkey; onRemoved: () => void; onClose: () => void }) {
  return (
    <PasswordConfirmDialog
      locale={locale}
      t={t}
      schema={RemovePasskeyRequest}
      title={t('settings.passkeys.removeNamed', { name: passkey.name })}
      intro={t('settings.passkeys.removeIntro', { name: passkey.name })}
      submitLabel={t('settings.passkeys.removeSubmit')}
      variant="danger"
      onConfirm={async (password) => {
        await removePasskey(passkey.id, password);
        onRemoved();
      }}
      onClose={onClose}
    />
  );
}

export default function PasskeysSection({ locale, t }: Props) {
  const loaded = useStore($passkeys);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  const load = () => void loadPasskeys().catch(reportRequestError);
  useEffect(load, []);
  // Focus goes back to "Add a passkey" once it is shown again (after adding, cancelling, removing).
  const focusWanted = useRef(false);
  const focusAdd = () => {
    focusWanted.current = true;
  };
  useEffect(() => {
    if (!focusWanted.current || !addRef.current) return;
    focusWanted.current = false;
    addRef.current.focus();
  });

  if (loaded.data === undefined && loaded.error !== undefined)
    return <LoadFailedAlert message={t('settings.passkeys.loadFailed')} retryLabel={t('settings.retry')} onRetry={load} />;
  if (loaded.data === undefined) {
    return (
      <div aria-busy="true">
        <Skeleton className="settings-skeleton" />
      </div>
    );
  }
  const items = loaded.data;
  return (
    <>
      <p className="settings-text">{t('settings.passkeys.intro')}</p>
      {items.length ? (
        <ul className="settings-list" aria-label={t('settings.passkeys.title')}>
          {items.map((passkey) => (
            <li key={passkey.id} className="settings-item">
              <div className="settings-item-text">
                <span className="settings-item-name">
                  {passkey.name} {passkey.synced ? <Badge variant="neutral">{t('settings.passkeys.synced')}</Badge> : null}
                </span>
                <span className="settings-item-meta">
                  {t('settings.passkeys.created', { date: formatDateTime(passkey.created_at, locale) })} ·{' '}
                  {passkey.last_used_at
                    ? t('settings.passkeys.lastUsed', { date: formatDateTime(passkey.last_used_at, locale) })
                    : t('settings.passkeys.neverUsed')}
                </span>
              </div>
              <Button
                size="small"
                variant="danger"
                aria-label={t('settings.passkeys.removeNamed', { name: passkey.name })}
                onClick={() => setRemoving(passkey)}
              >
                {t('settings.passkeys.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="settings-text settings-empty">{t('settings.passkeys.empty')}</p>
      )}
      {adding ? (
        <AddForm
          locale={locale}
          t={t}
          onCancel={() => {
            setAdding(false);
            focusAdd();
          }}
          onAdded={(passkey) => {
            passkeyAdded(passkey);
            setAdding(false);
            notifySuccess(t('settings.passkeys.added', { name: passkey.name }));
            focusAdd();
          }}
        />
      ) : (
        <div className="settings-actions">
          <Button ref={addRef} variant="primary" onClick={() => setAdding(true)}>
            {t('settings.passkeys.add')}
          </Button>
        </div>
      )}
      <p className="settings-text settings-hint">{t('settings.passkeys.secondStepNote')}</p>
      {removing ? (
        <RemoveDialog
          locale={locale}
          t={t}
          passkey={removing}
          onClose={() => {
            setRemoving(null);
            focusAdd();
          }}
          onRemoved={() => {
            setRemoving(null);
            notifySuccess(t('settings.passkeys.removed'));
            focusAdd();
          }}
        />
      ) : null}
    </>
  );
}
