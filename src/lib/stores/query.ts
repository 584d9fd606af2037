// The one way the site holds server data (decision 236): a fetcher store of @nanostores/query per
// piece of data, named by a key ('company/3/members'). The store reads while a page shows it, keeps
// its answer in one cache, and shows the answer it has while it reads again. A change (the page's own
// write, a realtime event, a tab opening) names the keys to read again; nothing else keeps a list of
// who reads what.
//
// Only the answer of the read that began last shows (decision 226): a read that began before a change
// was named, or while a write of its key was under way, reads again before it answers, so a slow older
// answer never puts the data back as it was before the change. This is the only place that says so.
import { nanoquery, type FetcherStore, type KeyInput } from '@nanostores/query';
import { $token } from '../base/session-token.ts';

export type { FetcherStore };

type Key = string;
type KeySelector = Key | readonly Key[] | ((key: Key) => boolean);

/** A key and every key under it ('me/jobs' and 'me/jobs/41'). */
export const under =
  (key: Key) =>
  (candidate: Key): boolean =>
    candidate === key || candidate.startsWith(`${key}/`);

/** The signed-in person's jobs (and each job's details under it): the realtime module names it when one changes. */
export const myJobsKey = 'me/jobs';

/** How many changes each key has been told of: a read that began before the latest one reads again. */
const generations = new Map<Key, number>();
/** Writes under way, per key: a read that answers meanwhile may answer the data from before the write. */
const writes = new Map<Key, Set<Promise<unknown>>>();
/** Reads under way, per key (one at most: the cache runs one read a key at a time). */
const reads = new Map<Key, Promise<unknown>>();

const matches = (key: Key, selector: KeySelector): boolean =>
  typeof selector === 'function' ? selector(key) : typeof selector === 'string' ? key === selector : selector.includes(key);

function told(selector: KeySelector): void {
  for (const [key, generation] of generations) if (matches(key, selector)) generations.set(key, generation + 1);
}

/** The answers by key (the cache's own map, read by `change`). */
const answers: NonNullable<NonNullable<Parameters<typeof nanoquery>[0]>['cache']> = new Map();

const [createFetcherStore, , cache] = nanoquery({
  cache: answers,
  // A piece of data is read when a page first shows it and again only when a change names it: not on a
  // timer, and not again on its own after a failure (the page says it failed and offers to try again).
  dedupeTime: Infinity,
  cacheLifetime: Infinity,
  onErrorRetry: null,
  // The cache runs no read while the tab is hidden: what it was told of meanwhile is read on return.
  revalidateOnFocus: true,
});

/** Who waits for the next read of a key to begin (its key part was just set: the store takes it in the next task). */
const waiting = new Map<Key, ((reading: Promise<unknown>) => void)[]>();

/** The read of `key` under way, or the next one to begin. */
function nextRead(key: Key | undefined): Promise<unknown> {
  const reading = key === undefined ? undefined : reads.get(key);
  if (reading || key === undefined) return reading ?? Promise.resolve(undefined);
  return new Promise<Promise<unknown>>((begun) => waiting.set(key, [...(waiting.get(key) ?? []), begun])).then((read) => read);
}

/** Keys whose read began in this turn: a change named in the same turn came before it. */
const startedNow = new Set<Key>();

async function latestAnswer<T>(key: Key, read: () => Promise<T>): Promise<T> {
  let generation = generations.get(key) ?? 0;
  generations.set(key, generation);
  for (;;) {
    if (writes.get(key)?.size) {
      await Promise.allSettled(writes.get(key) ?? []);
      generation = generations.get(key) ?? 0;
    }
    let answer: T;
    try {
      answer = await read();
    } catch (error) {
      if ((generations.get(key) ?? 0) === generation) throw error;
      generation = generations.get(key) ?? 0;
      continue;
    }
    if ((generations.get(key) ?? 0) === generation && !writes.get(key)?.size) return answer;
    generation = generations.get(key) ?? 0;
  }
}

