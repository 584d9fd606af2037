// Search's time budget (decision 242): each person may spend so many seconds of search a minute, over
// people search, its suggestions and finding openings together, measured as the searches took. On the
// embedded PGlite a search runs on the server's own thread and no timer can cancel it: a crafted
// search at 100,000 people took 1.4 s there, so one account at its 60 searches a minute could hold the
// whole server for most of each minute (SEARCH_SECONDS_PER_MINUTE, 10 s by default). A person past the budget is answered 429 until the minute is
// over; ordinary searches take milliseconds and never come near it. Kept in this process's memory,
// since it guards this process's thread.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import { TooManyError } from '../domain-errors.ts';
import { signedInUser } from './auth/guard.ts';

const windowMs = 60_000;

/** How long a search took; a seam the tests hold still or move on. */
export const searchTimer = { now: (): number => performance.now() };

interface Spent {
  ms: number;
  resetAt: number;
}

/** One app's budgets, shared by every search route of it. */
const budgetsOf = new WeakMap<object, Map<number, Spent>>();

const started = new WeakMap<object, number>();

/**
 * Adds the budget to every route of `app` (after its sign-in guard). `owner` names the app the budgets
 * belong to (its deps), so the people and openings searches of one app share them.
 */
export function limitSearchTime(app: FastifyInstance, owner: object, clock: Clock, searchMsPerMinute: number): void {
  let budgets = budgetsOf.get(owner);
  if (!budgets) budgetsOf.set(owner, (budgets = new Map()));
  const spending = budgets;
  app.addHook('preHandler', async (request) => {
    const now = clock.now().getTime();
    const spent = spending.get(signedInUser(request));
    if (spent && spent.resetAt > now && spent.ms >= searchMsPerMinute) {
      throw new TooManyError(
        Math.max(1, Math.ceil((spent.resetAt - now) / 1000)),
        'Too many searches this minute. Please try again later.',
      );
    }
    started.set(request, searchTimer.now());
  });
  app.addHook('onResponse', async (request) => {
    const from = started.get(request);
    if (from === undefined) return;
    const took = Math.max(0, searchTimer.now() - from);
    const userId = signedInUser(request);
    const now = clock.now().getTime();
    const spent = spending.get(userId);
    if (!spent || spent.resetAt <= now) spending.set(userId, { ms: took, resetAt: now + windowMs });
    else spent.ms += took;
    // Memory stays bounded: budgets whose minute is over go as others are written.
    if (spending.size > 10_000) for (const [id, entry] of spending) if (entry.resetAt <= now) spending.delete(id);
  });
}
