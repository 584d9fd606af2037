// A mail's one-click removal of a passkey or two-step sign-in (decision 235): the token is the proof.
import { RemovedSignInResponse, signInRemovalApiPath, type RemovedSignIn } from '../../../contract/sign-in-removal.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

export async function removeSignInByLink(token: string, api: ApiClient = defaultApi): Promise<RemovedSignIn> {
  return (await api.post(signInRemovalApiPath, { json: { token }, schema: RemovedSignInResponse })).data;
}
