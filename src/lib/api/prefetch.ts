// Starts a GET early and hands its answer to the first caller that asks for the same path. The page
// bootstrap runs before the islands' code has even arrived, so a call it starts overlaps that wait
// (the home page's profile read is the one that matters: decision 031).
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

const pending = new Map<string, Promise<unknown>>();

/** Starts `GET path` now, unless it is already under way. */
export function prefetch(path: string, api: ApiClient = defaultApi): void {
  if (pending.has(path)) return;
  const answer = api.get(path);
  // A failure is the taker's to report; until then it must not count as unhandled.
  answer.catch(() => {});
  pending.set(path, answer);
}

/** The prefetched answer of `path`, once; undefined when nothing was prefetched. */
export function takePrefetched(path: string): Promise<unknown> | undefined {
  const answer = pending.get(path);
  pending.delete(path);
  return answer;
}
