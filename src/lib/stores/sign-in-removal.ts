// The /remove-sign-in page's one action (decisions 235 and 278): it keeps nothing; every session of the
// account has ended on the server, this browser's with them.
import type { RemovedSignIn, RemoveSignInRequest } from '../../../contract/sign-in-removal.ts';
import * as removalApi from '../api/sign-in-removal-api.ts';

/** Undoes what the mail's link names (with a new password when it undoes a password change). */
export function removeSignInByLink(request: RemoveSignInRequest): Promise<RemovedSignIn> {
  return removalApi.removeSignInByLink(request);
}
