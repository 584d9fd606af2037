// The owner's sign-in rule for the company (decision 204): a switch that applies at once.
// While saving it shows the state asked for and refuses further changes; then it shows what the server
// confirmed, or goes back with the reason in the card (an owner without two-step sign-in is told to
// turn it on first, with the way there). Switching it on first lists the owners and admins it would
// sign out, and asks.
import { useState } from 'react';
import type { RuleAffected } from '../../../contract/companies.ts';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import Alert from '../../components/Alert.tsx';
import { ApiError } from '../../lib/base/api-error.ts';
import Card from '../../components/Card.tsx';
import { ConsentSwitch } from '../../components/Checkbox.tsx';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { ruleAffected, saveCompanySecurity } from '../../lib/stores/workspace.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { useProfileHref } from './use-profile-href.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Translate } from '../../i18n/translator.ts';

export default function SecurityCard({
  requireTwoFactor,
  localePrefix,
  locale,
  t,
}: {
  requireTwoFactor: boolean;
  localePrefix: string;
  locale: Locale;
  t: Translate;
}) {
  // The personal site's settings, on its own host (known in the browser only).
  const settingsHref = `${useProfileHref(localePrefix)}settings#security`;
  // Why the last change failed; `ownFirst` when the owner must turn two-step sign-in on first.
  const [failure, setFailure] = useState<{ text: string; ownFirst: boolean } | null>(null);
  // The confirmation before switching it on: who would be signed out, and how the question is answered.
  const [asking, setAsking] = useState<{ affected: RuleAffected['items']; answer: (yes: boolean) => void } | null>(null);
  const confirmed = (affected: RuleAffected['items']) => new Promise<boolean>((answer) => setAsking({ affected, answer }));
  return (
    <Card title={t('company.security.title')} titleId="company-security">
      <div className="company-security">
        {failure ? (
          <Alert>
            <p>{failure.text}</p>
            {failure.ownFirst ? (
              <p>
                <a href={settingsHref}>{t('company.switch.turnOnTwoStep')}</a>
              </p>
            ) : null}
          </Alert>
        ) : null}
        <ConsentSwitch
          label={t('company.security.require')}
          hint={t('company.security.hint')}
          checked={requireTwoFactor}
          onChange={async (next) => {
            setFailure(null);
            if (next) {
              const affected = await ruleAffected();
              if (affected.length && !(await confirmed(affected))) return;
            }
            await saveCompanySecurity(next);
            notifySuccess(t(next ? 'company.security.turnedOn' : 'company.security.turnedOff'));
          }}
          onFailure={(error) => {
            const ownFirst = error instanceof ApiError && error.code === 'two_factor_required';
            setFailure({ text: ownFirst ? t('company.security.ownFirst') : failureText(error, locale), ownFirst });
          }}
        />
      </div>
      {asking ? (
        <ConfirmDialog
          title={t('company.security.confirmTitle')}
          message={
            <>
              <p>{t('company.security.confirmAffected')}</p>
              <ul>
                {asking.affected.map((person) => (
                  <li key={person.member_id}>{`${person.name} (${t(`company.role.${person.role}`)})`}</li>
                ))}
              </ul>
              <p>{t('company.security.confirmTold')}</p>
            </>
          }
          confirmLabel={t('company.security.confirm')}
          cancelLabel={t('company.cancel')}
          closeLabel={t('company.close')}
          onConfirm={async () => asking.answer(true)}
          onClose={() => {
            asking.answer(false);
            setAsking(null);
          }}
        />
      ) : null}
    </Card>
  );
}
