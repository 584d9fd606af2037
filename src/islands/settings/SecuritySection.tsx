// Password and security (SPEC §2, §5): the password change with SPEC §5's messages under
// each field, two-step sign-in (decision 180), and the active sessions with sign-out of one or all
// other devices.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import type { ActiveSession, ChangePasswordRequest } from '../../../contract/settings.ts';
import { LoadFailedAlert } from '../../components/Alert.tsx';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import Field from '../../components/Field.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import type { Translate } from '../../i18n/translator.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { formatDateTime } from '../../lib/base/dates.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { lazyResolver } from '../../lib/forms/lazy-resolver.ts';
import {
  $endingSession,
  $sessions,
  changePassword,
  loadSessions,
  signOutOtherSessions,
  signOutSession,
} from '../../lib/stores/settings.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import NearScreenCard from './NearScreenCard.tsx';
import TwoFactorSection from './TwoFactorSection.tsx';
import SaveActions from './SaveActions.tsx';

// A question that is not asked is not loaded (decision 175).
const ConfirmDialog = lazy(() => import('../../components/ConfirmDialog.tsx'));

interface Props {
  locale: Locale;
  t: Translate;
}

type PasswordValues = z.input<typeof ChangePasswordRequest>;
type PasswordField = keyof PasswordValues;
const emptyPasswords: PasswordValues = { current_password: '', password: '', password_confirmation: '' };
const validation = lazyResolver<PasswordValues, unknown, ChangePasswordRequest>(() =>
  import('./password-validation.ts').then((m) => m.passwordResolver),
);

function PasswordForm({ locale, t }: Props) {
  const form = useForm<PasswordValues, unknown, ChangePasswordRequest>({
    resolver: validation.resolver,
    defaultValues: emptyPasswords,
  });
  const { register, reset, formState } = form;
  const { errors } = formState;
  const { submit, failure, busy } = useFormSave(form, locale, async (values) => {
    await changePassword(values);
    reset(emptyPasswords);
    notifySuccess(t('settings.password.changed'));
  });
  const error = (name: PasswordField) => failureText(errors[name]?.message, locale) || undefined;
  return (
    <Card title={t('settings.passwordSecurity')}>
      <p className="settings-text">{t('settings.password.intro')}</p>
      <form className="settings-form" method="post" noValidate onSubmit={(event) => void submit(event)} onFocus={validation.preload}>
        <Field label={t('settings.currentPassword')} error={error('current_password')}>
          {(control) => (
            <TextInput {...control} {...register('current_password')} type="password" autoComplete="current-password" required />
          )}
        </Field>
        <Field label={t('settings.newPassword')} hint={t('settings.password.hint')} error={error('password')}>
          {(control) => <TextInput {...control} {...register('password')} type="password" autoComplete="new-password" required />}
        </Field>
        <Field label={t('settings.confirmPassword')} error={error('password_confirmation')}>
          {(control) => (
            <TextInput {...control} {...register('password_confirmation')} type="password" autoComplete="new-password" required />
          )}
        </Field>
        <SaveActions failure={failure} busy={busy} label={t('settings.password.submit')} busyLabel={t('settings.password.saving')} />
      </form>
    </Card>
  );
}

function deviceName(session: ActiveSession, t: Translate): string {
  return t('settings.sessions.device', {
    browser: session.browser ?? t('settings.sessions.unknownBrowser'),
    os: session.os ?? t('settings.sessions.unknownDevice'),
  });
}

function Sessions({ locale, t }: Props) {
  const state = useStore($sessions);
  const ending = useStore($endingSession);
  const [confirmOthers, setConfirmOthers] = useState(false);
  useEffect(() => {
    loadSessions().catch(reportRequestError);
  }, []);
  const others = (state.data ?? []).filter((s) => !s.current);
  const signOut = async (session: ActiveSession) => {
    try {
      await signOutSession(session.id);
      notifySuccess(t('settings.sessions.signedOut'));
    } catch (error) {
      reportRequestError(error);
    }
  };
  return (
    <Card title={t('settings.sessions.title')} className="settings-sessions">
      <p className="settings-text">{t('settings.sessions.intro')}</p>
      {state.data === undefined && state.error !== undefined ? (
        <LoadFailedAlert
          message={t('settings.sessions.loadFailed')}
          retryLabel={t('settings.retry')}
          onRetry={() => void loadSessions().catch(reportRequestError)}
        />
      ) : state.data === undefined ? (
        <div aria-busy="true">
          <Skeleton className="settings-skeleton" />
          <Skeleton className="settings-skeleton" />
        </div>
      ) : (
        <>
          <ul className="settings-list">
            {state.data.map((session) => {
              const when = formatDateTime(session.last_used_at, locale);
              return (
                <li key={session.id} className="settings-item" data-current={session.current ? '' : undefined}>
                  <div className="settings-item-text">
                    <span className="settings-item-name">
                      {deviceName(session, t)} {session.current ? <Badge variant="success">{t('settings.sessions.current')}</Badge> : null}
                    </span>
                    <span className="settings-item-meta">{t('settings.sessions.lastUsed', { when })}</span>
                    {/* The workspaces this session opened end with it (decision 243). */}
                    {session.workspaces.length ? (
                      <span className="settings-item-meta">
                        {t('settings.sessions.workspaces', { companies: session.workspaces.map((w) => w.company_name).join(', ') })}
                      </span>
                    ) : null}
                  </div>
                  {session.current ? null : (
                    <Button
                      size="small"
                      loading={ending === session.id}
                      aria-label={t('settings.sessions.signOutDevice', { device: deviceName(session, t), when })}
                      onClick={() => void signOut(session)}
                    >
                      {t('settings.sessions.signOut')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {others.length ? (
            <div className="settings-actions">
              <Button variant="danger" loading={ending === 'others'} onClick={() => setConfirmOthers(true)}>
                {t('settings.sessions.signOutOthers')}
              </Button>
            </div>
          ) : (
            <p className="settings-text" role="status">
              {t('settings.sessions.onlyThis')}
            </p>
          )}
        </>
      )}
      <Suspense fallback={null}>
        {confirmOthers ? (
          <ConfirmDialog
            title={t('settings.sessions.signOutOthers')}
            message={<p>{t('settings.sessions.confirmOthers')}</p>}
            confirmLabel={t('settings.sessions.signOutOthers')}
            cancelLabel={t('kit.cancel')}
            closeLabel={t('kit.close')}
            onConfirm={async () => {
              await signOutOtherSessions();
              notifySuccess(t('settings.sessions.othersSignedOut'));
            }}
            onClose={() => setConfirmOthers(false)}
          />
        ) : null}
      </Suspense>
    </Card>
  );
}

export default function SecuritySection({ locale, t }: Props) {
  return (
    <div className="settings-section">
      <PasswordForm locale={locale} t={t} />
      <TwoFactorSection locale={locale} t={t} />
      <NearScreenCard
        title={t('settings.passkeys.title')}
        className="settings-passkeys"
        load={() => import('./PasskeysSection.tsx')}
        locale={locale}
        t={t}
      />
      <Sessions locale={locale} t={t} />
      <NearScreenCard
        title={t('settings.activity.title')}
        className="settings-activity"
        load={() => import('./SecurityActivity.tsx')}
        locale={locale}
        t={t}
      />
    </div>
  );
}
