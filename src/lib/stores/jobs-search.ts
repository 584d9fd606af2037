// The `/jobs` page (decision 269): the view the address asks for and its openings page by page, through
// the one path (decision 236, paged-search.ts). The island reads $jobsSearch and calls these actions;
// a quick change of filters never shows the answer to the one before. With nothing asked the page
// lists the newest openings.
import type { JobResult } from '../../../contract/jobs-search.ts';
import { fetchJobsPage } from '../api/jobs-search-api.ts';
import { emptyJobsView, jobsViewParams, type JobsView } from '../base/jobs-query.ts';
import { pagedSearch, type SearchState } from './paged-search.ts';

export type JobsSearchState = SearchState<JobsView, JobResult>;

const jobs = pagedSearch<JobsView, JobResult>({
  key: 'jobs/search',
  empty: emptyJobsView,
  params: jobsViewParams,
  fetchPage: (params, cursor, signal) => fetchJobsPage(params, cursor, signal),
});

export const $jobsSearch = jobs.$state;
/** Shows `view`: its first page. */
export const runJobsSearch = jobs.run;
/** 'Show more': the next page after the cursor, appended. */
export const loadMoreJobs = jobs.loadMore;
