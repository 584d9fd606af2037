// The in-company score: N/A ignored, weights applied, always within the scale, and the
// same whatever the order of the competencies.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  highestScore,
  inCompanyScore,
  lowestScore,
  ratingScale,
  ratingValue,
  type Rating,
  type WeightedRating,
} from './employment-scores.ts';

const rating = fc.constantFrom(...ratingScale);
const rated = fc.constantFrom(...ratingScale.filter((r) => r !== 'na'));
const weight = fc.double({ min: 0.01, max: 100, noNaN: true });
const entry = fc.record({ rating, weight });
const runs = Number(process.env['PROPERTY_RUNS'] ?? 200);

describe('the rating scale', () => {
  it('runs from N/A (no value) through Poor = 1 to Exceptional = 6', () => {
    expect(ratingScale.map(ratingValue)).toEqual([null, 1, 2, 3, 4, 5, 6]);
  });
});

describe('the in-company score', () => {
  it('is the weighted average: Good (4) weighted 3 and Poor (1) weighted 1 make 3.25', () => {
    expect(
      inCompanyScore([
        { rating: 'good', weight: 3 },
        { rating: 'poor', weight: 1 },
        { rating: 'na', weight: 10 },
      ]),
    ).toEqual({
      score: 3.25,
      counted: 2,
      notApplicable: 1,
      totalWeight: 4,
    });
  });

  it('is null when nothing counts (nothing rated, all N/A, or no positive weight)', () => {
    expect(inCompanyScore([]).score).toBeNull();
    expect(inCompanyScore([{ rating: 'na', weight: 1 }]).score).toBeNull();
    expect(inCompanyScore([{ rating: 'good', weight: 0 }]).score).toBeNull();
  });

  it('never counts N/A: adding N/A ratings of any weight changes nothing but the N/A count', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), fc.array(weight, { minLength: 1, maxLength: 5 }), (entries, naWeights) => {
        const plain = inCompanyScore(entries);
        const withNa = inCompanyScore([...entries, ...naWeights.map((w) => ({ rating: 'na' as Rating, weight: w }))]);
        expect(withNa.score).toBe(plain.score);
        expect(withNa.notApplicable).toBe(plain.notApplicable + naWeights.length);
      }),
      { numRuns: runs },
    );
  });

  it('stays within the scale, between the lowest and highest rating that counted', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ rating: rated, weight }), { minLength: 1, maxLength: 12 }), (entries) => {
        const { score } = inCompanyScore(entries);
        const values = entries.map((e) => ratingValue(e.rating)!);
        expect(score).not.toBeNull();
        expect(score!).toBeGreaterThanOrEqual(Math.max(lowestScore, Math.min(...values)) - 0.005);
        expect(score!).toBeLessThanOrEqual(Math.min(highestScore, Math.max(...values)) + 0.005);
      }),
      { numRuns: runs },
    );
  });

  it('applies the weights: scaling every weight alike changes nothing, and equal weights give the plain mean', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ rating: rated, weight }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        (entries, factor) => {
          const scaled: WeightedRating[] = entries.map((e) => ({ ...e, weight: e.weight * factor }));
          expect(inCompanyScore(scaled).score).toBeCloseTo(inCompanyScore(entries).score!, 1);
          const equal = entries.map((e) => ({ ...e, weight: 1 }));
          const mean = equal.reduce((sum, e) => sum + ratingValue(e.rating)!, 0) / equal.length;
          expect(inCompanyScore(equal).score).toBeCloseTo(mean, 2);
        },
      ),
      { numRuns: runs },
    );
  });

  it('does not depend on the order of the competencies', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (entries) => {
        const forward = inCompanyScore(entries).score;
        const backward = inCompanyScore([...entries].reverse()).score;
        // Floating-point sums may differ in the last bit, which rounding can move by one hundredth.
        if (forward === null) expect(backward).toBeNull();
        else expect(Math.abs(backward! - forward)).toBeLessThanOrEqual(0.01);
      }),
      { numRuns: runs },
    );
  });
});
