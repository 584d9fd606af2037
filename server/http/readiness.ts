// Whether this process can serve (issue 27): the database answers a query and Redis (when configured)
// answers PING, each within two seconds.
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';

export type CheckState = 'up' | 'down' | 'not_configured';

const within = <T>(ms: number, work: Promise<T>): Promise<T> =>
  Promise.race([work, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);

export function readiness(db: Db, redis: Redis | undefined, timeoutMs = 2000) {
  return async (): Promise<{ database: CheckState; redis: CheckState }> => {
    const [database, cache] = await Promise.all([
      within(timeoutMs, db.execute(sql`select 1`)).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      redis
        ? within(timeoutMs, redis.ping()).then(
            (answer) => (answer === 'PONG' ? ('up' as const) : ('down' as const)),
            () => 'down' as const,
          )
        : Promise.resolve('not_configured' as const),
    ]);
    return { database, redis: cache };
  };
}
