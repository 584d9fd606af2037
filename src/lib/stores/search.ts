// The `/search` page: the view the address asks for, its results page by page, and what
// went wrong. The island reads $search and calls these actions; a newer search aborts an older one,
// so a quick change of filters never shows the answer to the one before.
import { atom } from 'nanostores';
import type { SearchResult } from '../../../contract/search.ts';
import { ApiError } from '../api/api-error.ts';
import { fetchSearchPage } from '../api/search-api.ts';
import { failureText } from '../failure-text.ts';
import { $locale } from '../page-locale.ts';
import { emptySearchView, isSearchAsked, searchViewParams, type SearchView } from '../search-query.ts';

export interface SearchState {
  view: SearchView;
  items: SearchResult[];
  nextCursor: string | null;
  /** starting: the address not read yet; idle: nothing asked (the empty state). */
  status: 'starting' | 'idle' | 'loading' | 'ready' | 'failed';
  loadingMore: boolean;
  /** Why the last call failed: too many searches, or anything else; with its text in the page's language. */
  failure: { kind: 'limited' | 'other'; message: string } | null;
}

const initial: SearchState = { view: emptySearchView, items: [], nextCursor: null, status: 'starting', loadingMore: false, failure: null };
export const $search = atom<SearchState>(initial);

function update(change: Partial<SearchState>): void {
  $search.set({ ...$search.get(), ...change });
}

function failureOf(error: unknown): SearchState['failure'] {
  const kind = error instanceof ApiError && error.status === 429 ? 'limited' : 'other';
  return { kind, message: failureText(error, $locale.get()) };
}

let inFlight: AbortController | undefined;

/** Shows `view`: its first page, or the empty state when it asks for nothing. */
export async function runSearch(view: SearchView, fetchPage: typeof fetchSearchPage = fetchSearchPage): Promise<void> {
  inFlight?.abort();
  if (!isSearchAsked(view)) {
    $search.set({ ...initial, view, status: 'idle' });
    return;
  }
  const controller = new AbortController();
  inFlight = controller;
  update({ view, status: 'loading', items: [], nextCursor: null, failure: null, loadingMore: false });
  try {
    const page = await fetchPage(searchViewParams(view), null, controller.signal);
    if (controller.signal.aborted) return;
    update({ items: page.items, nextCursor: page.next_cursor, status: 'ready' });
  } catch (error) {
    if (controller.signal.aborted) return;
    update({ status: 'failed', failure: failureOf(error) });
  }
}

/** 'Show more': the next page after the cursor, appended. */
export async function loadMoreResults(fetchPage: typeof fetchSearchPage = fetchSearchPage): Promise<void> {
  const { view, nextCursor, loadingMore, status } = $search.get();
  if (!nextCursor || loadingMore || status !== 'ready') return;
  const controller = new AbortController();
  inFlight = controller;
  update({ loadingMore: true, failure: null });
  try {
    const page = await fetchPage(searchViewParams(view), nextCursor, controller.signal);
    if (controller.signal.aborted) return;
    update({ items: [...$search.get().items, ...page.items], nextCursor: page.next_cursor, loadingMore: false });
  } catch (error) {
    if (controller.signal.aborted) return;
    update({ loadingMore: false, failure: failureOf(error) });
  }
}

/** Forgets everything (tests, sign-out). */
export function resetSearch(): void {
  inFlight?.abort();
  $search.set(initial);
}