/**
 * A piece of server data: a fetcher store under `key` (its parts joined; a part that is an atom holding
 * null means 'not now', and nothing is read). `read` gets the key's parts. Its value is
 * `{ data, error, loading }`: data once read (kept while it reads again), the failure of the last
 * read, and whether a read is under way.
 */
export function serverData<T>(key: KeyInput, read: (...parts: (string | number | true)[]) => Promise<T>): FetcherStore<T> {
  return createFetcherStore<T>(key, {
    fetcher: (...parts) => {
      const joined = parts.join('');
      const reading = latestAnswer(joined, () => read(...parts));
      reads.set(joined, reading);
      for (const begun of waiting.get(joined) ?? []) begun(reading);
      waiting.delete(joined);
      startedNow.add(joined);
      queueMicrotask(() => startedNow.delete(joined));
      const done = () => {
        if (reads.get(joined) === reading) reads.delete(joined);
      };
      reading.then(done, done);
      return reading;
    },
  });
}

/** The reads under way for `selector`, settled: resolves when each has answered, rejects with a failure. */
async function readsOf(selector: KeySelector): Promise<void> {
  await Promise.all([...reads].filter(([key]) => matches(key, selector)).map(([, reading]) => reading));
}

/**
 * The data under `selector` changed: the stores a page shows read it again (keeping what they show
 * meanwhile), a read under way reads again before it answers, and one not shown now reads when it is.
 * Resolves when the new answers are in; rejects with a failed read's failure.
 */
export function refresh(selector: KeySelector): Promise<void> {
  told(selector);
  cache.revalidateKeys(typeof selector === 'function' || typeof selector === 'string' ? selector : [...selector]);
  return readsOf(selector);
}

/**
 * The data of `store` changed (the page's own write, a tab opening again): read it again (under `key`
 * when its key part was just set), the store counting as shown meanwhile; answers the new data, or
 * rejects with the read's failure. A read that began in this turn is already after the change.
 */
export async function readAgain<T>(store: FetcherStore<T>, key?: Key): Promise<T> {
  const stop = store.listen(() => undefined);
  try {
    const wanted = key ?? store.key;
    if (wanted && !startedNow.has(wanted)) {
      told(wanted);
      cache.revalidateKeys(wanted);
    }
    return (await nextRead(wanted ?? store.key)) as T;
  } finally {
    stop();
  }
}

/**
 * A write answered the data under `key`: it shows at once, and a read under way that began before reads
 * again. Only a key read before takes it (the cache changes the answers it holds): a store that never
 * showed the key reads it when it does.
 */
export function put<T>(key: Key, data: T): void {
  told(key);
  cache.mutateCache(key, data);
}

/** The answer read under `key`, if any: without reading it (a fetcher store's get() reads when nothing shows it). */
export function cached<T>(key: Key): T | undefined {
  return answers.get(key)?.data as T | undefined;
}

/**
 * A write changed the data under `key` as `edit` says (an item removed or added): it shows at once;
 * nothing before the first answer. Answers whether there was an answer to change.
 */
export function change<T>(key: Key, edit: (data: T) => T): boolean {
  const data = cached<T>(key);
  if (data !== undefined) put(key, edit(data));
  return data !== undefined;
}

/** Runs a write of the data under `keys`: a read of them answering while it is under way reads again after it. */
export async function writing<T>(keys: readonly Key[], call: () => Promise<T>): Promise<T> {
  const under = call();
  for (const key of keys) {
    const open = writes.get(key) ?? new Set();
    open.add(under);
    writes.set(key, open);
  }
  try {
    return await under;
  } finally {
    for (const key of keys) writes.get(key)?.delete(under);
  }
}

/** Forgets every answer: nothing shows until read again, and a read under way reads again before it answers. */
export function forgetServerData(): void {
  told(() => true);
  cache.mutateCache(() => true);
}

// Another person signed in (or out) in this tab: nothing read for the one before shows.
$token.listen(forgetServerData);
