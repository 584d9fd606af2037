// Settings (SPEC §2 'Settings', §5 password messages; issue 15): the password change, the list of
// active sessions and signing them out. Imports only zod and other contract files.
import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { currentPassword, newPassword, passwordConfirmation, passwordsMatch } from './validation.ts';

export const settingsApiPaths = {
  password: '/api/settings/password',
  sessions: '/api/settings/sessions',
  session: (id: number | string) => `/api/settings/sessions/${id}`,
  dataExport: '/api/settings/export',
  closeAccount: '/api/settings/close-account',
  /** DELETE: the caller leaves that company (account management). */
  membership: (companyId: number | string) => `/api/settings/companies/${companyId}`,
} as const;

/** The settings sections, in the order the page lists them; each is deep-linkable as `/settings#<id>`. */
export const settingsSections = ['security', 'language', 'accounts', 'close'] as const;
export type SettingsSection = (typeof settingsSections)[number];

/** `PUT /api/settings/password`: SPEC §5's messages for each field; every other session ends. */
export const ChangePasswordRequest = z
  .object({
    current_password: currentPassword(),
    password: newPassword(),
    password_confirmation: passwordConfirmation(),
  })
  .refine(...passwordsMatch('password', 'password_confirmation'));
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const PasswordChanged = z.object({
  /** How many other sessions the change ended. */
  ended_sessions: z.number().int().min(0),
});
export const PasswordChangedResponse = dataEnvelope(PasswordChanged);
export type PasswordChanged = z.infer<typeof PasswordChanged>;

/** One signed-in device. `browser` and `os` are product names read from its User-Agent, or null. */
export const ActiveSession = z.object({
  id: z.number().int().positive(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** A phone or tablet, as far as the User-Agent tells. */
  mobile: z.boolean(),
  last_used_at: z.string(),
  created_at: z.string(),
  /** The session this request came with ('This device'). */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSession>;

/** `GET /api/settings/sessions`: most recently used first. */
export const SessionList = z.object({ items: z.array(ActiveSession) });
export type SessionList = z.infer<typeof SessionList>;
export const SessionListResponse = dataEnvelope(SessionList);

/** `DELETE /api/settings/sessions/{id}`. */
export const SessionParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** `DELETE /api/settings/sessions`: every session but this one ended. */
export const SessionsEnded = z.object({ ended_sessions: z.number().int().min(0) });
export const SessionsEndedResponse = dataEnvelope(SessionsEnded);
export type SessionsEnded = z.infer<typeof SessionsEnded>;

/** `POST /api/settings/close-account`: the password confirms it is the person. */
export const CloseAccountRequest = z.object({ current_password: currentPassword() });
export type CloseAccountRequest = z.infer<typeof CloseAccountRequest>;

/** The file name the full data export downloads as. */
export const dataExportFileName = 'profiles-data.json';

/** `DELETE /api/settings/companies/{companyId}`. */
export const MembershipParams = z.object({ companyId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
