// Reads of the profile and its extra record, shaped as the contract says (never raw rows).
import { and, eq } from 'drizzle-orm';
import type { ProfileExtraResponse, ProfileResponse } from '../../contract/profile.ts';
import { Locale } from '../../contract/locale-schema.ts';
import { visibleProfile, type Viewer } from '../../contract/profile-visibility.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import type { Db } from '../db/client.ts';
import { NotFoundError } from '../domain-errors.ts';
import { profiles, users } from '../db/schema.ts';

/** SPEC §8: 'Profile not found' (a closed account's profile too). */
export class ProfileNotFoundError extends NotFoundError {
  constructor() {
    super('Profile not found', 'profile_not_found');
  }
}

/** One query: the profile with its account, only while the account is active. */
async function loadActiveRow(db: Db, userId: number) {
  const [row] = await db
    .select({ profile: profiles, email: users.email, phone: users.phone, locale: users.locale })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    // A closed account is not shown to anyone (SPEC §4).
    .where(and(eq(profiles.userId, userId), eq(users.status, 'active')))
    .limit(1);
  if (!row) throw new ProfileNotFoundError();
  return row;
}

/** Who `viewerId` is to the profile of `userId`. */
export function viewerOf(userId: number, viewerId: number | undefined): Viewer {
  if (viewerId === undefined) return 'anonymous';
  return viewerId === userId ? 'owner' : 'signed_in';
}

/** The profile of `userId` as `viewer` may see it (contract/profile-visibility.ts). */
export async function getProfile(db: Db, userId: number, viewer: Viewer): Promise<ProfileResponse> {
  const { profile, locale } = await loadActiveRow(db, userId);
  return visibleProfile({
    user_id: profile.userId,
    first_name: profile.firstName,
    last_name: profile.lastName,
    country_id: profile.countryId,
    headline: profile.headline,
    about: profile.about,
    skills: profile.skills ?? null,
    birth_date: profile.birthDate,
    locale: Locale.catch('en_GB').parse(locale),
  }, viewer);
}

/** The extra record as `viewer` may see it. */
export async function getProfileExtra(db: Db, userId: number, viewer: Viewer): Promise<ProfileExtraResponse> {
  const { profile, email, phone } = await loadActiveRow(db, userId);
  return visibleProfile({
    user_id: profile.userId,
    title: profile.title,
    profile_status: profile.profileStatus,
    description: profile.description,
    location: profile.location,
    time_zone: profile.timeZone,
    address: profile.address,
    address_2: profile.address2,
    city: profile.city,
    state: profile.state,
    postal_code: profile.postalCode,
    citizenship_country_id: profile.citizenshipCountryId,
    website: profile.website,
    contact_phone: profile.contactPhone,
    contact_email: profile.contactEmail,
    primary_email: email,
    primary_phone: phone,
    current_position: profile.currentPosition,
    open_to_work: profile.openToWork,
    photo_url: profile.photoPath ? profileApiPaths.file(profile.photoPath) : null,
    cover_url: profile.coverPath ? profileApiPaths.file(profile.coverPath) : null,
  }, viewer);
}
