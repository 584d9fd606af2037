// The profiles the page shows (SPEC §4, §6): the signed-in user's own and, under a profile prefix,
// the viewed one. `loadHomeProfiles` is the home page's step that fetches them.
import { atom } from 'nanostores';
import type { ProfileResponse } from '../../../contract/profile.ts';
import { fetchProfile, userIdOfProfileSegment } from '../api/profile-api.ts';
import type { ApiClient } from '../api/request.ts';
import type { SitePath } from '../site-path.ts';
import { followProfileLocale } from './locale.ts';

/** A value being fetched. */
export type Loadable<T> =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; value: T }
  | { state: 'failed'; error: unknown };

/** The signed-in user's profile. */
export const $ownProfile = atom<Loadable<ProfileResponse>>({ state: 'idle' });

/** The profile the route shows: the own one without a prefix, else the one the prefix names. */
export const $currentProfile = atom<Loadable<ProfileResponse>>({ state: 'idle' });

/**
 * Fetches the own profile and the route's profile, then follows the shown profile's locale.
 * Rejects with a 404 ApiError 'Profile not found' when the prefix names no user id.
 */
export async function loadHomeProfiles(path: SitePath, api?: ApiClient): Promise<ProfileResponse> {
  $ownProfile.set({ state: 'loading' });
  $currentProfile.set({ state: 'loading' });
  try {
    const viewedId = path.profileId === undefined ? undefined : userIdOfProfileSegment(path.profileId);
    const own = await fetchProfile(undefined, api);
    $ownProfile.set({ state: 'ready', value: own });
    const shown = viewedId === undefined || viewedId === own.user_id ? own : await fetchProfile(viewedId, api);
    $currentProfile.set({ state: 'ready', value: shown });
    followProfileLocale(shown.locale, shown === own);
    return shown;
  } catch (error) {
    if ($ownProfile.get().state === 'loading') $ownProfile.set({ state: 'failed', error });
    $currentProfile.set({ state: 'failed', error });
    throw error;
  }
}
