// The databases API test files use, kept per worker and emptied between files (decision 229).
// A file used to get a new database: a PGlite clone of the migrated template (1.6–2.4 s of CPU, most
// of a file's set-up) or a PostgreSQL database copied from the template and dropped afterwards
// (~280 ms). Migrations leave every table empty, so a database a file has finished with is made equal
// to the template again by one TRUNCATE of every table and the sequences set back to the values they
// had when the database was new: tens of milliseconds on either engine.
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
  /** The statements that bring the database back to the template's state. */
  reset: string[];
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
 * The reset statements of a database just copied from the template: the tables of the application's
 * schema (not drizzle's migration journal), and every sequence's value as it is now. Reading it from the
 * catalogue keeps it right when a migration adds a table or a sequence.
 */
async function resetStatements(database: Database): Promise<string[]> {
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
  return [
    tables.length ? `truncate ${tables.join(', ')}` : '',
    values.length ? `select ${values.join(', ')}` : '',
    // A session lock a failed test left behind must not block the next file.
    'select pg_advisory_unlock_all()',
  ].filter(Boolean);
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
  return { database, reset: await resetStatements(database) };
}

async function runReset(kept: Kept): Promise<void> {
  for (const statement of kept.reset) await kept.database.db.execute(sql.raw(statement));
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
