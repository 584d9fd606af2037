// The databases API test files use, kept per worker and emptied between files (decision 229).
// A file used to get a new database: a PGlite clone of the migrated template (1.6–2.4 s of CPU, most
// of a file's set-up) or a PostgreSQL database copied from the template and dropped afterwards
// (~280 ms). Migrations leave every table empty, so a database a file has finished with is made equal
// to the template again by emptying its tables and setting the sequences back to the values they had
// when the database was new. The tables are emptied by DELETE, only those holding rows, with triggers
// and foreign keys off for the transaction (session_replication_role): a TRUNCATE of all 67 tables
// makes new files for every table and index and cost 0.6–2.6 s a file on PostgreSQL (fsync at commit)
// and on PGlite, where a file's few rows take 20–120 ms to delete (decision 299).
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, wrapPglite, type Database } from '../db/client.ts';
import { openMigratedPgliteTemplate } from './pglite-template-cache.ts';
import { adminUrl, keptDatabaseName, templateDatabase, testDbKind, withDatabase } from './postgres-urls.ts';

/** A database a test file holds: `release()` empties it and gives it back; `close()` really closes it. */
export interface PooledDatabase extends Database {
  release(): Promise<void>;
}

interface Kept {
  database: Database;
  /** How the database is brought back to the template's state. */
  reset: Reset;
}

interface Reset {
  /** The application's tables (not drizzle's migration journal). */
  tables: string[];
  /** Sets every sequence back to its value in the template, and frees any session lock a test left. */
  after: string[];
  /**
   * Whether the connection may turn triggers and foreign keys off (a superuser, as the test servers'
   * roles are): then only the tables holding rows are emptied, by DELETE; otherwise every table by TRUNCATE.
   */
  replicaRole: boolean;
}

const idle: Kept[] = [];
let made = 0;

/** How many databases this worker has copied from the template (its own test reads it). */
export function databasesMade(): number {
  return made;
}

let pgliteTemplate: Promise<PGlite> | undefined;

// One migrated PGlite per worker; each new database is a clone of it, as ARCHITECTURE "The embedded
// database" measured. The template itself is cached on disk (pglite-template-cache.ts).
function migratedPgliteTemplate(): Promise<PGlite> {
  pgliteTemplate ??= openMigratedPgliteTemplate();
  return pgliteTemplate;
}

/** The rows a statement answers (both drivers answer `{ rows }`). */
async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The qualified names of the `public` schema's relations of these kinds (partitions left to their parent). */
async function relationsOf(database: Database, kinds: ('r' | 'p' | 'S')[]): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    database,
    sql`select format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in (${sql.raw(kinds.map((kind) => `'${kind}'`).join(', '))}) and n.nspname = 'public' and not c.relispartition
      order by 1`,
  );
  return rows.map((row) => row.name);
}

/**
 * How to reset a database just copied from the template: the tables of the application's schema (not
 * drizzle's migration journal), and every sequence's value as it is now. Reading it from the catalogue
 * keeps it right when a migration adds a table or a sequence.
 */
async function resetOf(database: Database): Promise<Reset> {
  const tables = await relationsOf(database, ['r', 'p']);
  for (const table of tables) {
    const [row] = await rowsOf<{ count: number }>(database, sql.raw(`select count(*)::int as count from ${table}`));
    // A migration that writes reference rows would need them kept, which a TRUNCATE would not do.
    if (row && row.count > 0) throw new Error(`${table} has ${row.count} rows in the template: the test reset empties it`);
  }
  const sequences = await relationsOf(database, ['S']);
  const values: string[] = [];
  for (const sequence of sequences) {
    const [row] = await rowsOf<{ last_value: string; is_called: boolean }>(
      database,
      sql.raw(`select last_value::text, is_called from ${sequence}`),
    );
    if (row) values.push(`setval(${quoteLiteral(sequence)}, ${row.last_value}, ${row.is_called ? 'true' : 'false'})`);
  }
  const [role] = await rowsOf<{ superuser: boolean }>(database, sql`select current_setting('is_superuser') = 'on' as superuser`);
  return {
    tables,
    after: [
      values.length ? `select ${values.join(', ')}` : '',
      // A session lock a failed test left behind must not block the next file.
      'select pg_advisory_unlock_all()',
    ].filter(Boolean),
    replicaRole: role?.superuser === true,
  };
}

async function newPostgresDatabase(): Promise<Database> {
  // Named after the run's template, so the run's global teardown drops every one a worker kept.
  const name = keptDatabaseName(randomBytes(6).toString('hex'));
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(templateDatabase)}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(withDatabase(adminUrl(), name), { max: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl() });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

async function newDatabase(): Promise<Kept> {
  made += 1;
  const database =
    testDbKind() === 'postgres'
      ? await newPostgresDatabase()
      : await wrapPglite((await (await migratedPgliteTemplate()).clone()) as PGlite);
  return { database, reset: await resetOf(database) };
}

async function runReset({ database, reset }: Kept): Promise<void> {
  if (reset.replicaRole && reset.tables.length) {
    const holding = await rowsOf<{ name: string }>(
      database,
      sql.raw(
        `select name from (values ${reset.tables.map((table) => `(${quoteLiteral(table)}, exists (select from ${table}))`).join(', ')}) as t (name, held) where held`,
      ),
    );
    if (holding.length) {
      // The replica role fires no trigger and checks no foreign key, so the tables empty in any order
      // and nothing a trigger would write on a delete is left behind.
      await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw('set local session_replication_role = replica'));
        for (const { name } of holding) await tx.execute(sql.raw(`delete from ${name}`));
      });
      // PGlite runs no autovacuum: the deleted rows' space is given back here, as TRUNCATE would have.
      if (database.kind === 'pglite') for (const { name } of holding) await database.db.execute(sql.raw(`vacuum ${name}`));
    }
  } else if (reset.tables.length) {
    await database.db.execute(sql.raw(`truncate ${reset.tables.join(', ')}`));
  }
  for (const statement of reset.after) await database.db.execute(sql.raw(statement));
}

/** A database equal to the migrated template: one this worker kept, or a new copy of the template. */
export async function acquireDatabase(): Promise<PooledDatabase> {
  const kept = idle.pop() ?? (await newDatabase());
  let done = false;
  return {
    ...kept.database,
    async release() {
      if (done) return;
      done = true;
      try {
        await runReset(kept);
      } catch {
        // A database the file broke (closed its pool, left it mid-transaction) is not kept.
        await kept.database.close().catch(() => {});
        return;
      }
      idle.push(kept);
    },
    async close() {
      if (done) return;
      done = true;
      await kept.database.close();
    },
  };
}
