// The score history (decision 205): the in-company score after each review round and each
// competency's ratings, for the chart on the careers pages and the workspace. Its own module, apart
// from employment-scores.ts, which the careers contract (and so nearly every signed-in page) loads:
// only the chart's chunk carries this code.
import { inCompanyScore, ratingValue, type Rating } from './employment-scores.ts';

/** A review round as the score history reads it (the API's `ReviewRound` fits). */
export interface HistoryRound {
  id: number;
  /** YYYY-MM-DD. */
  reviewed_on: string;
  ratings: readonly { competency_id: number; rating: Rating }[];
}

/** A competency as the score history reads it (the API's `EmploymentCompetency` fits). */
export interface HistoryCompetency {
  competency_id: number;
  name: string;
  /** The company's weight for it, as today's score uses it. */
  weight: number;
}

/** The in-company score as it stood after one round. */
export interface ScorePoint {
  reviewId: number;
  reviewedOn: string;
  /** Null while nothing counts (every latest rating N/A). */
  score: number | null;
  counted: number;
  notApplicable: number;
}

/** One competency's rating in one round: null where that round did not rate it. */
export interface CompetencyPoint {
  reviewId: number;
  reviewedOn: string;
  rating: Rating | null;
  /** 1–6; null for N/A and for a round that did not rate it: a gap in the line, never a zero. */
  value: number | null;
}

export interface CompetencySeries {
  competencyId: number;
  name: string;
  weight: number;
  /** One entry per round, in the rounds' order. */
  points: CompetencyPoint[];
}

export interface ScoreHistory {
  /** One point per round, oldest first; the last is today's score. */
  score: ScorePoint[];
  /** Competencies some round rated (N/A included), in the order given. */
  competencies: CompetencySeries[];
}

/**
 * The score history: for each round, oldest first (same-day rounds by id, as the server
 * keeps them), the in-company score as it stood after it: each competency's latest rating up to and
 * including that round, with today's weights, through `inCompanyScore`, so the last point is today's
 * score. A latest N/A leaves the competency out from then on, as it does today's score.
 */
export function scoreHistory(competencies: readonly HistoryCompetency[], reviews: readonly HistoryRound[]): ScoreHistory {
  const rounds = [...reviews].sort((a, b) => (a.reviewed_on === b.reviewed_on ? a.id - b.id : a.reviewed_on < b.reviewed_on ? -1 : 1));
  const known = new Map(competencies.map((c) => [c.competency_id, c]));
  const latest = new Map<number, Rating>();
  const score: ScorePoint[] = rounds.map((round) => {
    for (const { competency_id, rating } of round.ratings) if (known.has(competency_id)) latest.set(competency_id, rating);
    // In the competencies' order, as the server sums today's score, so the last point is the same to the bit.
    const now = inCompanyScore(
      competencies.flatMap((c) => (latest.has(c.competency_id) ? [{ rating: latest.get(c.competency_id)!, weight: c.weight }] : [])),
    );
    return { reviewId: round.id, reviewedOn: round.reviewed_on, score: now.score, counted: now.counted, notApplicable: now.notApplicable };
  });
  const series: CompetencySeries[] = competencies
    .filter((c) => latest.has(c.competency_id))
    .map((c) => ({
      competencyId: c.competency_id,
      name: c.name,
      weight: c.weight,
      points: rounds.map((round) => {
        const rating = round.ratings.find((r) => r.competency_id === c.competency_id)?.rating ?? null;
        return { reviewId: round.id, reviewedOn: round.reviewed_on, rating, value: rating === null ? null : ratingValue(rating) };
      }),
    }));
  return { score, competencies: series };
}
