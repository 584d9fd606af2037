// The locale as a schema, for request and response contracts.
import { z } from 'zod';
import { locales } from './locale.ts';

export const Locale = z.enum(locales);
export type Locale = z.infer<typeof Locale>;
