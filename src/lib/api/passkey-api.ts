// Passkeys (decision 206) in the browser: the settings' list, adding one (the server's
// options, the device's ceremony, the answer checked by the server), removing one; and signing in with
// one, alone (a button, or the browser's autofill) or as the second step. @simplewebauthn/browser
// comes with this module, which every caller imports only when a passkey is about to be used, so no
// page's first script carries it.
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { LoginResponse } from '../../../contract/auth.ts';
import {
  PasskeyOptionsResponse,
  PasskeyResponse,
  passkeyApiPaths,
  type Passkey,
  type PasskeyAuthenticationCredential,
  type PasskeyRegistrationCredential,
} from '../../../contract/passkeys.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

export { browserSupportsWebAuthn };

/** The device's ceremony was cancelled or timed out (the person closed it, or chose nothing). */
export function isCancelled(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  return error.name === 'NotAllowedError' || error.name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED';
}

/** The device already holds one of the person's passkeys for this site. */
export function isAlreadyOnDevice(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED';
}

/**
 * Creates a passkey on this device and adds it under `name`. The current password goes with both
 * calls (decision 235): a wrong one stops before the device is asked.
 */
export async function addPasskey(name: string, currentPassword: string, api: ApiClient = defaultApi): Promise<Passkey> {
  const proof = { current_password: currentPassword };
  const options = (await api.post(passkeyApiPaths.registrationOptions, { json: proof, schema: PasskeyOptionsResponse })).data;
  const credential = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return (
    await api.post(passkeyApiPaths.list, {
      json: { name, credential: credential as PasskeyRegistrationCredential, ...proof },
      schema: PasskeyResponse,
    })
  ).data;
}

function tokenOf(data: LoginResponse['data']): string {
  if (!('token' in data)) throw new Error('A passkey sign-in answered a challenge.');
  return data.token;
}

/**
 * Signs in with a passkey alone and answers the token (the caller's store action keeps it). `autofill`:
 * the browser offers the passkeys in the login field's suggestions and this waits until one is chosen
 * (conditional mediation).
 */
export async function signInWithPasskey(options: { autofill?: boolean } = {}, api: ApiClient = defaultApi): Promise<string> {
  const optionsJSON = (await api.post(passkeyApiPaths.signInOptions, { schema: PasskeyOptionsResponse })).data;
  const credential = await startAuthentication({
    optionsJSON: optionsJSON as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: options.autofill ?? false,
  });
  return tokenOf(
    (await api.post(passkeyApiPaths.signIn, { json: { credential: credential as PasskeyAuthenticationCredential }, schema: LoginResponse }))
      .data,
  );
}

/** The second step with a passkey, for the challenge the password answered; answers the token. */
export async function passkeySecondStep(challenge: string, api: ApiClient = defaultApi): Promise<string> {
  const optionsJSON = (await api.post(passkeyApiPaths.secondStepOptions, { json: { challenge }, schema: PasskeyOptionsResponse })).data;
  const credential = await startAuthentication({ optionsJSON: optionsJSON as unknown as PublicKeyCredentialRequestOptionsJSON });
  return tokenOf(
    (
      await api.post(passkeyApiPaths.secondStep, {
        json: { challenge, credential: credential as PasskeyAuthenticationCredential },
        schema: LoginResponse,
      })
    ).data,
  );
}

/** Ends a pending autofill request (the page moves on to another step). */
export function cancelPasskeyRequest(): void {
  WebAuthnAbortService.cancelCeremony();
}
