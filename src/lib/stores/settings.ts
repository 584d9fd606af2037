// The settings page's server data (issue 15): the active sessions, and the actions that change them.
// The island reads $sessions and calls these; it never calls a fetcher itself.
import { atom } from 'nanostores';
import type { ActiveSession, ChangePasswordRequest } from '../../../contract/settings.ts';
import { changePassword as putPassword, endOtherSessions, endSession, fetchSessions } from '../api/settings-api.ts';

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
    update({ items: await fetchSessions(), status: 'ready' });
  } catch (error) {
    update({ status: 'failed' });
    throw error;
  }
}

/** Signs one other device out. */
export async function signOutSession(id: number): Promise<void> {
  update({ ending: id });
  try {
    await endSession(id);
    update({ items: $sessions.get().items.filter((s) => s.id !== id) });
  } finally {
    update({ ending: null });
  }
}

/** Signs out every device but this one; answers how many. */
export async function signOutOtherSessions(): Promise<number> {
  update({ ending: 'others' });
  try {
    const ended = await endOtherSessions();
    update({ items: $sessions.get().items.filter((s) => s.current) });
    return ended;
  } finally {
    update({ ending: null });
  }
}

/** Changes the password; the other sessions have ended, so the list keeps only this one. */
export async function changePassword(input: ChangePasswordRequest): Promise<number> {
  const ended = await putPassword(input);
  if ($sessions.get().status === 'ready') update({ items: $sessions.get().items.filter((s) => s.current) });
  return ended;
}
