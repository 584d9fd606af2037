// The settings' passkey list and removing one (decision 206): calls that need no WebAuthn, so the list
// shows without @simplewebauthn/browser, which passkey-api.ts brings when a passkey is about to be used.
import { PasskeyListResponse, passkeyApiPaths, type Passkey } from '../../../contract/passkeys.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

export async function fetchPasskeys(api: ApiClient = defaultApi): Promise<Passkey[]> {
  return (await api.get(passkeyApiPaths.list, { schema: PasskeyListResponse })).data.items;
}

/** Removes one of the person's passkeys after their password. */
export async function removePasskey(id: number, currentPassword: string, api: ApiClient = defaultApi): Promise<void> {
  await api.post(passkeyApiPaths.remove(id), { json: { current_password: currentPassword } });
}
