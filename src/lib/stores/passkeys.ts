// The settings' passkey list (decision 206): loading it and removing one need no WebAuthn, so the list
// shows without @simplewebauthn/browser, which passkey-ceremony.ts brings when a passkey is used.
import type { Passkey } from '../../../contract/passkeys.ts';
import * as passkeyApi from '../api/passkey-api-light.ts';
import { change, readAgain, serverData } from './query.ts';

const passkeysKey = 'me/passkeys';
/** The person's passkeys, newest first. */
export const $passkeys = serverData<Passkey[]>(passkeysKey, () => passkeyApi.fetchPasskeys());
export const loadPasskeys = () => readAgain($passkeys);

/** Removes one of the person's passkeys after their password. */
export async function removePasskey(id: number, currentPassword: string): Promise<void> {
  await passkeyApi.removePasskey(id, currentPassword);
  change<Passkey[]>(passkeysKey, (items) => items.filter((item) => item.id !== id));
}

/** A passkey the device has just made joins the top of the list. */
export function passkeyAdded(passkey: Passkey): void {
  change<Passkey[]>(passkeysKey, (items) => [passkey, ...items]);
}
