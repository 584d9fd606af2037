// Settings calls (issue 15): the password change and the active sessions. Typed by contract/settings.ts.
import {
  PasswordChangedResponse,
  SessionListResponse,
  SessionsEndedResponse,
  settingsApiPaths,
  type ActiveSession,
  type ChangePasswordRequest,
} from '../../../contract/settings.ts';
import { api as defaultApi } from './client.ts';
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
