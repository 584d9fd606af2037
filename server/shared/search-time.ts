// Search's time budget (decision 242): each person may spend so many seconds of search a minute, over
// people search, its suggestions and finding openings together, measured as the searches took. On the
// embedded PGlite a search runs on the server's own thread and no timer can cancel it: a crafted
// search at 100,000 people took 1.4 s there, so one account at its 60 searches a minute could hold the
// whole server for most of each minute (SEARCH_SECONDS_PER_MINUTE, 10 s by default). A person past the
// budget is answered 429 until the minute is over; ordinary searches take milliseconds and never come
// near it. Counted in milliseconds in the one store of every limit (decision 276): this process's
// memory by default, Redis with REDIS_URL, where the API processes share each person's budget.
import type { FastifyInstance } from 'fastify';
import { TooManyError } from '../domain-errors.ts';
import { signedInUser } from './auth/guard.ts';

const windowMs = 60_000;

/** How long a search took; a seam the tests hold still or move on. */
export const searchTimer = { now: (): number => performance.now() };

const started = new WeakMap<object, number>();

const budgetKey = (userId: number) => `search-ms:${userId}`;

/**
 * Each app's searches under way, a promise per person: one for every search route of the app (people
 * search, its suggestions and finding openings register apart), keyed by the app's one limit store.
 */
const underWayOf = new WeakMap<object, Map<number, Promise<void>>>();

/**
 * Adds the budget to every route of `app` (after its sign-in guard), counted in the app's `counters`.
 * A person's searches run one at a time in a process, each measured before the next reads the
 * budget: sent together, each found it unspent, and on PGlite they then ran one after another on the
 * server's thread, so the bound held for one search at a time only.
 */
export function limitSearchTime(app: FastifyInstance, searchMsPerMinute: number): void {
  const { counters } = app;
  let underWay = underWayOf.get(counters);
  if (!underWay) underWayOf.set(counters, (underWay = new Map()));
  const queue = underWay;
  const finished = new WeakMap<object, () => void>();
  app.addHook('preHandler', async (request, reply) => {
    const userId = signedInUser(request);
    const before = queue.get(userId);
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const mine = done.then(() => {
      if (queue.get(userId) === mine) queue.delete(userId);
    });
    queue.set(userId, mine);
    finished.set(request, finish);
    // Normally the answer's hook below measures it first; a request given up before its answer does not hold the next.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) finish();
    });
    await before;
    const spent = await counters.peek(budgetKey(userId));
    if (spent.count >= searchMsPerMinute && spent.resetInMs > 0) {
      throw new TooManyError(Math.max(1, Math.ceil(spent.resetInMs / 1000)), 'Too many searches this minute. Please try again later.');
    }
    started.set(request, searchTimer.now());
  });
  app.addHook('onResponse', async (request) => {
    try {
      const from = started.get(request);
      if (from === undefined) return;
      await counters.spend(budgetKey(signedInUser(request)), searchTimer.now() - from, windowMs);
    } finally {
      finished.get(request)?.();
    }
  });
}
