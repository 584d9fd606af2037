// The profile page's data (SPEC §4, §6): the page the route shows, filled by the
// bootstrap's home step with one read, and the actions that change it. Every write answers the fresh
// page (decision 031), which replaces the store's value; islands read with useStore and call these.
import { atom } from 'nanostores';
import type { ImportRequest } from '../../../contract/json-resume-import.ts';
import type { ProfileResponse } from '../../../contract/profile.ts';
import type {
  MediaFile,
  ProfileImageKind,
  ProfilePage,
  SectionName,
  UpdateProfileRequest,
  UploadKind,
} from '../../../contract/profile-sections.ts';
import { fetchProfile } from '../api/profile-api.ts';
import { userIdOfProfileSegment } from '../profile-segment.ts';
import * as pageApi from '../api/profile-page-api.ts';
import type { ApiClient, UploadHandle } from '../api/request.ts';
import { removeProfileImage, startUpload } from '../api/upload.ts';
import { unmarkNavigation } from '../shell-nav.ts';
import { setPageTitle } from '../document-title.ts';
import { buildSitePath, type SitePath } from '../site-path.ts';
import { setPersonalFromProfile } from './accounts.ts';
import { followJobChanges } from './job-changes.ts';
import { $locale, followProfileLocale } from './locale.ts';

/** A value being fetched. */
export type Loadable<T> = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; error: unknown };

/** The page the route shows: the own one without a prefix, else the one the prefix names. */
export const $profilePage = atom<Loadable<ProfilePage>>({ state: 'idle' });

/**
 * The signed-in reader's own profile, read only on another person's page: its locale is the reader's
 * language, which the note on a followed profile offers (decision 061). On the own page it stays idle.
 */
export const $ownProfile = atom<Loadable<ProfileResponse>>({ state: 'idle' });

function settle(page: ProfilePage): ProfilePage {
  $profilePage.set({ state: 'ready', value: page });
  // The own page also names the person in the profile menu, and keeps its photo current there.
  if (page.is_owner) setPersonalFromProfile(page, buildSitePath({ locale: $locale.get(), profileId: undefined, page: '/' }));
  // Another person's page carries their name in the tab, not 'Home', and the
  // navigation marks no section of the reader's own.
  else {
    setPageTitle([page.first_name, page.last_name].filter(Boolean).join(' '));
    unmarkNavigation();
  }
  return page;
}

/**
 * The home page's step: reads the route's page once, then follows its locale (SPEC §4). Rejects with
 * a 404 ApiError when the prefix names no user id or no profile.
 */
export async function loadHomeProfiles(path: SitePath, api?: ApiClient): Promise<ProfilePage> {
  $profilePage.set({ state: 'loading' });
  let page: ProfilePage;
  try {
    const viewedId = path.profileId === undefined ? undefined : userIdOfProfileSegment(path.profileId);
    page = settle(await pageApi.fetchProfilePage(viewedId, api));
  } catch (error) {
    $profilePage.set({ state: 'failed', error });
    throw error;
  }
  if (followProfileLocale(page.locale, page.is_owner)) return page;
  if (!page.is_owner) {
    $ownProfile.set({ state: 'loading' });
    try {
      $ownProfile.set({ state: 'ready', value: await fetchProfile(undefined, api) });
    } catch (error) {
      // Without it the note stays hidden; the page itself is fine.
      $ownProfile.set({ state: 'failed', error });
    }
  }
  return page;
}

/** Reads the own page again (after an upload, which answers no page). */
export async function refreshOwnPage(api?: ApiClient): Promise<ProfilePage> {
  return settle(await pageApi.fetchProfilePage(undefined, api));
}

export async function saveHeader(input: UpdateProfileRequest): Promise<ProfilePage> {
  return settle(await pageApi.saveProfileHeader(input));
}

/** Adds an entry (no `id`) or changes one. */
export async function saveEntry(section: SectionName, input: Record<string, unknown>, id?: number): Promise<ProfilePage> {
  return settle(await pageApi.saveSectionItem(section, input, id));
}

export async function deleteEntry(section: SectionName, id: number): Promise<ProfilePage> {
  return settle(await pageApi.deleteSectionItem(section, id));
}

export async function endorseSkill(skillId: number, endorsed: boolean): Promise<ProfilePage> {
  return settle(await pageApi.setEndorsement(skillId, endorsed));
}

export async function recommend(userId: number, text: string): Promise<ProfilePage> {
  return settle(await pageApi.writeRecommendation(userId, text));
}

export async function decideOnRecommendation(id: number, status: 'accepted' | 'declined'): Promise<ProfilePage> {
  return settle(await pageApi.decideRecommendation(id, status));
}

export async function importIntoProfile(plan: ImportRequest): Promise<ProfilePage> {
  return settle(await pageApi.importResume(plan));
}

export async function removeImage(image: ProfileImageKind): Promise<ProfilePage> {
  await removeProfileImage(image);
  return refreshOwnPage();
}

// Live: the own page's employment section follows the person's jobs as companies
// hire, confirm, change or end them.
followJobChanges(() => {
  const page = $profilePage.get();
  return page.state === 'ready' && page.value.is_owner ? refreshOwnPage() : undefined;
});

export type { UploadHandle };

/**
 * Starts uploading a photo, cover or media file with its progress; `cancel` stops it (the handle's
 * promise then rejects with UploadCancelledError). A file over the kind's limit fails at once.
 */
export function uploadProfileFile(kind: UploadKind, file: File, onProgress: (fraction: number) => void): UploadHandle<MediaFile> {
  return startUpload(kind, file, onProgress);
}
