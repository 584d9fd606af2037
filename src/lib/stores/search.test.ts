import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult, SearchResults } from '../../../contract/search.ts';
import { ApiError } from '../api/api-error.ts';
import { libText } from '../lib-messages.ts';
import { $locale } from '../page-locale.ts';
import { emptySearchView } from '../search-query.ts';
import { $search, loadMoreResults, resetSearch, runSearch } from './search.ts';

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

afterEach(() => resetSearch());

describe('search store', () => {
  it('shows the empty state without asking when the view asks for nothing', async () => {
    const fetchPage = vi.fn();
    await runSearch(emptySearchView, fetchPage);
    expect(fetchPage).not.toHaveBeenCalled();
    expect($search.get().status).toBe('idle');
  });

  it('asks with the address parameters, then appends the next page by its cursor', async () => {
    const fetchPage = vi
      .fn()
      .mockResolvedValueOnce(page([1, 2], 'c1'))
      .mockResolvedValueOnce(page([3], null));
    await runSearch({ ...emptySearchView, q: 'north', type: 'companies' }, fetchPage);
    expect(String(fetchPage.mock.calls[0]![0])).toBe('q=north&type=companies');
    expect(fetchPage.mock.calls[0]![1]).toBeNull();
    expect($search.get()).toMatchObject({ status: 'ready', nextCursor: 'c1' });
    await loadMoreResults(fetchPage);
    expect(fetchPage.mock.calls[1]![1]).toBe('c1');
    expect($search.get().items.map((r) => (r.type === 'company' ? r.company_id : 0))).toEqual([1, 2, 3]);
    expect($search.get().nextCursor).toBeNull();
  });

  it('never shows the answer to an older search', async () => {
    let answerOld: (value: SearchResults) => void = () => undefined;
    const fetchPage = vi
      .fn()
      .mockImplementationOnce(() => new Promise<SearchResults>((resolve) => (answerOld = resolve)))
      .mockResolvedValueOnce(page([9], null));
    const old = runSearch({ ...emptySearchView, q: 'old' }, fetchPage);
    await runSearch({ ...emptySearchView, q: 'new' }, fetchPage);
    answerOld(page([1], null));
    await old;
    expect(($search.get().items[0] as { company_id: number }).company_id).toBe(9);
    expect(fetchPage.mock.calls[0]![2].aborted).toBe(true);
  });

  it('tells too many searches apart from other failures', async () => {
    const limited = new ApiError({ status: 429, method: 'GET', path: '/api/search', message: 'Too many requests' });
    await runSearch({ ...emptySearchView, q: 'a b' }, vi.fn().mockRejectedValue(limited));
    expect($search.get()).toMatchObject({ status: 'failed', failure: { kind: 'limited' } });
    const broken = new ApiError({ status: 0, method: 'GET', path: '/api/search', message: 'No connection' });
    await runSearch({ ...emptySearchView, q: 'a b' }, vi.fn().mockRejectedValue(broken));
    expect($search.get()).toMatchObject({ status: 'failed', failure: { kind: 'other', message: 'No connection' } });
  });

  it("never shows a developer's English: a failure that is not a call's says 'Something went wrong' in the page's language", async () => {
    await runSearch(
      { ...emptySearchView, q: 'a b' },
      vi.fn().mockRejectedValue(new TypeError("Cannot read properties of undefined (reading 'items')")),
    );
    expect($search.get().failure).toEqual({ kind: 'other', message: libText('en_GB', 'error.generic') });
    $locale.set('uk_UA');
    await runSearch({ ...emptySearchView, q: 'a b' }, vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect($search.get().failure).toEqual({ kind: 'other', message: libText('uk_UA', 'error.generic') });
    $locale.set('en_GB');
  });
});
