// The settings' two-step sign-in calls (decision 180). Typed by contract/two-factor.ts.
import {
  RecoveryCodesResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
  twoFactorApiPaths,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../contract/two-factor.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

export async function fetchTwoFactorStatus(api: ApiClient = defaultApi): Promise<TwoFactorStatus> {
  return (await api.get(twoFactorApiPaths.status, { schema: TwoFactorStatusResponse })).data;
}

/** A new secret to scan; not on until confirmTwoFactor. */
export async function startTwoFactorSetup(api: ApiClient = defaultApi): Promise<TwoFactorSetup> {
  return (await api.post(twoFactorApiPaths.setup, { schema: TwoFactorSetupResponse })).data;
}

/** Turns it on with the app's first code; answers the recovery codes, shown once. */
export async function confirmTwoFactor(code: string, api: ApiClient = defaultApi): Promise<string[]> {
  return (await api.post(twoFactorApiPaths.confirm, { json: { code }, schema: RecoveryCodesResponse })).data.recovery_codes;
}

export async function regenerateRecoveryCodes(currentPassword: string, api: ApiClient = defaultApi): Promise<string[]> {
  return (await api.post(twoFactorApiPaths.recoveryCodes, { json: { current_password: currentPassword }, schema: RecoveryCodesResponse })).data.recovery_codes;
}

export async function disableTwoFactor(currentPassword: string, api: ApiClient = defaultApi): Promise<void> {
  await api.post(twoFactorApiPaths.disable, { json: { current_password: currentPassword } });
}
