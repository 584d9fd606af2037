// Finding openings through the one path (decision 236): the first page keyed by the view's
// parameters, 'Show more' appending to it, and only the answer for the view shown showing, whichever
// answers last.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobResult, JobSearchResults } from '../../../contract/jobs-search.ts';
import { fetchJobsPage } from '../api/jobs-search-api.ts';
import { emptyJobsView } from '../base/jobs-query.ts';
import type * as ApiErrors from '../base/api-error.ts';
import type * as JobsStore from './jobs-search.ts';

vi.mock('../api/jobs-search-api.ts', () => ({ fetchJobsPage: vi.fn() }));
const fetchPage = vi.mocked(fetchJobsPage);

// Each test starts from a page just opened: the store, its cache and the failure's class anew.
let $jobsSearch: typeof JobsStore.$jobsSearch;
let runJobsSearch: typeof JobsStore.runJobsSearch;
let loadMoreJobs: typeof JobsStore.loadMoreJobs;
let ApiError: typeof ApiErrors.ApiError;
beforeEach(async () => {
  vi.resetModules();
  ({ $jobsSearch, runJobsSearch, loadMoreJobs } = await import('./jobs-search.ts'));
  ({ ApiError } = await import('../base/api-error.ts'));
});

const job = (id: number) => ({ id, title: `Job ${id}` }) as JobResult;
const page = (ids: number[], next: string | null): JobSearchResults => ({ items: ids.map(job), next_cursor: next });
const ids = () => $jobsSearch.get().items.map((j) => j.id);

let stop: (() => void) | undefined;
/** The page shows the store, as the island does: a fetcher store reads only while shown. */
const showPage = () => (stop = $jobsSearch.listen(() => undefined));

afterEach(() => {
  stop?.();
  fetchPage.mockReset();
});

describe('finding openings', () => {
  it('asks with the address parameters, then appends the next page by its cursor', async () => {
    showPage();
    expect($jobsSearch.get()).toMatchObject({ shows: 'starting', items: [] });
    fetchPage.mockResolvedValueOnce(page([1, 2], 'c1')).mockResolvedValueOnce(page([3], null));
    await runJobsSearch({ ...emptyJobsView, q: 'designer', remote: true });
    expect(String(fetchPage.mock.calls[0]![0])).toBe('q=designer&remote=true');
    expect(fetchPage.mock.calls[0]![1]).toBeNull();
    expect($jobsSearch.get()).toMatchObject({ shows: 'results', reading: false, failure: null, nextCursor: 'c1' });
    await loadMoreJobs();
    expect(fetchPage.mock.calls[1]![1]).toBe('c1');
    expect(ids()).toEqual([1, 2, 3]);
    expect($jobsSearch.get().nextCursor).toBeNull();
  });

  it('never shows the answer to an older view, and cancels its read', async () => {
    showPage();
    let answerOld: (value: JobSearchResults) => void = () => undefined;
    fetchPage.mockImplementationOnce(() => new Promise((resolve) => (answerOld = resolve))).mockResolvedValueOnce(page([9], null));
    const old = runJobsSearch({ ...emptyJobsView, q: 'old' });
    await vi.waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    await runJobsSearch({ ...emptyJobsView, q: 'new' });
    answerOld(page([1], null));
    await old;
    expect(ids()).toEqual([9]);
    expect($jobsSearch.get().view.q).toBe('new');
    expect(fetchPage.mock.calls[0]![2]?.aborted).toBe(true);
  });

  it('drops a next page that answers after another view was shown', async () => {
    showPage();
    let answerMore: (value: JobSearchResults) => void = () => undefined;
    fetchPage
      .mockResolvedValueOnce(page([1], 'c1'))
      .mockImplementationOnce(() => new Promise((resolve) => (answerMore = resolve)))
      .mockResolvedValueOnce(page([7], null));
    await runJobsSearch({ ...emptyJobsView, q: 'first' });
    const more = loadMoreJobs();
    expect($jobsSearch.get().loadingMore).toBe(true);
    await runJobsSearch({ ...emptyJobsView, q: 'second' });
    answerMore(page([2], null));
    await more;
    expect(ids()).toEqual([7]);
    expect($jobsSearch.get()).toMatchObject({ loadingMore: false, failure: null });
  });

  it('tells too many searches apart from other failures, and tries again', async () => {
    showPage();
    const limited = new ApiError({ status: 429, method: 'GET', path: '/api/jobs/search', message: 'Too many requests' });
    fetchPage.mockRejectedValueOnce(limited).mockResolvedValueOnce(page([4], null));
    await runJobsSearch({ ...emptyJobsView, q: 'a' });
    expect($jobsSearch.get()).toMatchObject({ shows: 'failed', items: [], reading: false, failure: { kind: 'limited' } });
    await runJobsSearch({ ...emptyJobsView, q: 'a' });
    expect($jobsSearch.get()).toMatchObject({ shows: 'results', failure: null, items: [job(4)] });
  });

  it('keeps the openings shown when the next page fails, and says why', async () => {
    showPage();
    const broken = new ApiError({ status: 0, method: 'GET', path: '/api/jobs/search', message: 'No connection' });
    fetchPage.mockResolvedValueOnce(page([1], 'c1')).mockRejectedValueOnce(broken);
    await runJobsSearch(emptyJobsView);
    await loadMoreJobs();
    expect(ids()).toEqual([1]);
    expect($jobsSearch.get()).toMatchObject({ loadingMore: false, failure: { kind: 'other', message: 'No connection' } });
  });
});
