// The `/search` page: the view the address asks for and its results page by page, through the one
// path (decision 236, paged-search.ts). The island reads $search and calls these actions; a quick
// change of filters never shows the answer to the one before, and a view that asks for nothing shows
// the empty state without a read.
import type { SearchResult } from '../../../contract/search.ts';
import { fetchSearchPage } from '../api/search-api.ts';
import { emptySearchView, isSearchAsked, searchViewParams, type SearchView } from '../base/search-query.ts';
import { pagedSearch, type SearchState as PagedState } from './paged-search.ts';

export type SearchState = PagedState<SearchView, SearchResult>;

const search = pagedSearch<SearchView, SearchResult>({
  key: 'search',
  empty: emptySearchView,
  params: searchViewParams,
  asks: isSearchAsked,
  fetchPage: (params, cursor, signal) => fetchSearchPage(params, cursor, signal),
});

export const $search = search.$state;
/** Shows `view`: its first page, or the empty state when it asks for nothing. */
export const runSearch = search.run;
/** 'Show more': the next page after the cursor, appended. */
export const loadMoreResults = search.loadMore;
