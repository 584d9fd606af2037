// The `/jobs` page (decision 269): the view the address asks for, its openings page by page,
// and what went wrong. The island reads $jobsSearch and calls these actions; a newer search aborts an
// older one, so a quick change of filters never shows the answer to the one before. With nothing asked
// the page lists the newest openings.
import { atom } from 'nanostores';
import type { JobResult } from '../../../contract/jobs-search.ts';
import { ApiError } from '../api/api-error.ts';
import { fetchJobsPage } from '../api/jobs-search-api.ts';
import { failureText } from '../failure-text.ts';
import { emptyJobsView, jobsViewParams, type JobsView } from '../jobs-query.ts';
import { $locale } from '../page-locale.ts';

export interface JobsSearchState {
  view: JobsView;
  items: JobResult[];
  nextCursor: string | null;
  /** starting: the address not read yet. */
  status: 'starting' | 'loading' | 'ready' | 'failed';
  loadingMore: boolean;
  /** Why the last call failed: too many searches, or anything else; with its text in the page's language. */
  failure: { kind: 'limited' | 'other'; message: string } | null;
}

const initial: JobsSearchState = {
  view: emptyJobsView,
  items: [],
  nextCursor: null,
  status: 'starting',
  loadingMore: false,
  failure: null,
};
export const $jobsSearch = atom<JobsSearchState>(initial);

function update(change: Partial<JobsSearchState>): void {
  $jobsSearch.set({ ...$jobsSearch.get(), ...change });
}

function failureOf(error: unknown): JobsSearchState['failure'] {
  const kind = error instanceof ApiError && error.status === 429 ? 'limited' : 'other';
  return { kind, message: failureText(error, $locale.get()) };
}

let inFlight: AbortController | undefined;

/** Shows `view`: its first page. */
export async function runJobsSearch(view: JobsView, fetchPage: typeof fetchJobsPage = fetchJobsPage): Promise<void> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  update({ view, status: 'loading', items: [], nextCursor: null, failure: null, loadingMore: false });
  try {
    const page = await fetchPage(jobsViewParams(view), null, controller.signal);
    if (controller.signal.aborted) return;
    update({ items: page.items, nextCursor: page.next_cursor, status: 'ready' });
  } catch (error) {
    if (controller.signal.aborted) return;
    update({ status: 'failed', failure: failureOf(error) });
  }
}

/** 'Show more': the next page after the cursor, appended. */
export async function loadMoreJobs(fetchPage: typeof fetchJobsPage = fetchJobsPage): Promise<void> {
  const { view, nextCursor, loadingMore, status } = $jobsSearch.get();
  if (!nextCursor || loadingMore || status !== 'ready') return;
  const controller = new AbortController();
  inFlight = controller;
  update({ loadingMore: true, failure: null });
  try {
    const page = await fetchPage(jobsViewParams(view), nextCursor, controller.signal);
    if (controller.signal.aborted) return;
    update({ items: [...$jobsSearch.get().items, ...page.items], nextCursor: page.next_cursor, loadingMore: false });
  } catch (error) {
    if (controller.signal.aborted) return;
    update({ loadingMore: false, failure: failureOf(error) });
  }
}
