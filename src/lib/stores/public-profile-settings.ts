// The public profile's settings (decision 208): the section reads the atom and calls these.
import type {
  PublicAddressAvailability,
  PublicProfileSettings,
  UpdatePublicProfileRequest,
} from '../../../contract/public-profile-schemas.ts';
import * as publicProfileApi from '../api/public-profile-api.ts';
import { loadable } from './loadable.ts';

const settings = loadable<PublicProfileSettings>(() => publicProfileApi.fetchPublicProfileSettings());
/** The address, the switch, the sections shown and noindex (an address suggestion before the first save). */
export const $publicProfileSettings = settings.$state;
export const loadPublicProfileSettings = settings.load;

/** Saves them; answers (and keeps) what was stored. */
export async function savePublicProfileSettings(input: UpdatePublicProfileRequest): Promise<PublicProfileSettings> {
  const saved = await publicProfileApi.savePublicProfileSettings(input);
  settings.set(saved);
  return saved;
}

/** Whether the person may take `address`. */
export function checkPublicAddress(address: string): Promise<PublicAddressAvailability> {
  return publicProfileApi.checkPublicAddress(address);
}
