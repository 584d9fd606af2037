// The jobs page's result column (decision 269): the applied filters as chips, the live count,
// and the list in its state: loading, failed, no result, or the openings with 'Show more' by cursor.
// Each opening shows its title (to its job page), the company with its rung of the ladder of trust
// (decision 257: 'Verified · domain' or 'Identity not verified'), place or remote, type, salary when
// given, and the day it was posted.
import type { ReactNode, RefObject } from 'react';
import { jobPagePath } from '../../../contract/jobs.ts';
import type { JobResult } from '../../../contract/jobs-search.ts';
import type { Locale } from '../../../contract/locale.ts';
import { fillPlaceholders as fill } from '../../../contract/placeholders.ts';
import Alert from '../../components/Alert.tsx';
import Avatar from '../../components/Avatar.tsx';
import Button from '../../components/Button.tsx';
import Icon from '../../components/Icon.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { formatDate } from '../../lib/base/dates.ts';
import { pluralize, type PluralForms } from '../../lib/base/plurals.ts';
import { loadMoreJobs, runJobsSearch, type JobsSearchState } from '../../lib/stores/jobs-search.ts';
import type { IslandMessages } from '../../i18n/translator.ts';

/** '€3,000–€4,500 per month', '₴40 per hour'; null without a salary. */
export function salaryText(job: JobResult, locale: Locale, messages: IslandMessages): string | null {
  if (job.salary_min === null || !job.salary_currency || !job.salary_period) return null;
  const money = new Intl.NumberFormat(locale === 'uk_UA' ? 'uk' : 'en-GB', {
    style: 'currency',
    currency: job.salary_currency,
    maximumFractionDigits: 0,
  });
  const amount =
    job.salary_max !== null && job.salary_max !== job.salary_min
      ? money.formatRange(job.salary_min, job.salary_max)
      : money.format(job.salary_min);
  return fill(messages['jobs.salaryPer'], { amount, period: messages[`openings.period.${job.salary_period}`] });
}

function JobItem({ job, locale, messages }: { job: JobResult; locale: Locale; messages: IslandMessages }) {
  const domain = job.company.verified_domain;
  const place = [job.location, job.remote ? messages['openings.remote'] : null].filter(Boolean).join(' · ');
  const salary = salaryText(job, locale, messages);
  return (
    <li className="search-result jobs-result">
      <Avatar name={job.company.name} src={job.company.logo_url} seed={job.company.id} square size="large" />
      <div className="search-result-body">
        <h3 className="search-result-name">
          <a href={jobPagePath(job.company.address, job.id, locale)}>{job.title}</a>
        </h3>
        <p className="jobs-result-company">
          <span className="visually-hidden">{messages['jobs.company']}: </span>
          <span>{job.company.name}</span>
          <span className="jobs-result-trust" data-trust={domain ? 'domain_verified' : 'not_verified'}>
            <Icon name={domain ? 'verified' : 'info'} />
            {domain ? fill(messages['company.identity.verified'], { domain }) : messages['company.identity.notVerified']}
          </span>
        </p>
        <p className="jobs-result-facts">
          {place ? <span>{place}</span> : null}
          <span>{messages[`openings.employmentType.${job.employment_type}`]}</span>
          {salary ? <span>{salary}</span> : null}
        </p>
        <p className="search-result-location">{fill(messages['jobs.posted'], { date: formatDate(job.published_at, locale) })}</p>
      </div>
    </li>
  );
}

const loadingRows = [0, 1, 2];

interface ListProps {
  state: JobsSearchState;
  locale: Locale;
  messages: IslandMessages;
  removeButtons: ReactNode[];
}

function failureText(state: JobsSearchState, messages: IslandMessages): string {
  return state.failure?.kind === 'limited' ? messages['jobs.limited'] : messages['jobs.failed'];
}

function JobList({ state, locale, messages, removeButtons }: ListProps) {
  if (state.shows === 'starting' || state.shows === 'reading') {
    return (
      <ul className="search-results" aria-hidden="true">
        {loadingRows.map((n) => (
          <li key={n} className="search-result search-result-skeleton">
            <Skeleton className="search-skeleton-avatar" />
            <span className="search-skeleton-lines">
              <Skeleton shape="text" className="search-skeleton-name" />
              <Skeleton shape="text" className="search-skeleton-line" />
              <Skeleton shape="text" className="search-skeleton-short" />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (state.shows === 'failed') {
    return (
      <Alert>
        <p>{failureText(state, messages)}</p>
        <Button size="small" onClick={() => void runJobsSearch(state.view)}>
          {messages['jobs.retry']}
        </Button>
      </Alert>
    );
  }
  if (state.items.length === 0) {
    return (
      <div className="ui-empty search-none">
        <Icon name="search" />
        <p className="ui-empty-title">{messages['jobs.none.title']}</p>
        <p className="ui-empty-text">{messages['jobs.none.text']}</p>
        {removeButtons.length ? (
          <>
            <p className="ui-empty-text">{messages['jobs.none.filters']}</p>
            <div className="search-chips">{removeButtons}</div>
          </>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <ul className="search-results">
        {state.items.map((job) => (
          <JobItem key={job.id} job={job} locale={locale} messages={messages} />
        ))}
      </ul>
      {state.failure ? (
        <Alert>
          <p>{failureText(state, messages)}</p>
        </Alert>
      ) : null}
      {state.nextCursor ? (
        <Button className="search-more" loading={state.loadingMore} onClick={() => void loadMoreJobs()}>
          {messages['jobs.more']}
        </Button>
      ) : (
        <p className="search-end">{messages['jobs.end']}</p>
      )}
    </>
  );
}

export default function JobResults({
  ids,
  shownForms,
  countRef,
  ...list
}: ListProps & { ids: string; shownForms: PluralForms; countRef: RefObject<HTMLParagraphElement | null> }) {
  const { state, messages, removeButtons, locale } = list;
  // The openings read for the view show while it is read again; 'Searching…' only while none are.
  const count =
    state.shows === 'reading'
      ? messages['jobs.loading']
      : state.shows === 'results'
        ? state.items.length
          ? pluralize(locale, state.items.length, shownForms)
          : messages['jobs.none.title']
        : '';
  return (
    <section
      className="search-main"
      aria-labelledby={`${ids}-results-title`}
      aria-busy={state.shows === 'starting' || state.shows === 'reading'}
    >
      <h2 id={`${ids}-results-title`} className="visually-hidden">
        {messages['jobs.results.heading']}
      </h2>
      {removeButtons.length && state.items.length ? (
        <div className="search-active">
          <span className="search-active-label">{messages['jobs.filters.active']}</span>
          <div className="search-chips">{removeButtons}</div>
        </div>
      ) : null}
      <p className="search-count" role="status" ref={countRef} tabIndex={-1}>
        {count}
      </p>
      <JobList {...list} />
    </section>
  );
}
