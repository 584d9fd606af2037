// The owner's sign-in rule for the company (issue 28, decision 204): a switch that applies at once.
// While saving it shows the state asked for and refuses further changes; then it shows what the server
// confirmed, or goes back with the reason in the card (an owner without two-step sign-in is told to
// turn it on first, with the way there).
import { useRef, useState } from 'react';
import Alert from '../../components/Alert.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import Card from '../../components/Card.tsx';
import { Switch } from '../../components/Checkbox.tsx';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { saveCompanySecurity } from '../../lib/stores/workspace.ts';
import { failureText } from './errors.ts';
import { useProfileHref } from './use-profile-href.ts';
import type { Translate } from './translate.ts';

export default function SecurityCard({ requireTwoFactor, localePrefix, t }: { requireTwoFactor: boolean; localePrefix: string; t: Translate }) {
  // The personal site's settings, on its own host (known in the browser only).
  const settingsHref = `${useProfileHref(localePrefix)}settings#security`;
  const [pending, setPending] = useState<boolean | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ownFirst = failure === t('company.security.ownFirst');
  const saving = useRef(false);
  return (
    <Card title={t('company.security.title')} titleId="company-security">
      <div className="company-security">
        {failure ? (
          <Alert>
            <p>{failure}</p>
            {ownFirst ? (
              <p>
                <a href={settingsHref}>{t('company.switch.turnOnTwoStep')}</a>
              </p>
            ) : null}
          </Alert>
        ) : null}
        <Switch
          label={t('company.security.require')}
          hint={t('company.security.hint')}
          checked={pending ?? requireTwoFactor}
          aria-disabled={pending !== null || undefined}
          aria-busy={pending !== null || undefined}
          onChange={(event) => {
            if (saving.current) return;
            saving.current = true;
            const next = event.target.checked;
            setPending(next);
            setFailure(null);
            saveCompanySecurity(next)
              .then(() => notifySuccess(t(next ? 'company.security.turnedOn' : 'company.security.turnedOff')))
              .catch((error: unknown) =>
                setFailure(error instanceof ApiError && error.code === 'two_factor_required' ? t('company.security.ownFirst') : failureText(error, t)),
              )
              .finally(() => {
                saving.current = false;
                setPending(null);
              });
          }}
        />
      </div>
    </Card>
  );
}
