// A read replica by configuration (decision 254): reads that tolerate a moment's lag go to
// DATABASE_READ_URL while it answers and keeps up; the person who just wrote reads from the primary
// until the replica has replayed past their write; everything else, and every fallback, is the primary.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';
import { schema } from './client.ts';

/** What readiness says of the replica: it is never a reason to be not ready. */
export type ReplicaState = 'up' | 'lagging' | 'down' | 'not_configured';

export interface ReadReplica {
  /**
   * The handle for a read that tolerates a moment's lag, made for `reader` (the signed-in person, or
   * undefined for an anonymous page): the replica while it is up, within the lag bound, and has
   * replayed past the reader's last write; the primary otherwise.
   */
  readerDb(reader: number | undefined): Db;
  /** Records that `person` has just written: their reads stay on the primary until the replica has it. */
  wrote(person: number): void;
  /** Records that `person` has just written through another process (replica-share.ts); not announced again. */
  heard(person: number): void;
  state(): ReplicaState;
  close(): Promise<void>;
}

interface ReplicaOptions {
  /** The replica is not read from once its measured lag is past this. */
  maxLagMs: number;
  /** How often the replica's replay position is compared with the primary's. */
  probeIntervalMs?: number;
  onStateChange?: (state: Exclude<ReplicaState, 'not_configured'>, lagMs: number | undefined) => void;
  /** Tells the other processes of a write made here (replica-share.ts). */
  announce?: (person: number) => void;
}

/** `X/Y` (hex halves of a WAL position) as one number. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * The replica's staleness from the primary's positions sampled over time: the replica holds every
 * commit made before the newest sample whose position it has replayed. A replica that is not in
 * recovery (`replay` null: DATABASE_READ_URL naming a primary) holds everything.
 */
export class LagGauge {
  private samples: { at: number; lsn: bigint }[] = [];
  /** Every commit before this moment is on the replica (as of the last probe). */
  freshAsOf = Number.NEGATIVE_INFINITY;

  private readonly keep: number;

  constructor(keep = 600) {
    this.keep = keep;
  }

  /** Takes the primary's position at `at` and the replica's replay position read after it; returns the lag. */
  observe(at: number, primary: bigint, replay: bigint | null, now: number): number {
    this.samples.push({ at, lsn: primary });
    if (this.samples.length > this.keep) this.samples.shift();
    let newest = -1;
    for (let i = 0; i < this.samples.length; i += 1) if (replay === null || this.samples[i]!.lsn <= replay) newest = i;
    if (newest >= 0) {
      this.freshAsOf = this.samples[newest]!.at;
      this.samples = this.samples.slice(newest);
    }
    // Behind every sample kept: at least as old as the oldest.
    return now - (newest >= 0 ? this.freshAsOf : this.samples[0]!.at);
  }
}

/**
 * Whether an error on the replica is the replica's (unreachable, shutting down, a query cancelled by
 * replay) rather than the query's own: those reads are run again on the primary. Data, constraint and
 * syntax errors (SQLSTATE classes 22, 23, 42) and a statement past its time limit (57014) would fail
 * there too.
 */
function replicaFault(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return !(typeof code === 'string' && /^(22|23|42|57014$)/.test(code));
}

/** A pool on the replica whose queries and connections fall back to the primary's when the replica fails. */
class FallbackPool extends pg.Pool {
  private readonly primary: () => pg.Pool;
  private readonly failed: () => void;

  constructor(config: pg.PoolConfig, primary: () => pg.Pool, failed: () => void) {
    super(config);
    this.primary = primary;
    this.failed = failed;
  }

  override query(...args: unknown[]): never {
    const run = super.query as (...a: unknown[]) => unknown;
    if (typeof args[args.length - 1] === 'function') return run.apply(this, args) as never;
    return (run.apply(this, args) as Promise<unknown>).catch((error: unknown) => {
      if (!replicaFault(error)) throw error;
      this.failed();
      return (this.primary().query as (...a: unknown[]) => Promise<unknown>)(...args);
    }) as never;
  }

