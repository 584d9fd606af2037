import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayIn,
  formatDuration,
  formatMonthCount,
  formatMonthYear,
  monthNames,
  monthsBetween,
  parseDateValue,
  todayIso,
  toInputDate,
  zoneOffsetLabel,
} from './dates.ts';

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
    expect(formatDateTime({ date: '2025-01-02 15:04:00.000000', timezone: 'Asia/Tokyo' }, 'en_GB', now)).toBe(
      'January 2, 2025, at 3:04 PM',
    );
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

describe('dates with dayjs', () => {
  it('word a count of one with its number, in both languages', () => {
    expect(formatDateTime('2025-06-15T11:59:59Z', 'en_GB', now)).toBe('1 second ago');
    expect(formatDateTime('2025-06-15T11:59:00Z', 'uk_UA', now)).toBe('1 хвилину тому');
    expect(formatDateTime('2025-06-15T11:00:00Z', 'en_GB', now)).toBe('1 hour ago');
    expect(formatDateTime('2025-06-15T11:00:00Z', 'uk_UA', now)).toBe('1 годину тому');
    expect(formatDateTime('2025-06-14T12:00:00Z', 'uk_UA', now)).toBe('1 день тому');
    expect(formatDateTime('2025-06-15T11:59:30Z', 'uk_UA', now)).toBe('30 секунд тому');
    expect(formatDateTime('2025-06-15T09:00:00Z', 'uk_UA', now)).toBe('3 години тому');
    expect(formatDateTime('2025-06-15T11:39:00Z', 'uk_UA', now)).toBe('21 хвилину тому');
    expect(formatDateTime('2025-06-10T13:00:00Z', 'uk_UA', now)).toBe('5 днів тому');
  });

  it('move from seconds to minutes at 45 s, minutes to hours at 45 min, hours to days at 22 h', () => {
    expect(formatDateTime('2025-06-15T11:59:16Z', 'en_GB', now)).toBe('44 seconds ago');
    expect(formatDateTime('2025-06-15T11:59:15Z', 'en_GB', now)).toBe('1 minute ago');
    expect(formatDateTime('2025-06-15T11:15:00Z', 'en_GB', now)).toBe('1 hour ago');
    expect(formatDateTime('2025-06-14T15:00:00Z', 'en_GB', now)).toBe('21 hours ago');
    expect(formatDateTime('2025-06-14T14:00:00Z', 'en_GB', now)).toBe('1 day ago');
    expect(formatDateTime('2025-06-11T01:00:00Z', 'en_GB', now)).toBe('4 days ago');
    // Five days old: no longer relative.
    expect(formatDateTime({ date: '2025-06-10 12:00:00', timezone: 'UTC' }, 'uk_UA', now)).toBe('10 червня 2025 р., о 12:00');
  });

  it('read wall times on the days clocks change, in zones on both sides of the world', () => {
    // New York springs forward on 10 March 2024 (02:00 EST becomes 03:00 EDT) and falls back on 3 November.
    expect(parseDateValue({ date: '2024-03-10 01:30:00', timezone: 'America/New_York' })?.toISOString()).toBe('2024-03-10T06:30:00.000Z');
    expect(parseDateValue({ date: '2024-03-10 03:30:00', timezone: 'America/New_York' })?.toISOString()).toBe('2024-03-10T07:30:00.000Z');
    expect(parseDateValue({ date: '2024-11-03 12:00:00', timezone: 'America/New_York' })?.toISOString()).toBe('2024-11-03T17:00:00.000Z');
    // Kyiv springs forward on 31 March 2024; Sydney falls back on 7 April 2024.
    expect(parseDateValue({ date: '2024-03-31 04:00:00', timezone: 'Europe/Kyiv' })?.toISOString()).toBe('2024-03-31T01:00:00.000Z');
    expect(parseDateValue({ date: '2024-04-07 12:00:00', timezone: 'Australia/Sydney' })?.toISOString()).toBe('2024-04-07T02:00:00.000Z');
    expect(formatDateTime({ date: '2024-03-31 04:00:00', timezone: 'Europe/Kyiv' }, 'uk_UA', now)).toBe('31 березня 2024 р., о 04:00');
    expect(formatDateTime({ date: '2024-11-03 12:00:00', timezone: 'America/New_York' }, 'en_GB', now)).toBe(
      'November 3, 2024, at 12:00 PM',
    );
  });

  it('refuse days and times that do not exist', () => {
    expect(formatDate('2023-02-29', 'en_GB')).toBe('');
    expect(formatDate('2024-02-29', 'en_GB')).toBe('Feb 29, 2024');
    expect(formatDate('2024-04-31', 'uk_UA')).toBe('');
    expect(parseDateValue({ date: '2024-03-05 24:00:00', timezone: 'UTC' })).toBeUndefined();
    expect(formatMonthYear('2019-13', 'en_GB')).toBe('');
    expect(toInputDate('2024-02-30')).toBe('');
  });

  it('show a day of a range in the zone it was computed in', () => {
    expect(formatDayIn('2026-11-22T22:00:00.000Z', 'Europe/Kyiv', 'en_GB')).toBe('23 Nov 2026');
    expect(formatDayIn('2026-11-22T22:00:00.000Z', 'UTC', 'en_GB')).toBe('22 Nov 2026');
    expect(formatDayIn('2026-03-31T20:59:59.999Z', 'Europe/Kyiv', 'uk_UA')).toBe('31 березня 2026 р.');
  });

  it('name a zone by its offset on the day, summer time included', () => {
    expect(zoneOffsetLabel('Europe/Kyiv', new Date('2025-01-15T12:00:00Z'))).toBe('UTC+02:00');
    expect(zoneOffsetLabel('Europe/Kyiv', new Date('2025-07-15T12:00:00Z'))).toBe('UTC+03:00');
    expect(zoneOffsetLabel('America/St_Johns', new Date('2025-01-15T12:00:00Z'))).toBe('UTC-03:30');
    expect(zoneOffsetLabel('Etc/UTC', now)).toBe('UTC±00:00');
    expect(zoneOffsetLabel('Not/AZone', now)).toBe('');
  });

  it('count durations in years and months across year ends and leap days', () => {
    expect(formatDuration('2019-03-01', '2024-11-30', 'en_GB')).toBe('5 yrs 9 mos');
    expect(formatDuration('2019-03-01', '2024-11-30', 'uk_UA')).toBe('5 р. 9 міс.');
    expect(formatDuration('2023-12', '2024-01', 'en_GB')).toBe('2 mos');
    expect(formatDuration('2020-02-29', '2021-02-28', 'uk_UA')).toBe('1 р. 1 міс.');
    expect(formatDuration('2024-11-01', null, 'en_GB', new Date(2025, 0, 31, 23, 0))).toBe('3 mos');
    expect(formatMonthCount(24, 'en_GB')).toBe('2 yrs');
    expect(formatMonthCount(0, 'en_GB')).toBe('');
  });

  it('give forms today and the month names of the page', () => {
    expect(todayIso(new Date(2024, 1, 29, 23, 59))).toBe('2024-02-29');
    expect(monthNames('en_GB')[2]).toBe('March');
    expect(monthNames('uk_UA')).toEqual([
      'Січень',
      'Лютий',
      'Березень',
      'Квітень',
      'Травень',
      'Червень',
      'Липень',
      'Серпень',
      'Вересень',
      'Жовтень',
      'Листопад',
      'Грудень',
    ]);
  });
});
