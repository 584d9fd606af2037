// Two-step sign-in with an authenticator app (decision 180): turning it on in the settings
// (a secret shown as a QR code and as text, confirmed with a first code), ten single-use recovery
// codes, and the second step of signing in. Imports only zod and other contract files.
import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { apiPaths } from './routes.ts';
import { messageRef } from './validation-messages.ts';
import { currentPassword, text, verificationCode } from './validation.ts';

export const twoFactorApiPaths = {
  /** GET: whether two-step sign-in is on and how many recovery codes are left. */
  status: '/api/settings/two-factor',
  /** POST: a new secret to scan (replaces one set up and not yet confirmed). */
  setup: '/api/settings/two-factor/setup',
  /** POST with the first code and the password: turns it on, answers the recovery codes (shown once). */
  confirm: '/api/settings/two-factor/confirm',
  /** POST with the password: ten new recovery codes; the old ones stop working. */
  recoveryCodes: '/api/settings/two-factor/recovery-codes',
  /** POST with the password: turns it off. */
  disable: '/api/settings/two-factor/disable',
  /** POST: the second step of signing in, with the challenge `POST /api/login` answered. */
  loginSecondStep: apiPaths.loginSecondStep,
} as const;

/** How many recovery codes a person gets at a time. */
export const recoveryCodeCount = 10;
/** How long the second step waits for its code after the password. */
export const loginChallengeSeconds = 300;
/** Wrong codes one challenge survives; then the password is asked again. */
export const loginChallengeMaxWrongTries = 5;

/** `GET /api/settings/two-factor`. */
export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes; 0 when two-step sign-in is off. */
  recovery_codes_left: z.number().int().min(0),
  /**
   * The companies that ask their owners and admins for two-step sign-in and where the person is one
   *: turning it off signs them out of these workspaces and keeps them out, so the
   * settings warn first, naming them.
   */
  required_by: z.array(z.object({ company_id: z.number().int().positive(), company_name: z.string() })),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;
export const TwoFactorStatusResponse = dataEnvelope(TwoFactorStatus);

/** `POST /api/settings/two-factor/setup`: what the authenticator app needs. */
export const TwoFactorSetup = z.object({
  /** The secret in base32, for typing it into the app. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauth_uri: z.string(),
  /** The QR code as an SVG data URL. */
  qr_code: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;
export const TwoFactorSetupResponse = dataEnvelope(TwoFactorSetup);

/** `POST /api/settings/two-factor/confirm`: the app's first code, and the current password (decision 235). */
export const ConfirmTwoFactorRequest = z.object({ code: verificationCode(), current_password: currentPassword() });
export type ConfirmTwoFactorRequest = z.infer<typeof ConfirmTwoFactorRequest>;

/** The recovery codes, shown once: after turning it on and after regenerating them. */
export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()).length(recoveryCodeCount) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;
export const RecoveryCodesResponse = dataEnvelope(RecoveryCodes);

/** Regenerating the recovery codes and turning two-step sign-in off ask for the password. */
export const TwoFactorPasswordRequest = z.object({ current_password: currentPassword() });
export type TwoFactorPasswordRequest = z.infer<typeof TwoFactorPasswordRequest>;

/** A code from the app (six digits, a space allowed in the middle) or a recovery code (`abcde-fghjk`). */
export const secondFactorCodePattern = /^(\d{3} ?\d{3}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/;

/** `POST /api/login/two-factor`. */
export const LoginSecondStepRequest = z.object({
  challenge: text().min(1).max(200),
  code: z
    .string({ error: messageRef('validation.code') })
    .trim()
    .regex(secondFactorCodePattern, { error: messageRef('validation.code') }),
});
export type LoginSecondStepRequest = z.infer<typeof LoginSecondStepRequest>;
