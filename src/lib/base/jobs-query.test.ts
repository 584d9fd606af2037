// The /jobs address (decision 269): what it reads, what it writes, and that a shared link
// reproduces the search.
import { describe, expect, it } from 'vitest';
import { activeJobFilters, emptyJobsView, jobsViewSearch, parseJobsView, salaryOf, withoutJobFilter } from './jobs-query.ts';

describe('the jobs address', () => {
  it('reads every filter and writes them back in one order', () => {
    const search =
      '?q=bakend&location=Kyiv&remote=true&type=contract&skill=go&company=northwind&salary_min=3000&currency=EUR&period=month&verified=true';
    const view = parseJobsView(search);
    expect(view).toEqual({
      q: 'bakend',
      location: 'Kyiv',
      remote: true,
      type: 'contract',
      skill: 'go',
      company: 'northwind',
      salaryMin: 3000,
      currency: 'EUR',
      period: 'month',
      verified: true,
    });
    expect(jobsViewSearch(view)).toBe(search);
    expect(activeJobFilters(view)).toEqual(['location', 'remote', 'type', 'skill', 'company', 'salary', 'verified']);
  });

  it('ignores what it does not know and a salary without its currency', () => {
    expect(parseJobsView('?type=forever&currency=BTC&salary_min=10&period=fortnight&remote=maybe')).toEqual(emptyJobsView);
    expect(parseJobsView('?salary_min=-5&currency=EUR').salaryMin).toBeNull();
    expect(jobsViewSearch(emptyJobsView)).toBe('');
  });

  it('takes a salary typed with spaces or commas, within the API cap', () => {
    expect(salaryOf('3 000')).toBe(3000);
    expect(salaryOf('90,000')).toBe(90000);
    expect(salaryOf('0')).toBeNull();
    expect(salaryOf('1000000000')).toBeNull();
    expect(salaryOf('abc')).toBeNull();
  });

  it('removes one filter and keeps the rest', () => {
    const view = parseJobsView('?q=designer&remote=true&salary_min=40&currency=EUR&period=hour');
    expect(jobsViewSearch(withoutJobFilter(view, 'salary'))).toBe('?q=designer&remote=true');
    expect(jobsViewSearch(withoutJobFilter(view, 'remote'))).toBe('?q=designer&salary_min=40&currency=EUR&period=hour');
  });
});
