// A security mail's undo link (decisions 235 and 278): the token is the proof; a new password comes with it
// when the link undoes a password change.
import {
  RemovedSignInResponse,
  signInRemovalApiPath,
  type RemovedSignIn,
  type RemoveSignInRequest,
} from '../../../contract/sign-in-removal.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

export async function removeSignInByLink(request: RemoveSignInRequest, api: ApiClient = defaultApi): Promise<RemovedSignIn> {
  return (await api.post(signInRemovalApiPath, { json: request, schema: RemovedSignInResponse })).data;
}
