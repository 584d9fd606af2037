// One decimal comma in Ukrainian (decision 247): the formatter every page uses.
import { describe, expect, it } from 'vitest';
import { formatNumber, formatScore } from './numbers.ts';

describe('numbers in the reader’s language', () => {
  it('write a score with a decimal comma in Ukrainian and a point in English', () => {
    expect(formatScore(4.5, 'uk_UA')).toBe('4,5');
    expect(formatScore(4.33, 'uk_UA')).toBe('4,33');
    expect(formatScore(4.5, 'en_GB')).toBe('4.5');
    expect(formatScore(4.33, 'en_GB')).toBe('4.33');
  });

  it('leave whole scores whole and never show more than two decimals', () => {
    expect(formatScore(4, 'uk_UA')).toBe('4');
    expect(formatScore(4, 'en_GB')).toBe('4');
    expect(formatScore(4.666, 'uk_UA')).toBe('4,67');
  });

  it('group thousands as each language does', () => {
    // Ukrainian groups with a (no-break) space, never a comma, so '1 200,5' cannot be misread.
    expect(formatNumber(1200.5, 'uk_UA').replace(/\s/gu, ' ')).toBe('1 200,5');
    expect(formatNumber(1200.5, 'en_GB')).toBe('1,200.5');
  });
});
