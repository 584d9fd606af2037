// Settings calls: the password change and the active sessions. Typed by contract/settings.ts.
import {
  PasswordChangedResponse,
  SessionListResponse,
  SessionsEndedResponse,
  NotificationTypesResponse,
  ContactInfoResponse,
  AccountAddressesResponse,
  AddressCodeSentResponse,
  settingsApiPaths,
  dataExportFileName,
  type ActiveSession,
  type ChangePasswordRequest,
  type CloseAccountRequest,
  type NotificationTypeSetting,
  type UpdateNotificationTypesRequest,
  type ContactInfo,
  type AccountAddresses,
  type AddressCodeSent,
  type UpdateContactInfoRequest,
} from '../../../contract/settings.ts';
import type { CodeChannel } from '../../../contract/auth.ts';
import { api as defaultApi } from './client.ts';
import { downloadFile } from './download-file.ts';
import type { ApiClient } from './request.ts';

/** Sets a new password; answers how many other sessions it ended. */
export async function changePassword(input: ChangePasswordRequest, api: ApiClient = defaultApi): Promise<number> {
  return (await api.put(settingsApiPaths.password, { json: input, schema: PasswordChangedResponse })).data.ended_sessions;
}

export async function fetchSessions(api: ApiClient = defaultApi): Promise<ActiveSession[]> {
  return (await api.get(settingsApiPaths.sessions, { schema: SessionListResponse })).data.items;
}

export async function endSession(id: number, api: ApiClient = defaultApi): Promise<void> {
  await api.delete(settingsApiPaths.session(id));
}

/** Signs out every session but this one; answers how many ended. */
export async function endOtherSessions(api: ApiClient = defaultApi): Promise<number> {
  return (await api.delete(settingsApiPaths.sessions, { schema: SessionsEndedResponse })).data.ended_sessions;
}

/** Downloads everything stored about the person as one JSON file. */
export async function downloadDataExport(): Promise<void> {
  await downloadFile(settingsApiPaths.dataExport, dataExportFileName);
}

/** Closes the account; every session, this one too, has ended when it resolves. */
export async function closeAccount(input: CloseAccountRequest, api: ApiClient = defaultApi): Promise<void> {
  await api.post(settingsApiPaths.closeAccount, { json: input });
}

/** Leaves a company (account management); the owner is refused with `owner_cannot_leave`. */
export async function leaveCompany(companyId: number, api: ApiClient = defaultApi): Promise<void> {
  await api.delete(settingsApiPaths.membership(companyId));
}

/** Every kind of notification with its type (in the app only, also by email, or not at all). */
export async function fetchNotificationTypes(api: ApiClient = defaultApi): Promise<NotificationTypeSetting[]> {
  return (await api.get(settingsApiPaths.notificationTypes, { schema: NotificationTypesResponse })).data.items;
}

/** Saves the given kinds' types; answers every kind's. */
export async function saveNotificationTypes(
  changes: UpdateNotificationTypesRequest,
  api: ApiClient = defaultApi,
): Promise<NotificationTypeSetting[]> {
  return (await api.put(settingsApiPaths.notificationTypes, { json: changes, schema: NotificationTypesResponse })).data.items;
}

export async function fetchContactInfo(api: ApiClient = defaultApi): Promise<ContactInfo> {
  return (await api.get(settingsApiPaths.contact, { schema: ContactInfoResponse })).data;
}

/** Saves every contact field and its audience; answers what was stored. */
export async function saveContactInfo(input: UpdateContactInfoRequest, api: ApiClient = defaultApi): Promise<ContactInfo> {
  return (await api.put(settingsApiPaths.contact, { json: input, schema: ContactInfoResponse })).data;
}

export async function fetchAddresses(api: ApiClient = defaultApi): Promise<AccountAddresses> {
  return (await api.get(settingsApiPaths.addresses, { schema: AccountAddressesResponse })).data;
}

/** Adds an email or phone after the current password (decision 235); a code is on its way to it. */
export async function addAddress(
  channel: CodeChannel,
  value: string,
  currentPassword: string,
  api: ApiClient = defaultApi,
): Promise<AddressCodeSent> {
  const path = channel === 'email' ? settingsApiPaths.emails : settingsApiPaths.phones;
  const json =
    channel === 'email' ? { email: value, current_password: currentPassword } : { phone: value, current_password: currentPassword };
  return (await api.post(path, { json, schema: AddressCodeSentResponse })).data;
}

export async function verifyAddress(id: number, code: string, api: ApiClient = defaultApi): Promise<AccountAddresses> {
  return (await api.post(settingsApiPaths.addressVerify(id), { json: { code }, schema: AccountAddressesResponse })).data;
}

export async function resendAddressCode(id: number, api: ApiClient = defaultApi): Promise<AddressCodeSent> {
  return (await api.post(settingsApiPaths.addressResend(id), { schema: AddressCodeSentResponse })).data;
}

/** Makes a verified address the one to sign in with; the current password confirms it. */
export async function makeAddressPrimary(id: number, currentPassword: string, api: ApiClient = defaultApi): Promise<AccountAddresses> {
  return (
    await api.post(settingsApiPaths.addressPrimary(id), { json: { current_password: currentPassword }, schema: AccountAddressesResponse })
  ).data;
}

/** Removes an added address; the current password confirms it (decision 235). */
export async function removeAddress(id: number, currentPassword: string, api: ApiClient = defaultApi): Promise<AccountAddresses> {
  return (await api.delete(settingsApiPaths.address(id), { json: { current_password: currentPassword }, schema: AccountAddressesResponse }))
    .data;
}
