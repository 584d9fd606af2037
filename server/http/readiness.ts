// Whether this process can serve, so a load balancer sends it requests only then: the database answers a query, Redis (when configured)
// answers PING, and the uploads' store can take files (the folder is writable, or the S3 bucket
// answers, as a full disk or a lost bucket stops uploads), each within two seconds. The read replica's state (decision 254) is
// reported beside them, never counted: its reads go to the primary while it is down or behind.
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import type { ReadReplica, ReplicaState } from '../db/replica.ts';
import type { FileStore } from '../shared/uploads/store.ts';

export type CheckState = 'up' | 'down' | 'not_configured';

const within = <T>(ms: number, work: Promise<T>): Promise<T> =>
  Promise.race([work, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);

export function readiness(
  db: Db,
  redis: Redis | undefined,
  store: Pick<FileStore, 'check'>,
  replica?: Pick<ReadReplica, 'state'>,
  timeoutMs = 2000,
) {
  return async (): Promise<{ database: CheckState; redis: CheckState; uploads: CheckState; replica: ReplicaState }> => {
    const [database, cache, uploads] = await Promise.all([
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
      within(timeoutMs, store.check()).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
    ]);
    return { database, redis: cache, uploads, replica: replica?.state() ?? 'not_configured' };
  };
}
