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

/** Adds the budget to every route of `app` (after its sign-in guard), counted in the app's `counters`. */
export function limitSearchTime(app: FastifyInstance, searchMsPerMinute: number): void {
  const { counters } = app;
  app.addHook('preHandler', async (request) => {
    const spent = await counters.peek(budgetKey(signedInUser(request)));
    if (spent.count >= searchMsPerMinute && spent.resetInMs > 0) {
      throw new TooManyError(Math.max(1, Math.ceil(spent.resetInMs / 1000)), 'Too many searches this minute. Please try again later.');
    }
    started.set(request, searchTimer.now());
  });
  app.addHook('onResponse', async (request) => {
    const from = started.get(request);
    if (from === undefined) return;
    await counters.spend(budgetKey(signedInUser(request)), searchTimer.now() - from, windowMs);
  });
}
