// Profile calls (SPEC §7): own or another user's profile and extra record, typed by the contract.
import { z } from 'zod';
import { dataEnvelope } from '../../../contract/envelope.ts';
import { ProfileExtraResponse, ProfileResponse } from '../../../contract/profile.ts';
import { apiPaths } from '../../../contract/routes.ts';
import { libText } from '../base/lib-messages.ts';
import { $locale } from '../base/page-locale.ts';
import { ApiError } from '../base/api-error.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

// The envelope is checked first on its own, so a profile without user_id gets the SPEC §8 text
// instead of a schema error.
const LooseEnvelope = dataEnvelope(z.unknown());

function withUserData<T>(data: unknown, schema: z.ZodType<T>, path: string): T {
  const hasUser = typeof data === 'object' && data !== null && (data as { user_id?: unknown }).user_id != null;
  const message = libText($locale.get(), 'error.userDataUnavailable');
  if (!hasUser) throw new ApiError({ status: 0, method: 'GET', path, message });
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError({ status: 0, method: 'GET', path, message, cause: parsed.error });
  return parsed.data;
}

/** `GET /api/profile/show`, or `/show/{id}` when `userId` is given. */
export async function fetchProfile(userId?: number, api: ApiClient = defaultApi): Promise<ProfileResponse> {
  const path = userId === undefined ? apiPaths.profileShow : apiPaths.profileShowOf(userId);
  const answer = await api.get(path, { schema: LooseEnvelope });
  return withUserData(answer.data, ProfileResponse, path);
}

/** `GET /api/profile/show-extra`, or `/show-extra/{id}` when `userId` is given. */
export async function fetchProfileExtra(userId?: number, api: ApiClient = defaultApi): Promise<ProfileExtraResponse> {
  const path = userId === undefined ? apiPaths.profileShowExtra : apiPaths.profileShowExtraOf(userId);
  const answer = await api.get(path, { schema: LooseEnvelope });
  return withUserData(answer.data, ProfileExtraResponse, path);
}
