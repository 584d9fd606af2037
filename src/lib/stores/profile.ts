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
import { userIdOfProfileSegment } from '../base/profile-segment.ts';
import * as pageApi from '../api/profile-page-api.ts';
import type { ApiClient, UploadHandle } from '../api/request.ts';
import { removeProfileImage, startUpload } from '../api/upload.ts';
import { unmarkNavigation } from '../base/shell-nav.ts';
import { setPageTitle } from '../base/document-title.ts';
import { buildSitePath, type SitePath } from '../base/site-path.ts';
import { setPersonalFromProfile } from './accounts.ts';
import { $locale, followProfileLocale } from './locale.ts';
import { myJobsKey, put, readAgain, serverData } from './query.ts';

/**
 * The key the profile page is read under: the own page under the person's own keys (their jobs'
 * news names it too: the page lists their jobs), another person's under theirs; null before the
 * route is known.
 */
const $pageKey = atom<string | null>(null);
/** The own profile page's key. */
export const ownPageKey = `${myJobsKey}/profile-page`;
/** The transport the page step was given (a test's); the app's own otherwise. */
let client: ApiClient | undefined;

/** The page the route shows: the own one without a prefix, else the one the prefix names. */
export const $profilePage = serverData<ProfilePage>([$pageKey], async (key) => {
  const viewedId = key === ownPageKey ? undefined : Number(String(key).slice('profile/'.length));
  return showing(await pageApi.fetchProfilePage(viewedId, client));
});

/** Whether the reader's own profile is wanted ('', no more to the key) or not (null): only on another person's page. */
const $ownProfileWanted = atom<'' | null>(null);
/**
 * The signed-in reader's own profile, read only on another person's page: its locale is the reader's
 * language, which the note on a followed profile offers (decision 061). On the own page nothing is read.
 */
export const $ownProfile = serverData<ProfileResponse>(['me/profile', $ownProfileWanted], () => fetchProfile(undefined, client));

/** What a page answered says beyond itself: the own page names the person in the menu, another person's the tab. */
function showing(page: ProfilePage): ProfilePage {
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

/** A write answered the page: it shows at once. */
function settle(page: ProfilePage): ProfilePage {
  const key = $pageKey.get();
  if (key) put(key, showing(page));
  return page;
}

/**
 * The home page's step: reads the route's page once, then follows its locale (SPEC §4). Rejects with
 * a 404 ApiError when the prefix names no user id or no profile.
 */
export async function loadHomeProfiles(path: SitePath, api?: ApiClient): Promise<ProfilePage> {
  client = api;
  $ownProfileWanted.set(null);
  $pageKey.set(null);
  const viewedId = path.profileId === undefined ? undefined : userIdOfProfileSegment(path.profileId);
  const key = viewedId === undefined ? ownPageKey : `profile/${viewedId}`;
  $pageKey.set(key);
  const page = await readAgain($profilePage, key);
  if (followProfileLocale(page.locale, page.is_owner)) return page;
  if (!page.is_owner) {
    $ownProfileWanted.set('');
    // Without it the note stays hidden; the page itself is fine.
    await readAgain($ownProfile, 'me/profile').catch(() => undefined);
  }
  return page;
}

/** Reads the own page again (after an upload, which answers no page). */
export function refreshOwnPage(api?: ApiClient): Promise<ProfilePage> {
  client = api;
  $pageKey.set(ownPageKey);
  return readAgain($profilePage, ownPageKey);
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

export type { UploadHandle };

/**
 * Starts uploading a photo, cover or media file with its progress; `cancel` stops it (the handle's
 * promise then rejects with UploadCancelledError). A file over the kind's limit fails at once.
 */
export function uploadProfileFile(kind: UploadKind, file: File, onProgress: (fraction: number) => void): UploadHandle<MediaFile> {
  return startUpload(kind, file, onProgress);
}
