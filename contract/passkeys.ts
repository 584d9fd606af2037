// Passkeys (decision 206): WebAuthn credentials a person adds in the settings (named, with
// the last use), removes with the password, and signs in with: from /login as the only factor, or as
// the second step after the password when two-step sign-in is on. The options and the browser's
// answers travel as @simplewebauthn's JSON; the server checks them. Imports only zod and other
// contract files.
import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { messageRef } from './validation-messages.ts';
import { currentPassword, text } from './validation.ts';

export const passkeyApiPaths = {
  /** GET: the person's passkeys, newest first. POST `{ name, credential, current_password }`: adds the one just created. */
  list: '/api/settings/passkeys',
  /** POST `{ current_password }`: the options for `navigator.credentials.create()` (a fresh single-use challenge). */
  registrationOptions: '/api/settings/passkeys/options',
  /** POST `{ current_password }`: removes the passkey. */
  remove: (id: number | string) => `/api/settings/passkeys/${id}/remove`,
  /** POST: the options for signing in with a passkey alone (discoverable, user verification required). */
  signInOptions: '/api/login/passkey/options',
  /** POST `{ credential }`: signs in; answers the token. */
  signIn: '/api/login/passkey',
  /** POST `{ challenge }`: the options for the second step with a passkey, after the password. */
  secondStepOptions: '/api/login/two-factor/passkey/options',
  /** POST `{ challenge, credential }`: the second step with a passkey; answers the token. */
  secondStep: '/api/login/two-factor/passkey',
} as const;

/** How long a WebAuthn challenge waits for the authenticator's answer. */
export const passkeyChallengeSeconds = 300;
/** Passkeys one person may keep. */
export const maxPasskeys = 20;
export const passkeyNameMaxLength = 60;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, { error: messageRef('validation.passkey') });

/** What every answer of the browser carries besides its `response` (PublicKeyCredential's JSON). */
const credentialFields = {
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}).optional(),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What the browser answered `navigator.credentials.create()` with (RegistrationResponseJSON). */
export const PasskeyRegistrationCredential = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(8_000).min(1),
    attestationObject: base64url(64_000).min(1),
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
});
export type PasskeyRegistrationCredential = z.infer<typeof PasskeyRegistrationCredential>;

/** What the browser answered `navigator.credentials.get()` with (AuthenticationResponseJSON). */
export const PasskeyAuthenticationCredential = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(8_000).min(1),
    authenticatorData: base64url(8_000).min(1),
    signature: base64url(2_000).min(1),
    userHandle: base64url(200).optional(),
  }),
});
export type PasskeyAuthenticationCredential = z.infer<typeof PasskeyAuthenticationCredential>;

/**
 * WebAuthn options as @simplewebauthn/server makes them (PublicKeyCredentialCreationOptionsJSON or
 * …RequestOptionsJSON): handed to @simplewebauthn/browser unchanged.
 */
export const PasskeyOptions = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;
export const PasskeyOptionsResponse = dataEnvelope(PasskeyOptions);

/** `POST /api/settings/passkeys`. The name defaults on the site to the device's (browser on system). */
export const AddPasskeyRequest = z.object({
  name: text()
    .trim()
    .min(1, { error: messageRef('validation.required') })
    .max(passkeyNameMaxLength, { error: messageRef('validation.tooLong', { maximum: passkeyNameMaxLength }) }),
  credential: PasskeyRegistrationCredential,
  /** Decision 235: adding a passkey carries the current password in the request itself. */
  current_password: currentPassword(),
});
export type AddPasskeyRequest = z.infer<typeof AddPasskeyRequest>;

export const Passkey = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  created_at: z.string(),
  /** The last sign-in with it; null until the first. */
  last_used_at: z.string().nullable(),
  /** Synced by its provider to the person's other devices (a backed-up passkey). */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof Passkey>;
export const PasskeyResponse = dataEnvelope(Passkey);
export const PasskeyList = z.object({ items: z.array(Passkey) });
export type PasskeyList = z.infer<typeof PasskeyList>;
export const PasskeyListResponse = dataEnvelope(PasskeyList);

/** `POST /api/settings/passkeys/options`: the password is checked before the device is asked. */
export const PasskeyOptionsRequest = z.object({ current_password: currentPassword() });
export type PasskeyOptionsRequest = z.infer<typeof PasskeyOptionsRequest>;

/** `POST /api/settings/passkeys/{id}/remove`. */
export const RemovePasskeyRequest = z.object({ current_password: currentPassword() });
export type RemovePasskeyRequest = z.infer<typeof RemovePasskeyRequest>;

/** `POST /api/login/passkey`. */
export const PasskeySignInRequest = z.object({ credential: PasskeyAuthenticationCredential });
export type PasskeySignInRequest = z.infer<typeof PasskeySignInRequest>;

/** `POST /api/login/two-factor/passkey/options`: the challenge the password step answered. */
export const PasskeySecondStepOptionsRequest = z.object({ challenge: text().min(1).max(200) });
/** `POST /api/login/two-factor/passkey`. */
export const PasskeySecondStepRequest = z.object({ challenge: text().min(1).max(200), credential: PasskeyAuthenticationCredential });
export type PasskeySecondStepRequest = z.infer<typeof PasskeySecondStepRequest>;
