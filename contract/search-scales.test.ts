import { describe, expect, it } from 'vitest';
import { highestScore, lowestScore } from './employment-scores.ts';
import { proficiencies } from './profile-sections.ts';
import { searchLevels, searchScores } from './search.ts';

describe('search levels and scores', () => {
  it('are the profile’s proficiencies, in the same order', () => {
    expect(searchLevels).toEqual(proficiencies);
  });

  it('are the employment scores’ scale', () => {
    expect(searchScores).toEqual({ lowest: lowestScore, highest: highestScore });
  });
});
