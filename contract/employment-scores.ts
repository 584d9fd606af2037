// The rating scale and the in-company score (SPEC §3; decision 092). Plain data and
// functions, no schema library, so the careers pages, the workspace and the server compute one way.

/** SPEC §3's rating scale, lowest first; N/A is no rating at all. */
export const ratingScale = ['na', 'poor', 'needs_improvement', 'satisfactory', 'good', 'excellent', 'exceptional'] as const;
export type Rating = (typeof ratingScale)[number];

/** The numeric value of a rating: 1 (Poor) to 6 (Exceptional); null for N/A, which never counts. */
export function ratingValue(rating: Rating): number | null {
  const index = ratingScale.indexOf(rating);
  return index <= 0 ? null : index;
}

export const lowestScore = 1;
export const highestScore = ratingScale.length - 1;

/** One competency's latest rating in an employment, with the weight its company set for it. */
export interface WeightedRating {
  rating: Rating;
  /** The company's weight for the competency; zero or less leaves it out. */
  weight: number;
}

/** How the in-company score came about, for the page that explains it. */
export interface InCompanyScore {
  /** The weighted average on the 1–6 scale, rounded to two decimals; null when nothing counts. */
  score: number | null;
  /** Competencies that counted (rated, with a positive weight). */
  counted: number;
  /** Competencies rated N/A, left out. */
  notApplicable: number;
  /** The sum of the weights that counted. */
  totalWeight: number;
}

/**
 * The in-company score: never typed, always derived. The weighted average of the latest ratings,
 * N/A and non-positive or non-finite weights left out, so it stays within the scale.
 */
export function inCompanyScore(ratings: readonly WeightedRating[]): InCompanyScore {
  let sum = 0;
  let totalWeight = 0;
  let counted = 0;
  let notApplicable = 0;
  for (const { rating, weight } of ratings) {
    const value = ratingValue(rating);
    if (value === null) {
      notApplicable += 1;
      continue;
    }
    if (!Number.isFinite(weight) || weight <= 0) continue;
    sum += value * weight;
    totalWeight += weight;
    counted += 1;
  }
  if (totalWeight === 0) return { score: null, counted: 0, notApplicable, totalWeight: 0 };
  const average = Math.min(highestScore, Math.max(lowestScore, sum / totalWeight));
  return { score: Math.round(average * 100) / 100, counted, notApplicable, totalWeight };
}
