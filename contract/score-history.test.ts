// The score history: a point per round, oldest first, each the score as it stood after it;
// the last one today's score; N/A and unrated rounds gaps in a competency's series, never zeros.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inCompanyScore, lowestScore, ratingScale, type Rating } from './employment-scores.ts';
import { scoreHistory, type HistoryRound } from './score-history.ts';

const rating = fc.constantFrom(...ratingScale);
const runs = Number(process.env['PROPERTY_RUNS'] ?? 200);

describe('the score history', () => {
  // The demo's job: Design craft weighs 3, Accessibility 2, Collaboration 2 (server/demo/company.ts).
  const competencies = [
    { competency_id: 1, name: 'Design craft', weight: 3 },
    { competency_id: 2, name: 'Accessibility', weight: 2 },
    { competency_id: 3, name: 'Collaboration', weight: 2 },
  ];
  const round = (id: number, reviewed_on: string, ratings: [number, Rating][]): HistoryRound => ({
    id,
    reviewed_on,
    ratings: ratings.map(([competency_id, rating]) => ({ competency_id, rating })),
  });
  // Newest first, as the API lists them.
  const reviews = [
    round(11, '2025-12-05', [
      [1, 'excellent'],
      [2, 'exceptional'],
      [3, 'good'],
    ]),
    round(10, '2024-06-14', [
      [1, 'good'],
      [2, 'excellent'],
      [3, 'satisfactory'],
    ]),
  ];

  it('gives one point per round, oldest first, each the score after that round', () => {
    const { score } = scoreHistory(competencies, reviews);
    expect(score.map((p) => [p.reviewId, p.reviewedOn])).toEqual([
      [10, '2024-06-14'],
      [11, '2025-12-05'],
    ]);
    // (4·3 + 5·2 + 3·2) / 7 = 4; (5·3 + 6·2 + 4·2) / 7 = 5.
    expect(score.map((p) => p.score)).toEqual([4, 5]);
    expect(score[1]).toMatchObject({ counted: 3, notApplicable: 0 });
  });

  it("carries a competency's latest rating forward through rounds that did not rate it", () => {
    const { score, competencies: series } = scoreHistory(competencies, [round(21, '2026-03-01', [[1, 'poor']]), ...reviews]);
    // Design craft Poor (1), the others as the round before: (1·3 + 6·2 + 4·2) / 7 = 3.29.
    expect(score.at(-1)!.score).toBe(3.29);
    expect(series.find((c) => c.name === 'Accessibility')!.points.map((p) => p.value)).toEqual([5, 6, null]);
  });

  it('leaves N/A out of the score and makes it a gap in the series, never a zero', () => {
    const { score, competencies: series } = scoreHistory(
      [
        { competency_id: 1, name: 'System design', weight: 3 },
        { competency_id: 2, name: 'Mentoring', weight: 1 },
      ],
      [
        round(2, '2026-09-30', [
          [1, 'excellent'],
          [2, 'good'],
        ]),
        round(1, '2026-03-31', [
          [1, 'good'],
          [2, 'na'],
        ]),
      ],
    );
    expect(score.map((p) => p.score)).toEqual([4, 4.75]);
    expect(score[0]).toMatchObject({ counted: 1, notApplicable: 1 });
    const mentoring = series.find((c) => c.name === 'Mentoring')!;
    expect(mentoring.points.map((p) => [p.rating, p.value])).toEqual([
      ['na', null],
      ['good', 4],
    ]);
  });

  it('has no score while every latest rating is N/A, and a latest N/A stops an earlier rating counting', () => {
    const one = [{ competency_id: 1, name: 'Craft', weight: 1 }];
    const { score } = scoreHistory(one, [
      round(3, '2026-03-01', [[1, 'good']]),
      round(2, '2026-02-01', [[1, 'na']]),
      round(1, '2026-01-01', [[1, 'poor']]),
    ]);
    expect(score.map((p) => p.score)).toEqual([1, null, 4]);
  });

  it('orders rounds of the same day by id, as the server does', () => {
    const { score } = scoreHistory(competencies.slice(0, 1), [
      round(5, '2026-01-01', [[1, 'good']]),
      round(4, '2026-01-01', [[1, 'poor']]),
    ]);
    expect(score.map((p) => [p.reviewId, p.score])).toEqual([
      [4, 1],
      [5, 4],
    ]);
  });

  it('lists only competencies some round rated, in the order given, and is empty without rounds', () => {
    const { competencies: series } = scoreHistory([...competencies, { competency_id: 4, name: 'Unrated', weight: 1 }], reviews);
    expect(series.map((c) => c.name)).toEqual(['Design craft', 'Accessibility', 'Collaboration']);
    expect(scoreHistory(competencies, [])).toEqual({ score: [], competencies: [] });
  });

  it("ends on today's score: the last point is inCompanyScore of the latest ratings, whatever the rounds", () => {
    const ids = [1, 2, 3, 4, 5];
    const roundArb = fc.record({
      day: fc.integer({ min: 1, max: 28 }),
      ratings: fc.uniqueArray(fc.record({ competency_id: fc.constantFrom(...ids), rating }), {
        selector: (r) => r.competency_id,
        minLength: 1,
        maxLength: 5,
      }),
    });
    fc.assert(
      fc.property(
        fc.array(roundArb, { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 5, maxLength: 5 }),
        (drawn, weights) => {
          const comps = ids.map((id, i) => ({ competency_id: id, name: `C${id}`, weight: weights[i]! }));
          const rounds = drawn.map((r, i) =>
            round(
              i + 1,
              `2026-01-${String(r.day).padStart(2, '0')}`,
              r.ratings.map((x) => [x.competency_id, x.rating]),
            ),
          );
          const history = scoreHistory(comps, [...rounds].reverse());
          // What the server does: each competency's last rating in (date, id) order, in the competencies' order.
          const ordered = [...rounds].sort((a, b) => a.reviewed_on.localeCompare(b.reviewed_on) || a.id - b.id);
          const latest = comps.flatMap((c) => {
            const last = ordered.flatMap((r) => r.ratings.filter((x) => x.competency_id === c.competency_id)).at(-1);
            return last ? [{ rating: last.rating, weight: c.weight }] : [];
          });
          expect(history.score).toHaveLength(rounds.length);
          expect(history.score.at(-1)!.score).toBe(inCompanyScore(latest).score);
          for (const series of history.competencies)
            for (const point of series.points) if (point.value !== null) expect(point.value).toBeGreaterThanOrEqual(lowestScore);
        },
      ),
      { numRuns: runs },
    );
  });
});
