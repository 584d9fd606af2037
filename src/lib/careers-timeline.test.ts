import { describe, expect, it } from 'vitest';
import { jobPeriod } from './careers-timeline.ts';
import { formatMonthCount } from './dates.ts';

describe('jobPeriod', () => {
  it('says Present for a current job, even one with an expected end', () => {
    expect(jobPeriod({ start_date: '2024-09-01', end_date: null, is_current: true, months: 27 }, 'en_GB', 'Present')).toEqual({
      months: 'Sep 2024 – Present',
      duration: '2 yrs 3 mos',
    });
    expect(jobPeriod({ start_date: '2024-09-01', end_date: '2027-01-31', is_current: true, months: 27 }, 'en_GB', 'Present').months).toBe('Sep 2024 – Present');
  });

  it('gives an ended job its end month, in Ukrainian too', () => {
    expect(jobPeriod({ start_date: '2021-03-01', end_date: '2021-03-20', is_current: false, months: 1 }, 'en_GB', 'Present')).toEqual({
      months: 'Mar 2021 – Mar 2021',
      duration: '1 mo',
    });
    expect(jobPeriod({ start_date: '2020-01-01', end_date: '2022-12-01', is_current: false, months: 36 }, 'uk_UA', 'Дотепер')).toEqual({
      months: 'січень 2020 – грудень 2022',
      duration: '3 р.',
    });
  });

  it('shows only the start of an ended job whose end is unknown', () => {
    expect(jobPeriod({ start_date: '2020-01-01', end_date: null, is_current: false, months: 5 }, 'en_GB', 'Present').months).toBe('Jan 2020');
  });
});

describe('formatMonthCount', () => {
  it('says years and months in both languages, and nothing for no months', () => {
    expect(formatMonthCount(12, 'en_GB')).toBe('1 yr');
    expect(formatMonthCount(25, 'en_GB')).toBe('2 yrs 1 mo');
    expect(formatMonthCount(14, 'uk_UA')).toBe('1 р. 2 міс.');
    expect(formatMonthCount(0, 'en_GB')).toBe('');
    expect(formatMonthCount(2.5, 'en_GB')).toBe('');
  });
});
