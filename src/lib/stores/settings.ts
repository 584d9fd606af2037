// The settings page's server data: the active sessions, the contact details, the kinds of
// notifications, the sign-in addresses, the companies the person belongs to, and the actions that
// change them. The sections read the atoms
// and call these; they never call a fetcher themselves (decision 214).
import { atom } from 'nanostores';
import type { AccountCompany, CodeChannel } from '../../../contract/auth.ts';
import type {
  AccountAddresses,
  ActiveSession,
  AddressCodeSent,
  ChangePasswordRequest,
  CloseAccountRequest,
  ContactInfo,
  NotificationTypeSetting,
  UpdateContactInfoRequest,
  UpdateNotificationTypesRequest,
} from '../../../contract/settings.ts';
import { fetchAccountStatus } from '../api/accounts-api.ts';
import * as settingsApi from '../api/settings-api.ts';
import { change, put, readAgain, refresh, serverData } from './query.ts';

const sessionsKey = 'me/sessions';
/** The account's active sessions, this one among them. */
export const $sessions = serverData<ActiveSession[]>(sessionsKey, () => settingsApi.fetchSessions());
/** The session being signed out, or 'others'. */
export const $endingSession = atom<number | 'others' | null>(null);

export const loadSessions = () => readAgain($sessions);

/** Signs one other device out. */
export async function signOutSession(id: number): Promise<void> {
  $endingSession.set(id);
  try {
    await settingsApi.endSession(id);
    change<ActiveSession[]>(sessionsKey, (items) => items.filter((s) => s.id !== id));
  } finally {
    $endingSession.set(null);
  }
}

/** Signs out every device but this one; answers how many. */
export async function signOutOtherSessions(): Promise<number> {
  $endingSession.set('others');
  try {
    const ended = await settingsApi.endOtherSessions();
    change<ActiveSession[]>(sessionsKey, (items) => items.filter((s) => s.current));
    return ended;
  } finally {
    $endingSession.set(null);
  }
}

/** Changes the password; the other sessions have ended, so the list keeps only this one. */
export async function changePassword(input: ChangePasswordRequest): Promise<number> {
  const ended = await settingsApi.changePassword(input);
  change<ActiveSession[]>(sessionsKey, (items) => items.filter((s) => s.current));
  return ended;
}

const contactKey = 'me/settings/contact';
/** The contact details of the Contact information section. */
export const $contactInfo = serverData<ContactInfo>(contactKey, () => settingsApi.fetchContactInfo());
export const loadContactInfo = () => readAgain($contactInfo);

export async function saveContactInfo(input: UpdateContactInfoRequest): Promise<ContactInfo> {
  const saved = await settingsApi.saveContactInfo(input);
  put(contactKey, saved);
  return saved;
}

const notificationTypesKey = 'me/settings/notification-types';
/** How each kind of notification reaches the person. */
export const $notificationTypes = serverData<NotificationTypeSetting[]>(notificationTypesKey, () => settingsApi.fetchNotificationTypes());
export const loadNotificationTypes = () => readAgain($notificationTypes);

export async function saveNotificationTypes(input: UpdateNotificationTypesRequest): Promise<NotificationTypeSetting[]> {
  const saved = await settingsApi.saveNotificationTypes(input);
  put(notificationTypesKey, saved);
  return saved;
}

const addressesKey = 'me/settings/addresses';
/** The account's email addresses and phone numbers; every change answers the whole list. */
export const $addresses = serverData<AccountAddresses>(addressesKey, () => settingsApi.fetchAddresses());
export const loadAddresses = () => readAgain($addresses);

/** Adds an address (unverified until its code comes back) and sends the code to it; the list follows. */
export async function addAddress(channel: CodeChannel, value: string, currentPassword: string): Promise<AddressCodeSent> {
  const sent = await settingsApi.addAddress(channel, value, currentPassword);
  refresh(addressesKey).catch(() => undefined);
  return sent;
}

export async function verifyAddress(id: number, code: string): Promise<AccountAddresses> {
  const list = await settingsApi.verifyAddress(id, code);
  put(addressesKey, list);
  return list;
}

export async function resendAddressCode(id: number): Promise<AddressCodeSent> {
  return settingsApi.resendAddressCode(id);
}

export async function makeAddressPrimary(id: number, currentPassword: string): Promise<AccountAddresses> {
  const list = await settingsApi.makeAddressPrimary(id, currentPassword);
  put(addressesKey, list);
  return list;
}

export async function removeAddress(id: number, currentPassword: string): Promise<AccountAddresses> {
  const list = await settingsApi.removeAddress(id, currentPassword);
  put(addressesKey, list);
  return list;
}

/** Closes the account (the server ends every session; the page follows where the closure leads). */
export async function closeAccount(input: CloseAccountRequest): Promise<void> {
  await settingsApi.closeAccount(input);
}

/** Saves the file of everything the account holds. */
export async function downloadDataExport(): Promise<void> {
  await settingsApi.downloadDataExport();
}

const companiesKey = 'me/settings/companies';
/** The companies the person belongs to, with their role (Account management). */
export const $accountCompanies = serverData<AccountCompany[]>(companiesKey, async () => (await fetchAccountStatus()).companies);
export const loadAccountCompanies = () => readAgain($accountCompanies);

/** Leaves a company (its owner cannot); the list follows. */
export async function leaveCompany(companyId: number): Promise<void> {
  await settingsApi.leaveCompany(companyId);
  change<AccountCompany[]>(companiesKey, (items) => items.filter((company) => company.id !== companyId));
}
