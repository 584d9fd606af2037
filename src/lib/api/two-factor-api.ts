// The settings' account security calls: two-step sign-in (decision 180) and the security
// activity. Typed by contract/two-factor.ts and contract/security-events.ts.
import {
  RecoveryCodesResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
  twoFactorApiPaths,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../contract/two-factor.ts';
import { SecurityEventListResponse, securityEventsPath, type SecurityEvent } from '../../../contract/security-events.ts';
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
export async function confirmTwoFactor(code: string, currentPassword: string, api: ApiClient = defaultApi): Promise<string[]> {
  const json = { code, current_password: currentPassword };
  return (await api.post(twoFactorApiPaths.confirm, { json, schema: RecoveryCodesResponse })).data.recovery_codes;
}

export async function regenerateRecoveryCodes(currentPassword: string, api: ApiClient = defaultApi): Promise<string[]> {
  return (await api.post(twoFactorApiPaths.recoveryCodes, { json: { current_password: currentPassword }, schema: RecoveryCodesResponse }))
    .data.recovery_codes;
}

export async function disableTwoFactor(currentPassword: string, api: ApiClient = defaultApi): Promise<void> {
  await api.post(twoFactorApiPaths.disable, { json: { current_password: currentPassword } });
}

/** The security activity of the last 90 days, newest first. */
export async function fetchSecurityEvents(api: ApiClient = defaultApi): Promise<SecurityEvent[]> {
  return (await api.get(securityEventsPath, { schema: SecurityEventListResponse })).data.items;
}
