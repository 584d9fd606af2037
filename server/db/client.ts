// One client factory: embedded PGlite in DATA_DIR by default, PostgreSQL through `pg` when DATABASE_URL is set.
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { withStatementCache } from './pglite-statements.ts';
import * as baseSchema from './schema.ts';
import * as profileSchema from './profile-schema.ts';
import * as notificationSchema from './notification-schema.ts';
import * as companySchema from './company-schema.ts';
import * as activitySchema from './activity-schema.ts';
import * as careersSchema from './careers-schema.ts';
import * as credentialsSchema from './credentials-schema.ts';
import * as securitySchema from './security-schema.ts';
import * as publicProfileSchema from './public-profile-schema.ts';
import * as jobsSchema from './jobs-schema.ts';

/** Every table and relation, for drizzle's query API (the replica's handle too: server/db/replica.ts). */
export const schema = {
  ...baseSchema,
  ...profileSchema,
  ...notificationSchema,
  ...companySchema,
  ...activitySchema,
  ...careersSchema,
  ...credentialsSchema,
  ...securitySchema,
  ...publicProfileSchema,
  ...jobsSchema,
};

/** The query surface services use; the same on both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`: pass it down, never `db` (ARCHITECTURE, PGlite). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: functions that run inside or outside a transaction take this. */
export type Queryable = Db | Tx;

/** A connected database and how to close it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onNotify` for each NOTIFY on `channel`. PostgreSQL delivers a NOTIFY sent inside a
   * transaction only once it commits, which makes this the after-commit hook (decision 080).
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** The PostgreSQL pool's connections (metrics); none for PGlite, which has one in-process connection. */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  /** PostgreSQL's pool: a read replica's reads fall back to it (server/db/replica.ts). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** What every PGlite this app opens needs: pg_trgm, which search's migration creates (decision 185). */
export const pgliteOptions = { extensions: { pg_trgm } } satisfies PGliteOptions;

/** Opens PGlite stored in `dir` (or in memory when `dir` is undefined) and applies migrations. */
export async function openPglite(dir?: string): Promise<Database> {
  if (dir) await mkdir(dir, { recursive: true });
  const client = await PGlite.create({ ...pgliteOptions, ...(dir ? { dataDir: dir } : {}) });
  return wrapPglite(client);
}

/** Wraps an already open PGlite (tests pass clones of a migrated template). */
export async function wrapPglite(client: PGlite): Promise<Database> {
  const db = drizzlePglite({ client: withStatementCache(client), schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, () => onNotify());
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

/** Connects to PostgreSQL at `url` and applies migrations. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client that errors (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  return {
    db,
    kind: 'postgres',
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
    pool,
    close: () => pool.end(),
  };
}

// LISTEN needs a connection of its own, outside the pool; it reconnects after an error with a
// short pause, and the relay's periodic sweep covers any NOTIFY lost in between.
async function listenPostgres(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on('error', () => {
      void next.end().catch(() => {});
      if (!stopped) setTimeout(() => void connect().catch(() => {}), 1000).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
    if (stopped) await next.end();
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

/** Opens the database the configuration names. */
export async function openDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(path.join(config.dataDir, 'pgdata'));
}
