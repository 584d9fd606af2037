// Password and security's server data: two-step sign-in (decision 180) and the security
// activity. The sections read the atoms and call these actions (decision 214).
import type { SecurityEvent } from '../../../contract/security-events.ts';
import type { TwoFactorSetup, TwoFactorStatus } from '../../../contract/two-factor.ts';
import * as twoFactorApi from '../api/two-factor-api.ts';
import { change, put, readAgain, serverData } from './query.ts';

const twoFactorKey = 'me/security/two-factor';
/** Whether two-step sign-in is on, and how many recovery codes are left. */
export const $twoFactor = serverData<TwoFactorStatus>(twoFactorKey, () => twoFactorApi.fetchTwoFactorStatus());
export const loadTwoFactor = () => readAgain($twoFactor);

/** Starts turning two-step sign-in on: the secret and its QR code for the authenticator app. */
export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return twoFactorApi.startTwoFactorSetup();
}

/** Turns it on with the app's first code; answers the recovery codes to keep. */
export async function confirmTwoFactor(code: string, currentPassword: string): Promise<string[]> {
  const recovery = await twoFactorApi.confirmTwoFactor(code, currentPassword);
  put(twoFactorKey, { enabled: true, recovery_codes_left: recovery.length, required_by: [] });
  // Which workspaces now count on it (the warning before turning it off names them): read in the background.
  loadTwoFactor().catch(() => undefined);
  return recovery;
}

/** New recovery codes in place of the old ones, after the password. */
export async function regenerateRecoveryCodes(currentPassword: string): Promise<string[]> {
  const recovery = await twoFactorApi.regenerateRecoveryCodes(currentPassword);
  change<TwoFactorStatus>(twoFactorKey, (status) => ({ ...status, enabled: true, recovery_codes_left: recovery.length }));
  return recovery;
}

/** Turns two-step sign-in off, after the password. */
export async function disableTwoFactor(currentPassword: string): Promise<void> {
  await twoFactorApi.disableTwoFactor(currentPassword);
  put(twoFactorKey, { enabled: false, recovery_codes_left: 0, required_by: [] });
}

/** The account's recent security activity. */
export const $securityEvents = serverData<SecurityEvent[]>('me/security/events', () => twoFactorApi.fetchSecurityEvents());
export const loadSecurityEvents = () => readAgain($securityEvents);
