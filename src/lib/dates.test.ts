import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatMonthYear, monthsBetween, parseDateValue, toInputDate } from './dates.ts';

const now = new Date('2025-06-15T12:00:00Z');

describe('dates (SPEC §9)', () => {
  it('show dates as MMM D, YYYY, with Ukrainian month names in uk_UA', () => {
    expect(formatDate('2024-03-05', 'en_GB')).toBe('Mar 5, 2024');
    expect(formatDate('2024-03-05', 'uk_UA')).toBe('5 березня 2024 р.');
    expect(formatDate(null, 'en_GB')).toBe('');
    expect(formatDate('not a date', 'en_GB')).toBe('');
  });

  it('read { date, timezone } in its own timezone', () => {
    const value = { date: '2024-03-05 23:30:00.000000', timezone: 'Europe/Kyiv' };
    expect(parseDateValue(value)?.toISOString()).toBe('2024-03-05T21:30:00.000Z');
    expect(parseDateValue({ date: '2024-03-05 10:00:00', timezone: 'Not/AZone' })?.toISOString()).toBe('2024-03-05T10:00:00.000Z');
    expect(parseDateValue('')).toBeUndefined();
    expect(parseDateValue(undefined)).toBeUndefined();
  });

  it('show date-times in full when 5 days old or more', () => {
    const text = formatDateTime('2025-01-02T15:04:00Z', 'en_GB', now);
    expect(text).toMatch(/^January 2, 2025, at \d{1,2}:04 (AM|PM)$/);
    expect(formatDateTime('2025-01-02T15:04:00Z', 'uk_UA', now)).toMatch(/^2 січня 2025 р\., о \d{2}:04$/);
    expect(formatDateTime('2025-06-10T12:00:00Z', 'en_GB', now)).toMatch(/^June 10, 2025/);
    expect(formatDateTime(null, 'en_GB', now)).toBe('');
  });

  it('show date-times as relative time when under 5 days old', () => {
    expect(formatDateTime('2025-06-15T10:00:00Z', 'en_GB', now)).toBe('2 hours ago');
    expect(formatDateTime('2025-06-11T12:00:01Z', 'en_GB', now)).toBe('4 days ago');
    expect(formatDateTime('2025-06-15T10:00:00Z', 'uk_UA', now)).toBe('2 години тому');
    // A date in the future is not "old": shown in full.
    expect(formatDateTime('2025-07-01T10:00:00Z', 'en_GB', now)).toMatch(/^July 1, 2025/);
  });

  it('show { date, timezone } at its own wall time, across summer time', () => {
    expect(parseDateValue({ date: '2024-07-01 00:30:00', timezone: 'Europe/Kyiv' })?.toISOString()).toBe('2024-06-30T21:30:00.000Z');
    expect(formatDate({ date: '2024-07-01 00:30:00', timezone: 'Pacific/Kiritimati' }, 'en_GB')).toBe('Jul 1, 2024');
    expect(formatDateTime({ date: '2025-01-02 15:04:00.000000', timezone: 'Asia/Tokyo' }, 'en_GB', now)).toBe('January 2, 2025, at 3:04 PM');
    expect(formatDateTime({ date: '2025-01-02 15:04:00.000000', timezone: 'Asia/Tokyo' }, 'uk_UA', now)).toBe('2 січня 2025 р., о 15:04');
    // A date-only value is that calendar day wherever the reader is.
    expect(formatDate('2024-03-05', 'en_GB')).toBe('Mar 5, 2024');
    expect(formatDate('2024-13-05', 'en_GB')).toBe('');
  });

  it('round relative time as people say it, in both languages', () => {
    expect(formatDateTime('2025-06-15T11:59:30Z', 'en_GB', now)).toBe('30 seconds ago');
    expect(formatDateTime('2025-06-15T12:00:00Z', 'uk_UA', now)).toBe('1 секунду тому');
    expect(formatDateTime('2025-06-15T11:59:00Z', 'en_GB', now)).toBe('1 minute ago');
    expect(formatDateTime('2025-06-15T11:16:00Z', 'en_GB', now)).toBe('44 minutes ago');
    expect(formatDateTime('2025-06-14T12:00:00Z', 'en_GB', now)).toBe('1 day ago');
    expect(formatDateTime('2025-06-12T12:00:00Z', 'uk_UA', now)).toBe('3 дні тому');
    expect(formatDateTime('2025-06-15T11:55:00Z', 'uk_UA', now)).toBe('5 хвилин тому');
  });

  it('give forms YYYY-MM-DD for birth dates', () => {
    expect(toInputDate('1990-05-01')).toBe('1990-05-01');
    expect(toInputDate({ date: '1990-05-01 00:00:00.000000', timezone: 'Pacific/Kiritimati' })).toBe('1990-05-01');
    expect(toInputDate({ date: 'garbage', timezone: 'UTC' })).toBe('');
    expect(toInputDate(null)).toBe('');
  });
});

describe('month-level facts', () => {
  it('show month and year, Ukrainian in its own form', () => {
    expect(formatMonthYear('2019-03-01', 'en_GB')).toBe('Mar 2019');
    expect(formatMonthYear('2019-03', 'uk_UA')).toBe('березень 2019');
    expect(formatMonthYear(null, 'en_GB')).toBe('');
  });

  it('give a job its length, counting both end months', () => {
    expect(formatDuration('2019-03-01', '2022-04-01', 'en_GB')).toBe('3 yrs 2 mos');
    expect(formatDuration('2019-03-01', '2022-04-01', 'uk_UA')).toBe('3 р. 2 міс.');
    expect(formatDuration('2020-01-01', '2020-12-01', 'en_GB')).toBe('1 yr');
    expect(formatDuration('2020-01-01', '2020-01-31', 'en_GB')).toBe('1 mo');
    expect(formatDuration('2021-03-01', null, 'en_GB', new Date('2021-07-15'))).toBe('5 mos');
    expect(formatDuration('2022-01-01', '2021-01-01', 'en_GB')).toBe('');
    expect(monthsBetween('2019-03', '2019-03')).toBe(1);
  });
});
