// Close account (SPEC §2, §4): says plainly what closing removes, offers the full data
// export and the JSON Resume first, and asks for the password in a dialog. A closed account's
// sessions have all ended, so the page forgets its token and goes to /account-closed.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { CloseAccountRequest } from '../../../contract/settings.ts';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import FormDialog from '../../components/FormDialog.tsx';
import Field from '../../components/Field.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import type { Translate } from '../../i18n/translator.ts';
import { downloadResume } from '../../lib/stores/profile-files.ts';
import { closeAccount, downloadDataExport } from '../../lib/stores/settings.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { pageNavigation } from '../../lib/base/page-navigation.ts';
import { buildSitePath } from '../../lib/base/site-path.ts';
import { $endingSessionDeliberately, discardToken } from '../../lib/stores/session.ts';
import { notifyError } from '../../lib/stores/toasts.ts';
import { closeLostKeys } from './close-lost-keys.ts';

interface Props {
  locale: Locale;
  t: Translate;
}

type Values = z.input<typeof CloseAccountRequest>;

function CloseDialog({ locale, t, onClose }: Props & { onClose: () => void }) {
  const form = useForm<Values, unknown, CloseAccountRequest>({
    resolver: zodResolver(CloseAccountRequest, schemaParseOptions),
    defaultValues: { current_password: '' },
  });
  const { register, formState } = form;
  const { errors } = formState;
  const { submit, failure, busy } = useFormSave(form, locale, async (values) => {
    // The closure ends this session too, and the realtime channel may say so before the answer
    // arrives: that 401 must not sign the page out to /login (error-policy.ts).
    $endingSessionDeliberately.set(true);
    try {
      await closeAccount(values);
    } catch (error) {
      $endingSessionDeliberately.set(false);
      throw error;
    }
    discardToken();
    pageNavigation.assign(buildSitePath({ locale, page: '/account-closed' }));
  });
  return (
    <FormDialog
      title={t('settings.close.dialogTitle')}
      closeLabel={t('kit.close')}
      cancelLabel={t('kit.cancel')}
      onClose={onClose}
      error={failure}
      size="small"
      formId="close-account-form"
      submitLabel={busy ? t('settings.close.closing') : t('settings.close.confirm')}
      variant="danger"
      busy={busy}
      lockWhileBusy
    >
      <form id="close-account-form" className="settings-form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="settings-text">{t('settings.close.dialogText')}</p>
        <Field label={t('settings.currentPassword')} error={failureText(errors.current_password?.message, locale) || undefined}>
          {(control) => (
            <TextInput
              {...control}
              {...register('current_password')}
              type="password"
              autoComplete="current-password"
              required
              data-autofocus=""
            />
          )}
        </Field>
      </form>
    </FormDialog>
  );
}

export default function CloseSection({ locale, t }: Props) {
  const [asking, setAsking] = useState(false);
  const [downloading, setDownloading] = useState<'all' | 'resume' | null>(null);
  const download = async (which: 'all' | 'resume') => {
    setDownloading(which);
    try {
      await (which === 'all' ? downloadDataExport() : downloadResume());
    } catch (error) {
      notifyError(failureText(error, locale, t('error.downloadFailed')));
    } finally {
      setDownloading(null);
    }
  };
  return (
    <div className="settings-section">
      <Card title={t('settings.close.exportTitle')}>
        <p className="settings-text">{t('settings.close.exportText')}</p>
        <div className="settings-actions">
          <Button loading={downloading === 'all'} onClick={() => void download('all')}>
            {t('settings.close.exportAll')}
          </Button>
          <Button loading={downloading === 'resume'} onClick={() => void download('resume')}>
            {t('settings.close.exportResume')}
          </Button>
        </div>
      </Card>
      <Card title={t('settings.closeAccount')}>
        <p className="settings-text">{t('settings.close.intro')}</p>
        <h3 className="settings-subheading">{t('settings.close.lostTitle')}</h3>
        <ul className="settings-bullets">
          {closeLostKeys.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <p className="settings-text">{t('settings.close.held')}</p>
        <p className="settings-text">{t('settings.close.ownerNote')}</p>
        <div className="settings-actions">
          <Button variant="danger" onClick={() => setAsking(true)}>
            {t('settings.closeAccount')}
          </Button>
        </div>
      </Card>
      {asking ? <CloseDialog locale={locale} t={t} onClose={() => setAsking(false)} /> : null}
    </div>
  );
}
