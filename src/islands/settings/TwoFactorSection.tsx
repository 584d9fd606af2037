// Two-step sign-in in Password and security (decision 180): turn it on (a QR code and the
// key as text, confirmed with the app's first code), the ten recovery codes shown once (copy,
// download), new codes and turning it off, both after the password.
import { useStore } from '@nanostores/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { ConfirmTwoFactorRequest, type TwoFactorSetup } from '../../../contract/two-factor.ts';
import Alert, { LoadFailedAlert } from '../../components/Alert.tsx';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import Field from '../../components/Field.tsx';
import CurrentPasswordField from './CurrentPasswordField.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { $twoFactor, confirmTwoFactor, loadTwoFactor, startTwoFactorSetup } from '../../lib/stores/security.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { useFormSave } from '../../components/use-form-save.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';

interface Props {
  locale: Locale;
  t: Translate;
}

type ConfirmTwoFactorValues = z.input<typeof ConfirmTwoFactorRequest>;

// The password question (turn off, new recovery codes) loads when asked (decision 175).
const PasswordDialog = lazy(() => import('./TwoFactorPasswordDialog.tsx'));

/** The key in groups of four, as authenticator apps show and take it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function downloadCodes(codes: string[], heading: string): void {
  const blob = new Blob([`${heading}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'profiles-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The recovery codes, shown once: copy, download, then done. */
