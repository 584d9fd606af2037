// The two-step card's password question: new recovery codes, or turning two-step sign-in off.
import type { Locale } from '../../../contract/locale.ts';
import { TwoFactorPasswordRequest } from '../../../contract/two-factor.ts';
import type { Translate } from '../../i18n/translator.ts';
import { disableTwoFactor, regenerateRecoveryCodes } from '../../lib/stores/security.ts';
import PasswordConfirmDialog from '../../components/PasswordConfirmDialog.tsx';

interface Props {
  locale: Locale;
  t: Translate;
}

/** New recovery codes or turning it off: the password first, in a dialog. */
export default function PasswordDialog({
  locale,
  t,
  kind,
  requiredBy = [],
  onDone,
  onClose,
}: Props & {
  kind: 'regenerate' | 'disable';
  /** The companies whose rule asks the person for two-step sign-in (turning it off closes their workspaces). */
  requiredBy?: readonly { company_name: string }[];
  onDone: (codes?: string[]) => void;
  onClose: () => void;
}) {
  const regenerate = kind === 'regenerate';
  const warning =
    !regenerate && requiredBy.length
      ? t('settings.twoFactor.turnOffBlocks', { companies: requiredBy.map((c) => c.company_name).join(', ') })
      : undefined;
  return (
    <PasswordConfirmDialog
      locale={locale}
      t={t}
      schema={TwoFactorPasswordRequest}
      title={regenerate ? t('settings.twoFactor.regenerate') : t('settings.twoFactor.turnOff')}
      intro={regenerate ? t('settings.twoFactor.regenerateIntro') : t('settings.twoFactor.turnOffIntro')}
      warning={warning}
      submitLabel={regenerate ? t('settings.twoFactor.regenerateSubmit') : t('settings.twoFactor.turnOff')}
      variant={regenerate ? 'primary' : 'danger'}
      onConfirm={async (password) => {
        if (regenerate) onDone(await regenerateRecoveryCodes(password));
        else {
          await disableTwoFactor(password);
          onDone();
        }
      }}
      onClose={onClose}
    />
  );
}
