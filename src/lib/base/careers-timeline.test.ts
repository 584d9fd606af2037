import { describe, expect, it } from 'vitest';
import { careerSummary, jobPeriod, type SummaryJob } from './careers-timeline.ts';
import { formatMonthCount } from './dates.ts';

describe('jobPeriod', () => {
  it('says Present for a current job, even one with an expected end', () => {
    expect(jobPeriod({ start_date: '2024-09-01', end_date: null, is_current: true, months: 27 }, 'en_GB', 'Present')).toEqual({
      months: 'Sep 2024 – Present',
      duration: '2 yrs 3 mos',
    });
    expect(jobPeriod({ start_date: '2024-09-01', end_date: '2027-01-31', is_current: true, months: 27 }, 'en_GB', 'Present').months).toBe(
      'Sep 2024 – Present',
    );
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
    expect(jobPeriod({ start_date: '2020-01-01', end_date: null, is_current: false, months: 5 }, 'en_GB', 'Present').months).toBe(
      'Jan 2020',
    );
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

describe('careerSummary', () => {
  const job = (start: string, months: number, extra: Partial<SummaryJob> = {}): SummaryJob => ({
    start_date: start,
    end_date: null,
    is_current: false,
    months,
    verified: false,
    company: { id: null, name: 'Acme' },
    confirmation: null,
    ...extra,
  });

  it('counts each month in work once, however many jobs overlap in it', () => {
    // Jan–Dec 2020 and Jul 2020–Jun 2021 overlap for six months: 18 months in all; a gap adds nothing.
    const jobs = [
      job('2020-01-15', 12),
      job('2020-07-01', 12, { company: { id: 3, name: 'Northwind' } }),
      job('2023-01-01', 2, { company: { id: null, name: ' acme ' } }),
    ];
    expect(careerSummary(jobs)).toEqual({ experienceMonths: 20, jobs: 3, verified: 0, companies: 2, awaitingConfirmation: 0 });
  });

  it('counts verified jobs and the ones waiting for their company', () => {
    const jobs = [
      job('2021-03-01', 69, { verified: true, company: { id: 1, name: 'Northwind' } }),
      job('2016-09-01', 54, { confirmation: { status: 'pending' } }),
      job('2015-01-01', 6, { confirmation: { status: 'declined' } }),
    ];
    expect(careerSummary(jobs)).toMatchObject({ jobs: 3, verified: 1, awaitingConfirmation: 1, experienceMonths: 129 });
    expect(careerSummary([])).toEqual({ experienceMonths: 0, jobs: 0, verified: 0, companies: 0, awaitingConfirmation: 0 });
  });
});
