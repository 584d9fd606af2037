// The profile as the profile calls return it (SPEC §3, §7).
import { z } from 'zod';
import { DateValue } from './envelope.ts';
import { Locale } from './locale-schema.ts';
import { ProfileStatus } from './profile-status.ts';

/** Default country when the person has not chosen one (SPEC §9). */
export const defaultCountryId = 1;

/** `GET /api/profile/show` and `GET /api/profile/show/{identifier}`. */
export const ProfileResponse = z.object({
  user_id: z.number().int().positive(),
  first_name: z.string(),
  last_name: z.string(),
  country_id: z.number().int().positive().default(defaultCountryId),
  headline: z.string().nullable(),
  about: z.string().nullable(),
  /** The names in the skills section, in its order (null when hidden from the viewer). */
  skills: z.array(z.string()).nullable().default(null),
  birth_date: DateValue.nullable(),
  locale: Locale,
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** The person's postal address and citizenship as answered: in the profile's extra labels and in the settings' contact info. */
export const postalAddressFields = {
  address: z.string().nullable(),
  address_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  citizenship_country_id: z.number().int().positive().nullable(),
};

/** `GET /api/profile/show-extra`: the further profile labels of SPEC §3. */
export const ProfileExtraResponse = z.object({
  user_id: z.number().int().positive(),
  title: z.string().nullable(),
  profile_status: ProfileStatus.nullable(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  time_zone: z.string().nullable(),
  ...postalAddressFields,
  website: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  primary_email: z.string().nullable(),
  primary_phone: z.string().nullable(),
  current_position: z.string().nullable(),
  /** True when the profile status is 'open_to_work' (kept for clients that read only this). */
  open_to_work: z.boolean(),
  photo_url: z.string().nullable(),
  cover_url: z.string().nullable(),
});
export type ProfileExtraResponse = z.infer<typeof ProfileExtraResponse>;

/** A profile identifier in a path. Anything that is not a user id answers 404 'Profile not found'. */
export const ProfileIdentifierParams = z.object({
  identifier: z.string().max(64),
});
