import { describe, expect, it } from 'vitest';
import { countries, countryById } from './countries.ts';
import { countryCount, isCountryId } from './country-ids.ts';

describe('the country ids (decision 175)', () => {
  it('are the list’s ids: 1 to countryCount without gaps, so a country added to the list raises the count', () => {
    expect(countries.map((country) => country.id)).toEqual(Array.from({ length: countryCount }, (_, i) => i + 1));
  });

  it('say a country exists exactly when the list has it', () => {
    for (const id of [-1, 0, 0.5, 1, 2, 125, countryCount, countryCount + 1, 300]) {
      expect(isCountryId(id), String(id)).toBe(countryById(id) !== undefined);
    }
  });
});
