// The account of the person signing up, for the code and email-change steps: anyone without a
// session is sent to sign in first (and brought back); otherwise `onStatus` gets the fresh status.
import { useEffect, useEffectEvent } from 'react';
import type { AccountStatus } from '../../../contract/auth.ts';
import type { Locale } from '../../../contract/locale.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { pageNavigation } from '../../lib/base/page-navigation.ts';
import { fetchAccountStatus } from '../../lib/stores/account.ts';
import { $token } from '../../lib/stores/session.ts';
import { loginReturningHere } from './registration-pages.ts';

export function useRegistrationStatus(locale: Locale, onStatus: (status: AccountStatus) => void): void {
  // The latest callback, without refetching when it changes (React 19's useEffectEvent, decision 162).
  const deliver = useEffectEvent(onStatus);
  useEffect(() => {
    if (!$token.get()) {
      pageNavigation.assign(loginReturningHere(locale));
      return;
    }
    let live = true;
    fetchAccountStatus().then(
      (status) => {
        if (live) deliver(status);
      },
      (error: unknown) => reportRequestError(error),
    );
    return () => {
      live = false;
    };
  }, [locale]);
}
