// The CV download's query (decision 203): the CV's language, one of the two, and the interface locale
// every call carries (SPEC §7); anything else (a person's id, say) is refused.
import { z } from 'zod';
import { Locale } from './locale-schema.ts';

export const CvQuery = z.object({ language: Locale.optional(), locale: Locale.optional() }).strict();
export type CvQuery = z.infer<typeof CvQuery>;
