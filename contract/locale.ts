// The two interface languages (SPEC §1, §9).
import { z } from 'zod';

export const locales = ['en_GB', 'uk_UA'] as const;
export const Locale = z.enum(locales);
export type Locale = z.infer<typeof Locale>;
export const defaultLocale: Locale = 'en_GB';
