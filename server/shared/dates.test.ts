// The calendar days of careers (decision 120): the day after leaving, the day before, the
// months a job lasted, and the UTC day of the clock, across month, year and leap-day ends.
import { describe, expect, it } from 'vitest';
import { dayOf, monthsBetween, nextDay, previousDay } from './dates.ts';

describe('careers calendar days', () => {
  it('give the next day across month, year and leap-day ends', () => {
    expect(nextDay('2026-11-25')).toBe('2026-11-26');
    expect(nextDay('2026-11-30')).toBe('2026-12-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2027-02-28')).toBe('2027-03-01');
  });

  it('give the day before, the other way', () => {
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
    expect(previousDay('2028-03-01')).toBe('2028-02-29');
    expect(previousDay('2026-03-30')).toBe('2026-03-29');
  });

  it('count the months of a job, both end months included, at least one', () => {
    expect(monthsBetween('2019-03-01', '2024-11-30')).toBe(69);
    expect(monthsBetween('2023-12-31', '2024-01-01')).toBe(2);
    expect(monthsBetween('2024-05-10', '2024-05-20')).toBe(1);
    expect(monthsBetween('2024-05-10', '2024-04-20')).toBe(1);
  });

  it('read the clock’s day in UTC, whatever the server’s zone', () => {
    expect(dayOf(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(dayOf(new Date('2026-11-26T00:00:00.000Z'))).toBe('2026-11-26');
  });
});
