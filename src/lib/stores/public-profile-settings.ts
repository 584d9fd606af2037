// The public profile's settings (decision 208): the section reads the atom and calls these.
import type {
  PublicAddressAvailability,
  PublicProfileSettings,
  UpdatePublicProfileRequest,
} from '../../../contract/public-profile-schemas.ts';
import * as publicProfileApi from '../api/public-profile-api.ts';
import { put, readAgain, serverData } from './query.ts';

const settingsKey = 'me/public-profile';
/** The address, the switch, the sections shown and noindex (an address suggestion before the first save). */
export const $publicProfileSettings = serverData<PublicProfileSettings>(settingsKey, () => publicProfileApi.fetchPublicProfileSettings());
export const loadPublicProfileSettings = () => readAgain($publicProfileSettings);

/** Saves them; answers (and keeps) what was stored. */
export async function savePublicProfileSettings(input: UpdatePublicProfileRequest): Promise<PublicProfileSettings> {
  const saved = await publicProfileApi.savePublicProfileSettings(input);
  put(settingsKey, saved);
  return saved;
}

/** Whether the person may take `address`. */
export function checkPublicAddress(address: string): Promise<PublicAddressAvailability> {
  return publicProfileApi.checkPublicAddress(address);
}