function RecoveryCodesPanel({ t, codes, onDone }: { t: Translate; codes: string[]; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notifySuccess(t('settings.twoFactor.copied'));
    } catch (error) {
      reportRequestError(error);
    }
  };
  return (
    <div className="settings-two-factor-codes">
      <h3 ref={headingRef} tabIndex={-1} className="settings-subheading">
        {t('settings.twoFactor.codesTitle')}
      </h3>
      <p className="settings-text">{t('settings.twoFactor.codesIntro')}</p>
      <ol className="settings-recovery-codes" aria-label={t('settings.twoFactor.codesTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="settings-actions">
        <Button onClick={() => void copy()}>{t('settings.twoFactor.copy')}</Button>
        <Button onClick={() => downloadCodes(codes, t('settings.twoFactor.downloadHeading'))}>{t('settings.twoFactor.download')}</Button>
        <Button variant="primary" onClick={onDone}>
          {t('settings.twoFactor.done')}
        </Button>
      </div>
    </div>
  );
}

/** Scan, then the first code with the password (decision 235) turns it on. */
function SetupPanel({
  locale,
  t,
  setup,
  onConfirmed,
  onCancel,
}: Props & { setup: TwoFactorSetup; onConfirmed: (codes: string[]) => void; onCancel: () => void }) {
  const form = useForm<ConfirmTwoFactorValues, unknown, ConfirmTwoFactorRequest>({
    resolver: zodResolver(ConfirmTwoFactorRequest, schemaParseOptions),
    defaultValues: { code: '', current_password: '' },
  });
  const stepRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => stepRef.current?.focus(), []);
  // A refusal goes under the code or the password it is about; what was typed stays.
  const { submit, failure, busy } = useFormSave(form, locale, async ({ code, current_password }) =>
    onConfirmed(await confirmTwoFactor(code, current_password)),
  );
  return (
    <div className="settings-two-factor-setup">
      <p ref={stepRef} tabIndex={-1} className="settings-text">
        {t('settings.twoFactor.scan')}
      </p>
      <img className="settings-qr" src={setup.qr_code} alt={t('settings.twoFactor.qrAlt')} width={200} height={200} />
      <p className="settings-text">
        {t('settings.twoFactor.secretLabel')}{' '}
        <code className="settings-secret" data-secret={setup.secret}>
          {grouped(setup.secret)}
        </code>
      </p>
      <form className="settings-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
        <p className="settings-text">{t('settings.twoFactor.enterCode')}</p>
        {failure ? <Alert>{failure}</Alert> : null}
        <Field
          id="two-factor-code"
          label={t('settings.twoFactor.code')}
          error={failureText(form.formState.errors.code?.message, locale) || undefined}
        >
          {(control) => (
            <TextInput
              {...control}
              {...form.register('code')}
              className="settings-code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
            />
          )}
        </Field>
        <CurrentPasswordField
          id="two-factor-password"
          t={t}
          locale={locale}
          error={form.formState.errors.current_password?.message}
          registration={form.register('current_password')}
          required
        />
        <div className="settings-actions">
          <Button type="submit" variant="primary" loading={busy}>
            {busy ? t('settings.twoFactor.confirming') : t('settings.twoFactor.confirm')}
          </Button>
          <Button onClick={onCancel} disabled={busy}>
            {t('settings.twoFactor.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}

export default function TwoFactorSection({ locale, t }: Props) {
  const loaded = useStore($twoFactor);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'regenerate' | 'disable' | null>(null);
  const [starting, setStarting] = useState(false);
  const turnOnRef = useRef<HTMLButtonElement>(null);

  const load = () => void loadTwoFactor().catch(reportRequestError);
  useEffect(load, []);

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await startTwoFactorSetup());
    } catch (error) {
      reportRequestError(error);
    } finally {
      setStarting(false);
    }
  };

  const enabled = loaded.data?.enabled ?? false;
  const badge = loaded.data ? (
    <Badge variant={enabled ? 'success' : 'neutral'}>
      {enabled ? t('settings.twoFactor.statusOn') : t('settings.twoFactor.statusOff')}
    </Badge>
  ) : null;

  let body;
  if (loaded.data === undefined && loaded.error !== undefined) {
    body = <LoadFailedAlert message={t('settings.twoFactor.loadFailed')} retryLabel={t('settings.retry')} onRetry={load} />;
  } else if (loaded.data === undefined) {
    body = (
      <div aria-busy="true">
        <Skeleton className="settings-skeleton" />
      </div>
    );
  } else if (codes) {
    body = <RecoveryCodesPanel t={t} codes={codes} onDone={() => setCodes(null)} />;
  } else if (setup) {
    body = (
      <SetupPanel
        locale={locale}
        t={t}
        setup={setup}
        onCancel={() => {
          setSetup(null);
          requestAnimationFrame(() => turnOnRef.current?.focus());
        }}
        onConfirmed={(recovery) => {
          setSetup(null);
          setCodes(recovery);
          notifySuccess(t('settings.twoFactor.turnedOn'));
        }}
      />
    );
  } else if (enabled) {
    body = (
      <>
        <p className="settings-text">{t('settings.twoFactor.introOn')}</p>
        <p className="settings-text">{t('settings.twoFactor.codesLeft', { count: loaded.data.recovery_codes_left })}</p>
        <div className="settings-actions">
          <Button onClick={() => setDialog('regenerate')}>{t('settings.twoFactor.regenerate')}</Button>
          <Button variant="danger" onClick={() => setDialog('disable')}>
            {t('settings.twoFactor.turnOff')}
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p className="settings-text">{t('settings.twoFactor.introOff')}</p>
        <div className="settings-actions">
          <Button ref={turnOnRef} variant="primary" loading={starting} onClick={() => void start()}>
            {t('settings.twoFactor.turnOn')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <Card title={t('settings.twoFactor.title')} actions={badge} className="settings-two-factor">
      {body}
      <Suspense fallback={null}>
        {dialog ? (
          <PasswordDialog
            locale={locale}
            t={t}
            kind={dialog}
            requiredBy={loaded.data?.required_by ?? []}
            onClose={() => setDialog(null)}
            onDone={(recovery) => {
              setDialog(null);
              if (recovery) {
                setCodes(recovery);
              } else {
                notifySuccess(t('settings.twoFactor.turnedOff'));
                requestAnimationFrame(() => turnOnRef.current?.focus());
              }
            }}
          />
        ) : null}
      </Suspense>
    </Card>
  );
}
