// The `/jobs` query and filters as they travel in the address (`/jobs?q=designer&location=Kyiv&remote=true`),
// so a search can be shared, reloaded and walked back (decision 269). The names are the
// API's (contract/jobs-search.ts), so the page passes its address on as it is. Anything unknown or
// malformed in the address is ignored rather than refused; a salary without its currency is dropped,
// as the API would refuse it.
import { employmentTypes, salaryCurrencies, salaryPeriods, type EmploymentType, type SalaryPeriod } from '../../../contract/jobs.ts';
import { jobSearchLimits } from '../../../contract/jobs-search.ts';
import { cleanSearchText } from './search-query.ts';

type Currency = (typeof salaryCurrencies)[number];

export interface JobsView {
  q: string;
  location: string;
  remote: boolean;
  type: EmploymentType | null;
  skill: string;
  company: string;
  /** Whole units, or null. */
  salaryMin: number | null;
  currency: Currency;
  period: SalaryPeriod;
  verified: boolean;
}

export const emptyJobsView: JobsView = {
  q: '',
  location: '',
  remote: false,
  type: null,
  skill: '',
  company: '',
  salaryMin: null,
  currency: 'UAH',
  period: 'month',
  verified: false,
};

/** The filters shown as chips that remove them. */
export const jobFilters = ['location', 'remote', 'type', 'skill', 'company', 'salary', 'verified'] as const;
export type JobFilter = (typeof jobFilters)[number];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const flagOf = (value: string | null) => value === 'true' || value === '1';

/** A salary as typed: whole units from 1 to the API's cap, else null. */
export function salaryOf(value: string | null | undefined): number | null {
  const text = (value ?? '').replace(/[\s,]/g, '');
  if (!/^\d{1,9}$/.test(text)) return null;
  const amount = Number(text);
  return amount >= 1 && amount <= jobSearchLimits.salaryMax ? amount : null;
}

/** The view the address asks for. */
export function parseJobsView(search: string): JobsView {
  const params = new URLSearchParams(search);
  const text = (name: string) => cleanSearchText(params.get(name));
  const currency = oneOf(salaryCurrencies, params.get('currency'));
  return {
    q: text('q'),
    location: text('location'),
    remote: flagOf(params.get('remote')),
    type: oneOf(employmentTypes, params.get('type')),
    skill: text('skill'),
    company: text('company'),
    salaryMin: currency ? salaryOf(params.get('salary_min')) : null,
    currency: currency ?? emptyJobsView.currency,
    period: oneOf(salaryPeriods, params.get('period')) ?? emptyJobsView.period,
    verified: flagOf(params.get('verified')),
  };
}

/** The parameters of a view, in a fixed order, only what is set. */
export function jobsViewParams(view: JobsView): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string) => {
    const clean = cleanSearchText(value);
    if (clean) params.set(name, clean);
  };
  set('q', view.q);
  set('location', view.location);
  if (view.remote) params.set('remote', 'true');
  if (view.type) params.set('type', view.type);
  set('skill', view.skill);
  set('company', view.company);
  if (view.salaryMin !== null) {
    params.set('salary_min', String(view.salaryMin));
    params.set('currency', view.currency);
    params.set('period', view.period);
  }
  if (view.verified) params.set('verified', 'true');
  return params;
}

/** The query string for a view ('' for the empty one), as the address writes it. */
export function jobsViewSearch(view: JobsView): string {
  const text = jobsViewParams(view).toString();
  return text ? `?${text}` : '';
}

/** Two views ask the same (their addresses are equal). */
export const sameJobsSearch = (a: JobsView, b: JobsView) => jobsViewSearch(a) === jobsViewSearch(b);

/** The filters set in a view. */
export function activeJobFilters(view: JobsView): JobFilter[] {
  return jobFilters.filter((name) => {
    if (name === 'remote' || name === 'verified') return view[name];
    if (name === 'type') return view.type !== null;
    if (name === 'salary') return view.salaryMin !== null;
    return cleanSearchText(view[name]) !== '';
  });
}

/** The view without one filter. */
export function withoutJobFilter(view: JobsView, name: JobFilter): JobsView {
  switch (name) {
    case 'remote':
    case 'verified':
      return { ...view, [name]: false };
    case 'type':
      return { ...view, type: null };
    case 'salary':
      return { ...view, salaryMin: null };
    default:
      return { ...view, [name]: '' };
  }
}
