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
import { loadable } from './loadable.ts';

export interface SessionsState {
  items: ActiveSession[];
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** The session being signed out, or 'others'. */
  ending: number | 'others' | null;
}

const initial: SessionsState = { items: [], status: 'idle', ending: null };
export const $sessions = atom<SessionsState>(initial);

function update(change: Partial<SessionsState>): void {
  $sessions.set({ ...$sessions.get(), ...change });
}

export async function loadSessions(): Promise<void> {
  update({ status: 'loading' });
  try {
    update({ items: await settingsApi.fetchSessions(), status: 'ready' });
  } catch (error) {
    update({ status: 'failed' });
    throw error;
  }
}

/** Signs one other device out. */
export async function signOutSession(id: number): Promise<void> {
  update({ ending: id });
  try {
    await settingsApi.endSession(id);
    update({ items: $sessions.get().items.filter((s) => s.id !== id) });
  } finally {
    update({ ending: null });
  }
}

/** Signs out every device but this one; answers how many. */
export async function signOutOtherSessions(): Promise<number> {
  update({ ending: 'others' });
  try {
    const ended = await settingsApi.endOtherSessions();
    update({ items: $sessions.get().items.filter((s) => s.current) });
    return ended;
  } finally {
    update({ ending: null });
  }
}

/** Changes the password; the other sessions have ended, so the list keeps only this one. */
export async function changePassword(input: ChangePasswordRequest): Promise<number> {
  const ended = await settingsApi.changePassword(input);
  if ($sessions.get().status === 'ready') update({ items: $sessions.get().items.filter((s) => s.current) });
  return ended;
}

const contactInfo = loadable<ContactInfo>(() => settingsApi.fetchContactInfo());
/** The contact details of the Contact information section. */
export const $contactInfo = contactInfo.$state;
export const loadContactInfo = contactInfo.load;

export async function saveContactInfo(input: UpdateContactInfoRequest): Promise<ContactInfo> {
  const saved = await settingsApi.saveContactInfo(input);
  contactInfo.set(saved);
  return saved;
}

const notificationTypes = loadable<NotificationTypeSetting[]>(() => settingsApi.fetchNotificationTypes());
/** How each kind of notification reaches the person. */
export const $notificationTypes = notificationTypes.$state;
export const loadNotificationTypes = notificationTypes.load;

export async function saveNotificationTypes(input: UpdateNotificationTypesRequest): Promise<NotificationTypeSetting[]> {
  const saved = await settingsApi.saveNotificationTypes(input);
  notificationTypes.set(saved);
  return saved;
}

const addresses = loadable<AccountAddresses>(() => settingsApi.fetchAddresses());
/** The account's email addresses and phone numbers; every change answers the whole list. */
export const $addresses = addresses.$state;
export const loadAddresses = addresses.load;

/** Adds an address (unverified until its code comes back) and sends the code to it; the list follows. */
export async function addAddress(channel: CodeChannel, value: string, currentPassword: string): Promise<AddressCodeSent> {
  const sent = await settingsApi.addAddress(channel, value, currentPassword);
  void addresses.refresh().catch(() => undefined);
  return sent;
}

export async function verifyAddress(id: number, code: string): Promise<AccountAddresses> {
  const list = await settingsApi.verifyAddress(id, code);
  addresses.set(list);
  return list;
}

export async function resendAddressCode(id: number): Promise<AddressCodeSent> {
  return settingsApi.resendAddressCode(id);
}

export async function makeAddressPrimary(id: number, currentPassword: string): Promise<AccountAddresses> {
  const list = await settingsApi.makeAddressPrimary(id, currentPassword);
  addresses.set(list);
  return list;
}

export async function removeAddress(id: number, currentPassword: string): Promise<AccountAddresses> {
  const list = await settingsApi.removeAddress(id, currentPassword);
  addresses.set(list);
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

const companies = loadable<AccountCompany[]>(async () => (await fetchAccountStatus()).companies);
/** The companies the person belongs to, with their role (Account management). */
export const $accountCompanies = companies.$state;
export const loadAccountCompanies = companies.load;

/** Leaves a company (its owner cannot); the list follows. */
export async function leaveCompany(companyId: number): Promise<void> {
  await settingsApi.leaveCompany(companyId);
  companies.update((items) => items.filter((company) => company.id !== companyId));
}
