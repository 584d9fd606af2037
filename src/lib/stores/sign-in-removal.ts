// The /remove-sign-in page's one action (decision 235): it keeps nothing; every session of the account
// has ended on the server, this browser's with them.
import type { RemovedSignIn } from '../../../contract/sign-in-removal.ts';
import * as removalApi from '../api/sign-in-removal-api.ts';

/** Removes the passkey or two-step sign-in the mail's link names. */
export function removeSignInByLink(token: string): Promise<RemovedSignIn> {
  return removalApi.removeSignInByLink(token);
}
