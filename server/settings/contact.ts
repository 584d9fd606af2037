// Contact info (settings; decision 153): the address, citizenship, time zone,
// contact phone and email on the profile row, and who may see each. Every profile read applies the
// choice (contract/profile-visibility.ts `visibleProfile`).
import { eq } from 'drizzle-orm';
import { defaultContactVisibility, type ContactVisibility } from '../../contract/profile-visibility.ts';
import type { ContactInfo, UpdateContactInfoRequest } from '../../contract/settings.ts';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { profiles } from '../db/schema.ts';
import { NotFoundError } from '../domain-errors.ts';

type ContactInput = z.output<typeof UpdateContactInfoRequest>;

/** The person's contact info with every field's audience (the defaults where they never chose). */
export async function contactInfoOf(db: Db, userId: number): Promise<ContactInfo> {
  const [row] = await db
    .select({
      address: profiles.address,
      address2: profiles.address2,
      city: profiles.city,
      state: profiles.state,
      postalCode: profiles.postalCode,
      citizenshipCountryId: profiles.citizenshipCountryId,
      timeZone: profiles.timeZone,
      contactPhone: profiles.contactPhone,
      contactEmail: profiles.contactEmail,
      visibility: profiles.contactVisibility,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!row) throw new NotFoundError();
  const visibility: ContactVisibility = { ...defaultContactVisibility, ...(row.visibility ?? {}) };
  return {
    address: row.address,
    address_2: row.address2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    citizenship_country_id: row.citizenshipCountryId,
    time_zone: row.timeZone,
    contact_phone: row.contactPhone,
    contact_email: row.contactEmail,
    visibility,
  };
}

/** Stores every contact field and its audience; answers what is stored. */
export async function setContactInfo(db: Db, userId: number, input: ContactInput, now: Date): Promise<ContactInfo> {
  const updated = await db
    .update(profiles)
    .set({
      address: input.address,
      address2: input.address_2,
      city: input.city,
      state: input.state,
      postalCode: input.postal_code,
      citizenshipCountryId: input.citizenship_country_id,
      timeZone: input.time_zone,
      contactPhone: input.contact_phone,
      contactEmail: input.contact_email,
      contactVisibility: input.visibility,
      updatedAt: now,
    })
    .where(eq(profiles.userId, userId))
    .returning({ userId: profiles.userId });
  if (!updated.length) throw new NotFoundError();
  return contactInfoOf(db, userId);
}
