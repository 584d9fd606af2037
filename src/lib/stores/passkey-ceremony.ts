// What needs the device's passkey ceremony (decision 206): signing in with a passkey, alone or as the
// second step, and adding one. It brings @simplewebauthn/browser, so islands load it with import()
// only when a passkey is about to be used, never with the page.
import type { Passkey } from '../../../contract/passkeys.ts';
import * as passkeyApi from '../api/passkey-api.ts';
import { applyToken } from './session.ts';

export { browserSupportsWebAuthn, cancelPasskeyRequest, isAlreadyOnDevice, isCancelled } from '../api/passkey-api.ts';

/** Signs in with a passkey alone and keeps the session; `autofill` waits for the login field's suggestion. */
export async function signInWithPasskey(options: { autofill?: boolean } = {}): Promise<void> {
  applyToken(await passkeyApi.signInWithPasskey(options));
}

/** The second step with a passkey, for the challenge the password answered; keeps the session. */
export async function passkeySecondStep(challenge: string): Promise<void> {
  applyToken(await passkeyApi.passkeySecondStep(challenge));
}

/**
 * Creates a passkey on this device under `name`. The settings' list takes it with `passkeyAdded`
 * (passkeys.ts): this module also serves the sign-in page, which has no list.
 */
export function addPasskey(name: string, currentPassword: string): Promise<Passkey> {
  return passkeyApi.addPasskey(name, currentPassword);
}
