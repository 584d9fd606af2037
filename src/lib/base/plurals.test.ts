import { describe, expect, it } from 'vitest';
import { pluralize } from './plurals.ts';

const characters = { one: '{count} символ', few: '{count} символи', many: '{count} символів', other: '{count} символу' };

describe('pluralize', () => {
  it('follows Ukrainian rules', () => {
    expect(pluralize('uk_UA', 1, characters)).toBe('1 символ');
    expect(pluralize('uk_UA', 21, characters)).toBe('21 символ');
    expect(pluralize('uk_UA', 32, characters)).toBe('32 символи');
    expect(pluralize('uk_UA', 5, characters)).toBe('5 символів');
    expect(pluralize('uk_UA', 11, characters)).toBe('11 символів');
    expect(pluralize('uk_UA', 0, characters)).toBe('0 символів');
    expect(pluralize('uk_UA', 1.5, characters)).toBe('1,5 символу');
  });

  it('follows English rules and formats the number', () => {
    const forms = { one: '{count} character', other: '{count} characters' };
    expect(pluralize('en_GB', 1, forms)).toBe('1 character');
    expect(pluralize('en_GB', 2, forms)).toBe('2 characters');
    expect(pluralize('en_GB', 1200, forms)).toBe('1,200 characters');
  });
});
