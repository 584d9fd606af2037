// The latest entries of someone's activity, for the Activity card of their profile (the
// whole list is the /activities page). Islands read the atom and call the action.
import { atom } from 'nanostores';
import type { ActivityEntry } from '../../../contract/activities.ts';
import { fetchActivities } from '../api/activities-api.ts';

/** How many entries the profile's card shows. */
export const profileActivityCount = 3;

export interface ProfileActivityState {
  userId: number | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  items: ActivityEntry[];
}

export const $profileActivity = atom<ProfileActivityState>({ userId: null, status: 'idle', items: [] });

/** Loads the newest entries of `userId`; an answer for a person no longer shown is dropped. */
export async function loadProfileActivity(userId: number): Promise<void> {
  $profileActivity.set({ userId, status: 'loading', items: [] });
  try {
    const { items } = await fetchActivities({ user: userId, sort: 'newest', limit: profileActivityCount });
    if ($profileActivity.get().userId === userId)
      $profileActivity.set({ userId, status: 'ready', items: items.slice(0, profileActivityCount) });
  } catch (error) {
    if ($profileActivity.get().userId === userId) $profileActivity.set({ userId, status: 'failed', items: [] });
    throw error;
  }
}
