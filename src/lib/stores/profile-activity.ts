// The latest entries of someone's activity, for the Activity card of their profile (the whole list is
// the /activities page): a fetcher store of the one path (decision 236) under `activities/latest/{id}`.
// Islands read the store and call the action.
import { atom } from 'nanostores';
import type { ActivityEntry } from '../../../contract/activities.ts';
import { fetchActivities } from '../api/activities-api.ts';
import { readAgain, serverData } from './query.ts';

/** How many entries the profile's card shows. */
export const profileActivityCount = 3;

/** The person's newest entries, with whose they are (a card for another person shows nothing of them). */
interface ProfileActivity {
  userId: number;
  items: ActivityEntry[];
}

/** The person the card shows (their user id); null before one is shown. */
const $shownPerson = atom<string | null>(null);
const keyOf = (userId: number) => `activities/latest/${userId}`;

export const $profileActivity = serverData<ProfileActivity>(['activities/latest/', $shownPerson], async (_, id) => {
  const userId = Number(id);
  const { items } = await fetchActivities({ user: userId, sort: 'newest', limit: profileActivityCount });
  return { userId, items: items.slice(0, profileActivityCount) };
});

/**
 * Shows the newest entries of `userId` (read again when shown again); an answer for a person no longer
 * shown is dropped. Rejects with the read's failure.
 */
export function showProfileActivity(userId: number): Promise<ProfileActivity> {
  $shownPerson.set(String(userId));
  return readAgain($profileActivity, keyOf(userId));
}
