// Who may read each field of a profile (hardening issue, point 3): one rule per field, applied by
// every read path (`/api/profile/show…`, `/api/profile/page…`), so no endpoint can show a field
// another one hides. Plain data and functions, no zod: any page may import it.
import type { ProfilePage } from './profile-sections.ts';
import type { ProfileExtraResponse, ProfileResponse } from './profile.ts';

/** The owner only; every signed-in person; anyone, signed in or not. */
export type Audience = 'owner' | 'signed_in' | 'everyone';
/** Who is reading: the profile's owner, another signed-in person, or an anonymous visitor. */
export type Viewer = 'owner' | 'signed_in' | 'anonymous';

type ProfileField = keyof ProfileResponse | keyof ProfileExtraResponse | keyof ProfilePage;

/** The audience of every field any profile read returns. A new field must be placed here to type-check. */
export const profileFieldAudience = {
  user_id: 'everyone',
  is_owner: 'everyone',
  locale: 'everyone',
  first_name: 'everyone',
  last_name: 'everyone',
  photo_url: 'everyone',
  headline: 'signed_in',
  about: 'signed_in',
  country_id: 'signed_in',
  skills: 'signed_in',
  title: 'signed_in',
  profile_status: 'signed_in',
  description: 'signed_in',
  current_position: 'signed_in',
  open_to_work: 'signed_in',
  cover_url: 'signed_in',
  location: 'signed_in',
  city: 'signed_in',
  state: 'signed_in',
  citizenship_country_id: 'signed_in',
  time_zone: 'signed_in',
  website: 'signed_in',
  // Contact details the person chose to publish on the profile.
  contact_phone: 'signed_in',
  contact_email: 'signed_in',
  employments: 'signed_in',
  jobs: 'signed_in',
  languages: 'signed_in',
  educations: 'signed_in',
  certifications: 'signed_in',
  projects: 'signed_in',
  recommendations: 'signed_in',
  // Personal data: the date of birth, the home address and the account's own sign-in email and phone.
  birth_date: 'owner',
  address: 'owner',
  address_2: 'owner',
  postal_code: 'owner',
  primary_email: 'owner',
  primary_phone: 'owner',
} as const satisfies Record<ProfileField, Audience>;

/** The audiences a person may choose for a contact field (settings, 'who may see each'). */
export const audiences = ['owner', 'signed_in', 'everyone'] as const satisfies readonly Audience[];

/**
 * The contact fields whose audience the person chooses in the settings (decision
 * 153); `address_2` follows `address`. Without a choice each keeps its audience above.
 */
export const contactVisibilityFields = [
  'address',
  'city',
  'state',
  'postal_code',
  'citizenship_country_id',
  'time_zone',
  'contact_phone',
  'contact_email',
] as const;
export type ContactVisibilityField = (typeof contactVisibilityFields)[number];
export type ContactVisibility = Record<ContactVisibilityField, Audience>;

/** The audiences of the contact fields before the person chooses. */
export const defaultContactVisibility: ContactVisibility = Object.fromEntries(
  contactVisibilityFields.map((field) => [field, profileFieldAudience[field]]),
) as ContactVisibility;

/** The chosen field whose audience `field` follows, if the person may choose it. */
function chosenFieldOf(field: string): ContactVisibilityField | undefined {
  if (field === 'address_2') return 'address';
  return (contactVisibilityFields as readonly string[]).includes(field) ? (field as ContactVisibilityField) : undefined;
}

const rank: Record<Audience | Viewer, number> = { everyone: 0, anonymous: 0, signed_in: 1, owner: 2 };

/** Whether `viewer` may read a field meant for `audience`. */
export function mayRead(audience: Audience, viewer: Viewer): boolean {
  return rank[viewer] >= rank[audience];
}

/**
 * `record` as `viewer` may see it: each field its viewer may not read becomes null (a list becomes
 * empty, a flag false), so the shape stays what the contract says. Unknown fields throw: every
 * field needs a rule. `chosen` is the person's own choice for their contact fields (null: none).
 */
export function visibleProfile<T extends Partial<Record<ProfileField, unknown>>>(
  record: T,
  viewer: Viewer,
  chosen?: Partial<ContactVisibility> | null,
): T {
  const out: Record<string, unknown> = { ...record };
  for (const [field, value] of Object.entries(record)) {
    const chosenField = chosenFieldOf(field);
    const pick = chosenField ? chosen?.[chosenField] : undefined;
    // Only a known audience counts: a stored value from elsewhere never widens who reads a field.
    const audience =
      pick && (audiences as readonly string[]).includes(pick)
        ? pick
        : (profileFieldAudience as Record<string, Audience | undefined>)[field];
    if (audience === undefined) throw new Error(`profile field ${field} has no visibility rule`);
    if (mayRead(audience, viewer)) continue;
    out[field] = Array.isArray(value) ? [] : typeof value === 'boolean' ? false : null;
  }
  return out as T;
}
