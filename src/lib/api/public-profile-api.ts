// The public profile's settings calls (decision 208). Typed by contract/public-profile-schemas.ts.
import { dataEnvelope } from '../../../contract/envelope.ts';
import { publicProfileApiPaths } from '../../../contract/public-profile.ts';
import {
  PublicAddressAvailability,
  PublicProfileSettings,
  type UpdatePublicProfileRequest,
} from '../../../contract/public-profile-schemas.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

const SettingsResponse = dataEnvelope(PublicProfileSettings);
const AvailabilityResponse = dataEnvelope(PublicAddressAvailability);

/** The signed-in person's public profile settings (an address suggestion before the first save). */
export async function fetchPublicProfileSettings(api: ApiClient = defaultApi): Promise<PublicProfileSettings> {
  return (await api.get(publicProfileApiPaths.settings, { schema: SettingsResponse })).data;
}

/** Saves the address, the switch, the sections and noindex; answers what was stored. */
export async function savePublicProfileSettings(
  input: UpdatePublicProfileRequest,
  api: ApiClient = defaultApi,
): Promise<PublicProfileSettings> {
  return (await api.put(publicProfileApiPaths.settings, { json: input, schema: SettingsResponse })).data;
}

/** Whether the person may take `address`. */
export async function checkPublicAddress(address: string, api: ApiClient = defaultApi): Promise<PublicAddressAvailability> {
  return (await api.get(publicProfileApiPaths.availability, { query: { address }, schema: AvailabilityResponse })).data;
}
