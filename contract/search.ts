// Discovery: searching people and companies, signed in. The query lives in the address
// (`/search?q=&type=&skill=…`), so the page and the API read the same names; plain zod, no server code.
import { z } from 'zod';
import { ProfileStatus } from './profile-status.ts';
import { messageRef } from './message-refs.ts';
import { isStorableText } from './validation.ts';
import { searchLimits } from './search-limits.ts';
import type { TrustLevel } from './trust.ts';
import { JobResult } from './jobs-search.ts';

export const searchTypes = ['people', 'companies'] as const;
export const SearchType = z.enum(searchTypes);
export type SearchType = z.infer<typeof SearchType>;

export { searchApiPaths, searchLimits } from './search-limits.ts';

const invalid = messageRef('validation.invalid');
const tooLong = messageRef('validation.tooLong', { maximum: searchLimits.textMax });

/**
 * The language levels, lowest first: profile-sections.ts's `proficiencies`, written out here (and tied
 * to them by search-scales.test.ts) so the search page's code does not bring the profile's schemas and
 * split them from the chunk every profile page loads (decision 207).
 */
export const searchLevels = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'native'] as const;
/** SPEC §3's score scale, employment-scores.ts's `lowestScore` and `highestScore`, for the same reason. */
export const searchScores = { lowest: 1, highest: 6 } as const;
const Level = z.enum(searchLevels, { error: invalid });
export type SearchLevel = z.infer<typeof Level>;

/** A free-text query or filter: trimmed, storable, at most `textMax`; empty is absent. */
const searchText = () =>
  z
    .string()
    .max(searchLimits.textMax, { error: tooLong })
    .refine(isStorableText, { error: invalid })
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .optional()
    .transform((v) => (v ? v : undefined));

/** A yes/no flag as an address writes it. */
const flag = z
  .enum(['true', 'false', '1', '0'], { error: invalid })
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** What the verified filters may count: the ladder's top (the default) or any company's confirmation. */
export const searchTrustLevels = ['domain_verified', 'company_confirmed'] as const satisfies readonly TrustLevel[];
export type SearchTrustLevel = (typeof searchTrustLevels)[number];

/**
 * `GET /api/search`. `type` people (default) or companies; the person filters apply to people only.
 * `level` needs `language` (that language at this level or above); `min_score` needs `competency`
 * (1–6, SPEC §3's scale, a rating in a review round the person shows).
 */
export const SearchQuery = z
  .object({
    q: searchText(),
    type: SearchType.default('people'),
    skill: searchText(),
    language: z
      .string()
      .regex(/^[a-z]{2}$/, { error: invalid })
      .optional(),
    level: Level.optional(),
    location: searchText(),
    company: searchText(),
    status: ProfileStatus.optional(),
    verified: flag,
    /**
     * The lowest rung of the ladder of trust (contract/trust.ts) that 'verified' and the competency
     * filter count: by default only jobs and scores confirmed by a company that proved its domain;
     * `company_confirmed` widens to any company on the platform (decision 265).
     */
    trust: z.enum(searchTrustLevels, { error: invalid }).default('domain_verified'),
    competency: searchText(),
    min_score: z.coerce
      .number({ error: invalid })
      .int({ error: invalid })
      .min(searchScores.lowest, { error: invalid })
      .max(searchScores.highest, { error: invalid })
      .optional(),
    cursor: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/, { error: invalid })
      .optional(),
    limit: z.coerce.number({ error: invalid }).int().min(1).max(searchLimits.pageSizeMax).default(searchLimits.pageSize),
    // Every GET carries the reader's locale (SPEC §7).
    locale: z.string().max(10).optional(),
  })
  .refine((q) => !q.level || q.language, { message: invalid, path: ['level'] })
  .refine((q) => q.min_score === undefined || q.competency, { message: invalid, path: ['min_score'] });
export type SearchQuery = z.infer<typeof SearchQuery>;

/** `GET /api/search/suggestions?q=`: the header's typeahead. */
export const SuggestQuery = z.object({
  q: z
    .string()
    .max(searchLimits.textMax, { error: tooLong })
    .refine(isStorableText, { error: invalid })
    .transform((v) => v.trim().replace(/\s+/g, ' ')),
  locale: z.string().max(10).optional(),
});
export type SuggestQuery = z.infer<typeof SuggestQuery>;

/** Why a result matched: the field, and the words or score that matched. */
export const matchKinds = [
  'name',
  // The name found under another spelling or alphabet; the value is the words as typed.
  'name_spelling',
  'headline',
  'position',
  'skill',
  'language',
  'location',
  'company',
  'profile_status',
  'verified_job',
  'verified_competency',
  'industry',
] as const;
export const MatchKind = z.enum(matchKinds);
export type MatchKind = z.infer<typeof MatchKind>;

export const SearchMatch = z.object({
  kind: MatchKind,
  /** What matched as stored: the skill's name, the language code, the company, the competency. */
  value: z.string(),
  /** verified_competency: the best rating (1–6) in a round the person shows. */
  score: z.number().int().nullable(),
  /** verified_competency: the company that gave it. */
  company: z.string().nullable(),
  /** language: the person's level in it. */
  level: Level.nullable(),
});
export type SearchMatch = z.infer<typeof SearchMatch>;

const id = z.number().int().positive();

/**
 * A person's current company-verified position, if any, with the ladder's word on it: the
 * company's verified domain, or null when the company has not proved one (decision 257).
 */
export const VerifiedPosition = z.object({ position: z.string().nullable(), company: z.string(), verified_domain: z.string().nullable() });

export const PersonResult = z.object({
  type: z.literal('person'),
  user_id: id,
  first_name: z.string(),
  last_name: z.string(),
  photo_url: z.string().nullable(),
  headline: z.string().nullable(),
  location: z.string().nullable(),
  profile_status: ProfileStatus.nullable(),
  verified_position: VerifiedPosition.nullable(),
  matches: z.array(SearchMatch),
});
export type PersonResult = z.infer<typeof PersonResult>;

export const CompanyResult = z.object({
  type: z.literal('company'),
  company_id: id,
  name: z.string(),
  industry: z.string(),
  location: z.string().nullable(),
  logo_url: z.string().nullable(),
  matches: z.array(SearchMatch),
});
export type CompanyResult = z.infer<typeof CompanyResult>;

export const SearchResult = z.discriminatedUnion('type', [PersonResult, CompanyResult]);
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchResults = z.object({
  items: z.array(SearchResult),
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type SearchResults = z.infer<typeof SearchResults>;

/** People and companies, and a few openings whose title, company, place or skills the words match (decision 269). */
export const Suggestions = z.object({ items: z.array(SearchResult), jobs: z.array(JobResult) });
export type Suggestions = z.infer<typeof Suggestions>;
