import { describe, expect, it } from 'vitest';
import { contractDictionaries, say, sayCount, wordsUnder } from './index.ts';

describe('the strings the server says', () => {
  it('have every key in both languages', () => {
    expect(Object.keys(contractDictionaries.uk_UA).sort()).toEqual(Object.keys(contractDictionaries.en_GB).sort());
  });

  it('fill placeholders and give a page its table by name', () => {
    expect(say('en_GB', 'publicProfile.photoOf', { name: 'Olena' })).toBe('Photo of Olena');
    expect(wordsUnder('uk_UA', 'proficiency.').B2).toBe('B2 — Вище середнього');
  });

  it('pick the Ukrainian form after a count by CLDR: one for 1, 21, 101; few for 2–4, 22–24; many for 0, 5–20, 11–14, 25', () => {
    const form = (count: number) => sayCount('uk_UA', 'publicProfile.endorsements', count).split(' ').at(-1);
    expect([1, 21, 101].map(form)).toEqual(['схвалення', 'схвалення', 'схвалення']);
    expect([2, 4, 22, 24].map(form)).toEqual(['схвалення', 'схвалення', 'схвалення', 'схвалення']);
    expect([0, 5, 11, 14, 20, 25, 111].map(form)).toEqual(Array(7).fill('схвалень'));
    expect(sayCount('uk_UA', 'companyPage.verifiedEmployees', 3)).toBe('працівники з підтвердженою роботою');
  });

  it('write the count as the site writes numbers, English one and other', () => {
    expect(sayCount('en_GB', 'publicProfile.endorsements', 1)).toBe('1 endorsement');
    expect(sayCount('en_GB', 'publicProfile.endorsements', 1200)).toBe('1,200 endorsements');
    expect(sayCount('en_GB', 'companyPage.verifiedEmployees', 2)).toBe('verified employees');
  });
});
