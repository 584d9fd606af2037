// The keys of the careers texts several screens show: a rating, the score history chart
// (src/components/careers/), and the employment events; the person's and the company's pages both
// ship them, so they live here rather than in one island folder's list (decision 214).
import { employmentEventKinds } from '../../contract/companies.ts';
import { ratingScale } from '../../contract/employment-scores.ts';
import careersEn from './careers.en_GB.json';
import type { MessageKey } from './index.ts';

export const ratingKeys = [
  ...ratingScale.map((rating) => `rating.${rating}` as const),
  'rating.value',
  'rating.notCounted',
] satisfies MessageKey[];
/** The score history chart's words (ScoreHistory.tsx), on both the person's and the company's pages. */
export const scoreHistoryKeys = Object.keys(careersEn).filter((key) => key.startsWith('scoreHistory.')) as MessageKey[];
export const eventKeys = employmentEventKinds.map((kind) => `employment.event.${kind}` as const) satisfies MessageKey[];
