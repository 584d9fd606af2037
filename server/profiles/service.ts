// Reads of the profile and its extra record, shaped as the contract says (never raw rows).
import { and, eq, sql } from 'drizzle-orm';
import type { ProfileExtraResponse, ProfileResponse } from '../../contract/profile.ts';
import { visibleProfile, type Viewer } from '../../contract/profile-visibility.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import type { Db } from '../db/client.ts';
import { NotFoundError } from '../domain-errors.ts';
import { skills } from '../db/profile-schema.ts';
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

// The hot read (every page load asks for it; hardening issue, point 12): the database builds the
// answer's object itself, in one narrow query, so no ORM row mapping or per-column parsing runs per
// request (profiled: those cost more than the query). Dates come out as YYYY-MM-DD text.
const profileJson = (userId: number) => sql<{ body: ProfileResponse }>`
  select json_build_object(
    'user_id', p.user_id, 'first_name', p.first_name, 'last_name', p.last_name, 'country_id', p.country_id,
    'headline', p.headline, 'about', p.about, 'birth_date', p.birth_date, 'locale', u.locale,
    -- The skills section's names in its order: one source, so show and the page agree.
    'skills', (select coalesce(json_agg(s.name order by s.id), '[]'::json) from ${skills} s where s.user_id = p.user_id)
  ) as body
  from ${profiles} p join ${users} u on u.id = p.user_id
  where p.user_id = ${userId} and u.status = 'active'`;

/** The profile of `userId` as `viewer` may see it (contract/profile-visibility.ts). */
export async function getProfile(db: Db, userId: number, viewer: Viewer): Promise<ProfileResponse> {
  // Both drivers answer `{ rows }`; the query-result type is driver-specific, so name the shape.
  const result = (await db.execute(profileJson(userId))) as unknown as { rows: { body: ProfileResponse }[] };
  const body = result.rows[0]?.body;
  if (!body) throw new ProfileNotFoundError();
  return visibleProfile({ ...body, locale: localeOrDefault(body.locale) }, viewer);
}

function localeOrDefault(value: unknown): ProfileResponse['locale'] {
  return value === 'uk_UA' ? 'uk_UA' : 'en_GB';
}

/** The extra record as `viewer` may see it. */
export async function getProfileExtra(db: Db, userId: number, viewer: Viewer): Promise<ProfileExtraResponse> {
  const { profile, email, phone } = await loadActiveRow(db, userId);
  return visibleProfile(
    {
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
      open_to_work: profile.profileStatus === 'open_to_work',
      photo_url: profile.photoPath ? profileApiPaths.file(profile.photoPath) : null,
      cover_url: profile.coverPath ? profileApiPaths.file(profile.coverPath) : null,
    },
    viewer,
    profile.contactVisibility,
  );
}
