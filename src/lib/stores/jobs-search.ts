// The `/jobs` page (decision 269): the view the address asks for and its openings page by page, a
// fetcher store of the one path (decision 236) keyed by the view's parameters. The island reads
// $jobsSearch and calls these actions. Only the answer for the view shown shows: a quick change of
// filters drops the answer to the one before (its read is also cancelled). With nothing asked the
// page lists the newest openings.
import { atom, computed } from 'nanostores';
import type { JobResult } from '../../../contract/jobs-search.ts';
import { ApiError } from '../api/api-error.ts';
import { fetchJobsPage } from '../api/jobs-search-api.ts';
import { failureText } from '../failure-text.ts';
import { emptyJobsView, jobsViewParams, type JobsView } from '../jobs-query.ts';
import { $locale } from '../page-locale.ts';
import { change, readAgain, serverData } from './query.ts';

/** Why a read failed: too many searches, or anything else; with its text in the page's language. */
export interface SearchFailure {
  kind: 'limited' | 'other';
  message: string;
}

/** The openings read for a view: its first page and each page shown after it, and the cursor of the next. */
interface JobPages {
  items: JobResult[];
  nextCursor: string | null;
}

export interface JobsSearchState {
  /** The view the address asks for (the empty view until the address is read). */
  view: JobsView;
  /** The address not read yet. */
  starting: boolean;
  /** The openings read for the view: undefined until its first page answers. */
  results: JobPages | undefined;
  /** Whether the view's first page is being read (again: the openings read before show meanwhile). */
  reading: boolean;
  /** 'Show more' under way. */
  loadingMore: boolean;
  /** Why the last read failed (the first page, or the next one); null when it did not. */
  failure: SearchFailure | null;
}

function failureOf(error: unknown): SearchFailure {
  const kind = error instanceof ApiError && error.status === 429 ? 'limited' : 'other';
  return { kind, message: failureText(error, $locale.get()) };
}

const keyPrefix = 'jobs/search?';
const keyOf = (view: JobsView) => `${keyPrefix}${jobsViewParams(view)}`;
const paramsOf = (key: string) => new URLSearchParams(key.slice(keyPrefix.length));

/** The view shown; null until the address is read. */
const $view = atom<JobsView | null>(null);
const $key = computed($view, (view) => (view ? keyOf(view) : null));

/** The read of a first page under way, cancelled when another begins (its answer would be dropped). */
let firstRead: AbortController | undefined;

const $pages = serverData<JobPages>([$key], async (key) => {
  firstRead?.abort();
  const controller = new AbortController();
  firstRead = controller;
  const page = await fetchJobsPage(paramsOf(String(key)), null, controller.signal);
  return { items: page.items, nextCursor: page.next_cursor };
});

/** 'Show more' for the view shown: under way, or why it failed. */
const $more = atom<{ loading: boolean; failure: SearchFailure | null }>({ loading: false, failure: null });
let moreRead: AbortController | undefined;

export const $jobsSearch = computed([$view, $key, $pages, $more], (view, key, pages, more): JobsSearchState => {
  // Until the store takes the new key, what it holds is the view before's.
  const current = key !== null && $pages.key === key;
  return {
    view: view ?? emptyJobsView,
    starting: view === null,
    results: current ? pages.data : undefined,
    reading: !current || pages.loading,
    loadingMore: more.loading,
    failure: current && pages.error !== undefined && !pages.loading ? failureOf(pages.error) : more.failure,
  };
});

/** Shows `view`: its first page, read (again); what was read for it before shows meanwhile. */
export async function runJobsSearch(view: JobsView): Promise<void> {
  moreRead?.abort();
  $more.set({ loading: false, failure: null });
  $view.set(view);
  // The failure shows on the page.
  await readAgain($pages, keyOf(view)).catch(() => undefined);
}

/** 'Show more': the next page after the cursor, appended to the view's openings. */
export async function loadMoreJobs(): Promise<void> {
  const key = $pages.key;
  const shown = $pages.get().data;
  if (!key || !shown?.nextCursor || $more.get().loading) return;
  const cursor = shown.nextCursor;
  const controller = new AbortController();
  moreRead = controller;
  $more.set({ loading: true, failure: null });
  try {
    const page = await fetchJobsPage(paramsOf(key), cursor, controller.signal);
    // Appended only to the pages it follows: a view shown again meanwhile read its first page anew.
    change<JobPages>(key, (pages) =>
      pages.nextCursor === cursor ? { items: [...pages.items, ...page.items], nextCursor: page.next_cursor } : pages,
    );
    if (!controller.signal.aborted) $more.set({ loading: false, failure: null });
  } catch (error) {
    if (!controller.signal.aborted) $more.set({ loading: false, failure: failureOf(error) });
  }
}
