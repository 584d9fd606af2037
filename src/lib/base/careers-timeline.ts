// The words of a job on the careers timeline and the employment details page (SPEC §2
// 'Careers'): its months ('Mar 2021 – Present') and its length ('3 yrs 2 mos'). The server counts the
// months (from start to end, or to today on its clock); this module only says them.
import type { Locale } from '../../../contract/locale.ts';
import { formatMonthCount, formatMonthYear } from './dates.ts';

/** What the words of a job need from either kind of job. */
export interface TimelineJob {
  start_date: string;
  end_date: string | null;
  is_current: boolean;
  /** Whole months from start to end (or to today), as the server counted them. */
  months: number;
}

/**
 * The months of a job and its length: 'Mar 2021 – Present' and '3 yrs 2 mos'. A current job with an
 * expected end still says 'Present': it has not ended.
 */
export function jobPeriod(job: TimelineJob, locale: Locale, presentWord: string): { months: string; duration: string } {
  const from = formatMonthYear(job.start_date, locale);
  const to = job.is_current ? presentWord : formatMonthYear(job.end_date, locale);
  return { months: [from, to].filter(Boolean).join(' – '), duration: formatMonthCount(job.months, locale) };
}

/** What the careers page's summary needs from a job. */
export interface SummaryJob extends TimelineJob {
  verified: boolean;
  company: { id: number | null; name: string };
  confirmation: { status: string } | null;
}

export interface CareerSummary {
  /** Months in work, each calendar month counted once however many jobs overlap in it. */
  experienceMonths: number;
  jobs: number;
  verified: number;
  /** Distinct companies (registered ones by id, others by name). */
  companies: number;
  /** Self-declared jobs whose company has been asked to confirm them and has not answered. */
  awaitingConfirmation: number;
}

/** The careers page's summary, from the same jobs the timeline shows (the server's month counts). */
export function careerSummary(jobs: readonly SummaryJob[]): CareerSummary {
  const months = new Set<number>();
  for (const job of jobs) {
    const [year, month] = job.start_date.split('-').map(Number) as [number, number];
    const first = year * 12 + (month - 1);
    for (let at = 0; at < job.months; at += 1) months.add(first + at);
  }
  const companies = new Set(
    jobs.map((job) => (job.company.id !== null ? `id:${job.company.id}` : `name:${job.company.name.trim().toLocaleLowerCase()}`)),
  );
  return {
    experienceMonths: months.size,
    jobs: jobs.length,
    verified: jobs.filter((job) => job.verified).length,
    companies: companies.size,
    awaitingConfirmation: jobs.filter((job) => !job.verified && job.confirmation?.status === 'pending').length,
  };
}
