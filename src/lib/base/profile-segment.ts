// The user id a route's profile segment names (SPEC §6): the profile page's store and the activities
// page read it before any call, so it sits beside them, not in the transport.
import { HttpStatus } from '../../../contract/errors.ts';
import { parseProfileIdentifier } from '../../../contract/identifiers.ts';
import { ApiError } from './api-error.ts';
import { libText } from './lib-messages.ts';
import { $locale } from './page-locale.ts';

/** The user id a route's profile segment names; a 404 'Profile not found' ApiError when none (SPEC §6). */
export function userIdOfProfileSegment(profileId: string): number {
  const id = parseProfileIdentifier(profileId);
  if (id === undefined) {
    const message = libText($locale.get(), 'error.profileNotFound');
    throw new ApiError({ status: HttpStatus.notFound, method: 'GET', path: profileId, message, code: 'profile_not_found' });
  }
  return id;
}
