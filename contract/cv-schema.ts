// The CV download's query (decision 203): only the language, one of the two; anything else is refused.
import { z } from 'zod';
import { Locale } from './locale-schema.ts';

export const CvQuery = z.object({ language: Locale.optional() }).strict();
export type CvQuery = z.infer<typeof CvQuery>;
