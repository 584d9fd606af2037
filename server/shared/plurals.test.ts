import { describe, expect, it } from 'vitest';
import { ukrainianForm } from './plurals.ts';

describe('the Ukrainian form after a count', () => {
  const form = (count: number) => ukrainianForm(count, 'one', 'few', 'many');

  it('is one for 1, 21 and 101, but not 11 or 111', () => {
    expect([1, 21, 101, 11, 111].map(form)).toEqual(['one', 'one', 'one', 'many', 'many']);
  });

  it('is few for 2–4 and 22–24, but not 12–14', () => {
    expect([2, 3, 4, 22, 24, 12, 14].map(form)).toEqual(['few', 'few', 'few', 'few', 'few', 'many', 'many']);
  });

  it('is many for 0, 5–20 and 25', () => {
    expect([0, 5, 11, 20, 25].map(form)).toEqual(['many', 'many', 'many', 'many', 'many']);
  });
});