  override connect(...args: unknown[]): never {
    const connect = super.connect as (...a: unknown[]) => unknown;
    if (args.length) return connect.apply(this, args) as never;
    return (connect.apply(this) as Promise<pg.PoolClient>).catch(() => {
      this.failed();
      return this.primary().connect();
    }) as never;
  }
}

const within = <T>(ms: number, work: Promise<T>): Promise<T> =>
  Promise.race([work, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);

/**
 * Opens the replica at `url` beside `primary` (whose pool its reads fall back to) and starts comparing
 * positions. Never fails: a replica down at start is reported as down and probed again.
 */
export async function openReplica(url: string, primary: { db: Db; pool: pg.Pool }, options: ReplicaOptions): Promise<ReadReplica> {
  const probeIntervalMs = options.probeIntervalMs ?? 1000;
  let current: Exclude<ReplicaState, 'not_configured'> = 'down';
  const gauge = new LagGauge();
  const writes = new Map<number, number>();
  const pool = new FallbackPool(
    { connectionString: url, max: 10, connectionTimeoutMillis: 2000, idleTimeoutMillis: 30_000 },
    () => primary.pool,
    () => setState('down', undefined),
  );
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;

  function setState(next: typeof current, lag: number | undefined) {
    if (next === current) return;
    current = next;
    options.onStateChange?.(next, lag);
  }

  async function probe(): Promise<void> {
    const at = Date.now();
    let primaryLsn: bigint;
    try {
      const result = (await within(2000, primary.db.execute(sql`select pg_current_wal_lsn()::text as lsn`))) as unknown as {
        rows: { lsn: string }[];
      };
      primaryLsn = lsnValue(result.rows[0]!.lsn);
    } catch {
      return; // The primary's own trouble: readiness reports it; the replica's state stands.
    }
    try {
      // A client of its own (the pool's `connect` would fall back to the primary) reports the replica itself.
      const connect = pg.Pool.prototype.connect as (this: pg.Pool) => Promise<pg.PoolClient>;
      const client = await connect.call(pool);
      try {
        const result = await within(2000, client.query<{ replay: string | null }>('select pg_last_wal_replay_lsn()::text as replay'));
        client.release();
        const replay = result.rows[0]?.replay;
        const lag = gauge.observe(at, primaryLsn, replay ? lsnValue(replay) : null, Date.now());
        setState(lag > options.maxLagMs ? 'lagging' : 'up', lag);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
    } catch {
      setState('down', undefined);
    }
    // Writes the replica now holds need no primary any more.
    for (const [person, at] of writes) if (at < gauge.freshAsOf) writes.delete(person);
  }

  // One probe at a time, the next a second after the last ended: a slow replica never piles them up.
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let probing: Promise<void> = probe();
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      probing = probe().finally(next);
    }, probeIntervalMs);
    timer.unref();
  };
  await probing;
  next();

  return {
    readerDb(reader) {
      if (current !== 'up') return primary.db;
      if (reader !== undefined) {
        const wroteAt = writes.get(reader);
        if (wroteAt !== undefined && wroteAt >= gauge.freshAsOf) return primary.db;
      }
      return db;
    },
    wrote(person) {
      writes.set(person, Date.now());
      options.announce?.(person);
    },
    // The moment it is heard here: after the write, by this process's own clock.
    heard(person) {
      writes.set(person, Date.now());
    },
    state: () => current,
    async close() {
      stopped = true;
      clearTimeout(timer);
      await probing.catch(() => {});
      await pool.end();
    },
  };
}

/** The handle for a lag-tolerant read by `reader`: the replica's when one is configured, the primary otherwise. */
export function laggingReads(deps: { db: Db; replica?: ReadReplica | undefined }, reader?: number): Db {
  return deps.replica ? deps.replica.readerDb(reader) : deps.db;
}

/** For logs: `lagMs` rounded, or nothing. */
export function describeLag(lagMs: number | undefined): string {
  return lagMs === undefined ? '' : ` (${Math.round(lagMs)} ms behind)`;
}
