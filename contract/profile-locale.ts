// The interface language a person keeps with their profile (SPEC §4, §9): saved when they switch
// language while signed in, so the choice follows them to every device.
import { z } from 'zod';
import { Locale } from './locale-schema.ts';

/** `PUT /api/profile/locale`. */
export const UpdateLocaleRequest = z.object({ locale: Locale });
export type UpdateLocaleRequest = z.infer<typeof UpdateLocaleRequest>;

export const LocaleResponse = z.object({ locale: Locale });
export type LocaleResponse = z.infer<typeof LocaleResponse>;
