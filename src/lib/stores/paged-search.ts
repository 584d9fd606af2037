// A search page's results through the one path (decision 236), for /search and /jobs: the view the
// address asks for, its first page a fetcher store keyed by the view's parameters, and 'Show more'
// appending the next page to that key's answer. Only the answer for the view shown shows: a quick
// change of filters drops the answer to the one before (and cancels its read), and a next page that
// answers after another view was shown lands under the view it was asked for.
import { atom, computed, type ReadableAtom } from 'nanostores';
import { ApiError } from '../base/api-error.ts';
import { failureText } from '../base/failure-text.ts';
import { $locale } from '../base/page-locale.ts';
import { change, readAgain, serverData } from './query.ts';

/** Why a read failed: too many searches, or anything else; with its text in the page's language. */
export interface SearchFailure {
  kind: 'limited' | 'other';
  message: string;
}

/** What the result list shows. */
export type SearchShows =
  /** The address not read yet. */
  | 'starting'
  /** A view that asks for nothing (the empty state): nothing is read. */
  | 'idle'
  /** The view's first page being read, nothing read for it before. */
  | 'reading'
  /** The view's first page failed, nothing read for it before. */
  | 'failed'
  /** What was read for the view (while it is read again too). */
  | 'results';

export interface SearchState<View, Item> {
  view: View;
  shows: SearchShows;
  /** The results read for the view, page after page; empty unless it shows results. */
  items: Item[];
  nextCursor: string | null;
  /** Whether the view's first page is being read (again). */
  reading: boolean;
  /** 'Show more' under way. */
  loadingMore: boolean;
  /** Why the last read failed (the first page, or the next one); null when it did not. */
  failure: SearchFailure | null;
}

interface Pages<Item> {
  items: Item[];
  nextCursor: string | null;
}

type FetchPage<Item> = (
  params: URLSearchParams,
  cursor: string | null,
  signal: AbortSignal,
) => Promise<{ items: Item[]; next_cursor: string | null }>;

function failureOf(error: unknown): SearchFailure {
  const kind = error instanceof ApiError && error.status === 429 ? 'limited' : 'other';
  return { kind, message: failureText(error, $locale.get()) };
}

export interface PagedSearch<View, Item> {
  $state: ReadableAtom<SearchState<View, Item>>;
  /** Shows `view`: its first page, read (again; what was read for it before shows meanwhile), or the empty state when it asks for nothing. */
  run(view: View): Promise<void>;
  /** 'Show more': the next page after the cursor, appended. */
  loadMore(): Promise<void>;
}

export function pagedSearch<View, Item>(options: {
  /** The keys' root ('jobs/search'): a view's key is it, '?' and the view's parameters. */
  key: string;
  empty: View;
  params: (view: View) => URLSearchParams;
  /** Whether a view asks for anything; one that does not shows the empty state, and nothing is read. */
  asks?: (view: View) => boolean;
  fetchPage: FetchPage<Item>;
}): PagedSearch<View, Item> {
  const { empty, params, asks = () => true, fetchPage } = options;
  const prefix = `${options.key}?`;
  const keyOf = (view: View) => `${prefix}${params(view)}`;
  const paramsOf = (key: string) => new URLSearchParams(key.slice(prefix.length));

  /** The view shown; null until the address is read. */
  const $view = atom<View | null>(null);
  const $key = computed($view, (view) => (view !== null && asks(view) ? keyOf(view) : null));

  /** The read of a first page under way, cancelled when the page leaves its view (its answer would be dropped). */
  let firstRead: AbortController | undefined;
  const $pages = serverData<Pages<Item>>([$key], async (key) => {
    firstRead?.abort();
    const controller = new AbortController();
    firstRead = controller;
    const page = await fetchPage(paramsOf(String(key)), null, controller.signal);
    return { items: page.items, nextCursor: page.next_cursor };
  });

  /** 'Show more' for the view shown: under way, or why it failed. */
  const $more = atom<{ loading: boolean; failure: SearchFailure | null }>({ loading: false, failure: null });
  let moreRead: AbortController | undefined;

  const $state = computed([$view, $key, $pages, $more], (view, key, pages, more): SearchState<View, Item> => {
    const shown = { view: view ?? empty, items: [], nextCursor: null, loadingMore: false, failure: null };
    if (view === null) return { ...shown, shows: 'starting', reading: false };
    if (key === null) return { ...shown, shows: 'idle', reading: false };
    // Until the store takes the new key, what it holds is the view before's.
    if ($pages.key !== key) return { ...shown, shows: 'reading', reading: true };
    const failure = pages.error !== undefined && !pages.loading ? failureOf(pages.error) : more.failure;
    if (!pages.data) return { ...shown, shows: pages.loading || !failure ? 'reading' : 'failed', reading: pages.loading, failure };
    return { ...shown, shows: 'results', ...pages.data, reading: pages.loading, loadingMore: more.loading, failure };
  });

  return {
    $state,
    async run(view) {
      moreRead?.abort();
      $more.set({ loading: false, failure: null });
      $view.set(view);
      if (!asks(view)) {
        firstRead?.abort();
        return;
      }
      // A failure shows on the page.
      await readAgain($pages, keyOf(view)).catch(() => undefined);
    },
    async loadMore() {
      const key = $pages.key;
      const shown = $pages.get().data;
      if (!key || !shown?.nextCursor || $more.get().loading) return;
      const cursor = shown.nextCursor;
      const controller = new AbortController();
      moreRead = controller;
      $more.set({ loading: true, failure: null });
      try {
        const page = await fetchPage(paramsOf(key), cursor, controller.signal);
        // Appended only to the pages it follows, under the key it was asked for.
        change<Pages<Item>>(key, (pages) =>
          pages.nextCursor === cursor ? { items: [...pages.items, ...page.items], nextCursor: page.next_cursor } : pages,
        );
        if (!controller.signal.aborted) $more.set({ loading: false, failure: null });
      } catch (error) {
        if (!controller.signal.aborted) $more.set({ loading: false, failure: failureOf(error) });
      }
    },
  };
}
