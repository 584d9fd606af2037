// Requests and answers of the public profile's settings (decision 208).
import { z } from 'zod';
import { messageRef } from './message-refs.ts';
import { publicAddressLimits, publicAddressProblem, publicProfileSections } from './public-profile.ts';

/**
 * A public page's address as typed: trimmed and lower-cased, then held to `problemOf`'s rules (the
 * people's, or the companies' with their own reserved words: contract/company-public-page.ts).
 */
export function publicAddressField(problemOf: (address: string) => 'format' | 'reserved' | undefined) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { error: messageRef('validation.required') })
    .max(publicAddressLimits.max, { error: messageRef('validation.tooLong', { maximum: publicAddressLimits.max }) })
    .superRefine((value, ctx) => {
      const problem = problemOf(value);
      if (problem === 'format') ctx.addIssue({ code: 'custom', message: messageRef('validation.publicAddress', publicAddressLimits) });
      if (problem === 'reserved') ctx.addIssue({ code: 'custom', message: messageRef('validation.publicAddressReserved') });
    });
}

/** A profile address as typed: trimmed and lower-cased, then held to the rules. */
export const PublicAddress = publicAddressField(publicAddressProblem);

export const PublicProfileSectionsSchema = z.strictObject(
  Object.fromEntries(publicProfileSections.map((section) => [section, z.boolean()])) as Record<
    (typeof publicProfileSections)[number],
    z.ZodBoolean
  >,
);

/** The settings card's save: the address, on or off, search engines, and what the page shows. */
export const UpdatePublicProfileRequest = z.strictObject({
  address: PublicAddress,
  is_public: z.boolean(),
  noindex: z.boolean(),
  sections: PublicProfileSectionsSchema,
});
export type UpdatePublicProfileRequest = z.infer<typeof UpdatePublicProfileRequest>;

/** What the card shows: the chosen address (null before the first save) or a suggestion from the name. */
export const PublicProfileSettings = z.object({
  address: z.string().nullable(),
  suggested_address: z.string(),
  is_public: z.boolean(),
  noindex: z.boolean(),
  sections: PublicProfileSectionsSchema,
});
export type PublicProfileSettings = z.infer<typeof PublicProfileSettings>;

export const PublicAddressAvailabilityQuery = z.object({ address: z.string().max(200) });

/** Whether an address may be taken by the one asking; `reason` when not. */
export const PublicAddressAvailability = z.object({
  address: z.string(),
  available: z.boolean(),
  reason: z.enum(['format', 'reserved', 'taken']).nullable(),
});
export type PublicAddressAvailability = z.infer<typeof PublicAddressAvailability>;
