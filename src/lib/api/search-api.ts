// Search calls: a page of results for the address's query and filters, and the header's
// suggestions. Typed by contract/search.ts; both take a signal, so a newer search cancels an older one.
import { dataEnvelope } from '../../../contract/envelope.ts';
import { searchApiPaths, SearchResults, Suggestions } from '../../../contract/search.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

/** One page for `params` (the page's address, `searchViewParams`), after `cursor` when given. */
export async function fetchSearchPage(
  params: URLSearchParams,
  cursor: string | null,
  signal?: AbortSignal,
  api: ApiClient = defaultApi,
): Promise<SearchResults> {
  const query: Record<string, string> = Object.fromEntries(params);
  if (cursor) query['cursor'] = cursor;
  return (await api.get(searchApiPaths.search, { query, schema: dataEnvelope(SearchResults), ...(signal ? { signal } : {}) })).data;
}

/** The people and companies the header suggests for `q`, and a few openings (decision 269). */
export async function fetchSuggestions(q: string, signal?: AbortSignal, api: ApiClient = defaultApi): Promise<Suggestions> {
  return (await api.get(searchApiPaths.suggestions, { query: { q }, schema: dataEnvelope(Suggestions), ...(signal ? { signal } : {}) }))
    .data;
}
