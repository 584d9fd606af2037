// The search page's store through the one path (decision 236): nothing read for a view that asks for
// nothing, the first page keyed by the address's parameters and 'Show more' by cursor, and only the
// answer for the view shown showing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult, SearchResults } from '../../../contract/search.ts';
import { fetchSearchPage } from '../api/search-api.ts';
import { emptySearchView } from '../base/search-query.ts';
import type * as ApiErrors from '../base/api-error.ts';
import type * as LibMessages from '../base/lib-messages.ts';
import type * as PageLocale from '../base/page-locale.ts';
import type * as SearchStore from './search.ts';

vi.mock('../api/search-api.ts', () => ({ fetchSearchPage: vi.fn() }));
const fetchPage = vi.mocked(fetchSearchPage);

// Each test starts from a page just opened: the store, its cache and the failure's class anew, with
// the library's texts installed again in the fresh modules (test-setup.ts).
let $search: typeof SearchStore.$search;
let runSearch: typeof SearchStore.runSearch;
let loadMoreResults: typeof SearchStore.loadMoreResults;
let ApiError: typeof ApiErrors.ApiError;
let libText: typeof LibMessages.libText;
let $locale: typeof PageLocale.$locale;
beforeEach(async () => {
  vi.resetModules();
  ({ $search, runSearch, loadMoreResults } = await import('./search.ts'));
  ({ ApiError } = await import('../base/api-error.ts'));
  ({ libText } = await import('../base/lib-messages.ts'));
  ({ $locale } = await import('../base/page-locale.ts'));
  await import('../base/test-setup.ts');
});

const company = (id: number): SearchResult => ({
  type: 'company',
  company_id: id,
  name: `Company ${id}`,
  industry: 'Design',
  location: null,
  logo_url: null,
  matches: [],
});
const page = (ids: number[], next: string | null): SearchResults => ({ items: ids.map(company), next_cursor: next });
const ids = () => $search.get().items.map((r) => (r.type === 'company' ? r.company_id : 0));

let stop: (() => void) | undefined;
/** The page shows the store, as the island does: a fetcher store reads only while shown. */
const showPage = () => (stop = $search.listen(() => undefined));

afterEach(() => {
  stop?.();
  fetchPage.mockReset();
});

describe('search store', () => {
  it('shows the empty state without asking when the view asks for nothing', async () => {
    showPage();
    expect($search.get().shows).toBe('starting');
    await runSearch(emptySearchView);
    expect(fetchPage).not.toHaveBeenCalled();
    expect($search.get()).toMatchObject({ shows: 'idle', items: [], reading: false });
  });

  it('asks with the address parameters, then appends the next page by its cursor', async () => {
    showPage();
    fetchPage.mockResolvedValueOnce(page([1, 2], 'c1')).mockResolvedValueOnce(page([3], null));
    await runSearch({ ...emptySearchView, q: 'north', type: 'companies' });
    expect(String(fetchPage.mock.calls[0]![0])).toBe('q=north&type=companies');
    expect(fetchPage.mock.calls[0]![1]).toBeNull();
    expect($search.get()).toMatchObject({ shows: 'results', nextCursor: 'c1' });
    await loadMoreResults();
    expect(fetchPage.mock.calls[1]![1]).toBe('c1');
    expect(ids()).toEqual([1, 2, 3]);
    expect($search.get().nextCursor).toBeNull();
  });

  it('never shows the answer to an older search, and cancels its read', async () => {
    showPage();
    let answerOld: (value: SearchResults) => void = () => undefined;
    fetchPage.mockImplementationOnce(() => new Promise((resolve) => (answerOld = resolve))).mockResolvedValueOnce(page([9], null));
    const old = runSearch({ ...emptySearchView, q: 'old' });
    await vi.waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    await runSearch({ ...emptySearchView, q: 'new' });
    answerOld(page([1], null));
    await old;
    expect(ids()).toEqual([9]);
    expect(fetchPage.mock.calls[0]![2]?.aborted).toBe(true);
  });

  it('shows the empty state, not an older answer, when the view is cleared while a search is on its way', async () => {
    showPage();
    let answerOld: (value: SearchResults) => void = () => undefined;
    fetchPage.mockImplementationOnce(() => new Promise((resolve) => (answerOld = resolve)));
    const old = runSearch({ ...emptySearchView, q: 'old' });
    await vi.waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    await runSearch(emptySearchView);
    answerOld(page([1], null));
    await old;
    expect($search.get()).toMatchObject({ shows: 'idle', items: [] });
    expect(fetchPage.mock.calls[0]![2]?.aborted).toBe(true);
  });

  it('tells too many searches apart from other failures', async () => {
    showPage();
    const limited = new ApiError({ status: 429, method: 'GET', path: '/api/search', message: 'Too many requests' });
    const broken = new ApiError({ status: 0, method: 'GET', path: '/api/search', message: 'No connection' });
    fetchPage.mockRejectedValueOnce(limited).mockRejectedValueOnce(broken);
    await runSearch({ ...emptySearchView, q: 'a b' });
    expect($search.get()).toMatchObject({ shows: 'failed', failure: { kind: 'limited' } });
    await runSearch({ ...emptySearchView, q: 'a b' });
    expect($search.get()).toMatchObject({ shows: 'failed', failure: { kind: 'other', message: 'No connection' } });
  });

  it("never shows a developer's English: a failure that is not a call's says 'Something went wrong' in the page's language", async () => {
    showPage();
    fetchPage
      .mockRejectedValueOnce(new TypeError("Cannot read properties of undefined (reading 'items')"))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await runSearch({ ...emptySearchView, q: 'a b' });
    expect($search.get().failure).toEqual({ kind: 'other', message: libText('en_GB', 'error.generic') });
    $locale.set('uk_UA');
    await runSearch({ ...emptySearchView, q: 'c d' });
    expect($search.get().failure).toEqual({ kind: 'other', message: libText('uk_UA', 'error.generic') });
    $locale.set('en_GB');
  });
});
