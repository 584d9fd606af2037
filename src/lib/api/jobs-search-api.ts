// Finding openings (decision 269): a page of /jobs results for the address's query and
// filters, typed by contract/jobs-search.ts; it takes a signal, so a newer search cancels an older one.
import { dataEnvelope } from '../../../contract/envelope.ts';
import { jobSearchApiPaths, JobSearchResults } from '../../../contract/jobs-search.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

/** One page for `params` (the page's address, `jobsViewParams`), after `cursor` when given. */
export async function fetchJobsPage(
  params: URLSearchParams,
  cursor: string | null,
  signal?: AbortSignal,
  api: ApiClient = defaultApi,
): Promise<JobSearchResults> {
  const query: Record<string, string> = Object.fromEntries(params);
  if (cursor) query['cursor'] = cursor;
  return (await api.get(jobSearchApiPaths.search, { query, schema: dataEnvelope(JobSearchResults), ...(signal ? { signal } : {}) })).data;
}
