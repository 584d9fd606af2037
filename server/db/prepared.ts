// A statement whose planning costs more than its run, kept prepared on PostgreSQL (decision 224).
//
// PostgreSQL parses, analyses and plans every statement a client sends unnamed, each time. For the
// achievement rules (twenty measures in one statement, run on the achievements page and inside every
// change that may earn one) planning is most of the cost: at a million people, 22.7 ms a run unnamed
// and 3.1 ms prepared (p50, one client). A named statement is parsed once per connection, and after
// five runs PostgreSQL may keep one generic plan for it.
//
// Only for statements of fixed text (values as parameters): node-postgres keeps every name it has
// prepared for the life of the connection, so a text that varied would grow that list without end.
// The name comes from the text, so two texts never share one. PGlite prepares every data statement
// already (pglite-statements.ts); there the name is ignored.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Queryable } from './client.ts';

interface Built {
  sql: string;
  params: unknown[];
}

/** The part of drizzle's session (of a database or of a transaction) this uses. */
interface Session {
  dialect: { sqlToQuery(query: SQL): Built };
  prepareQuery(query: Built, fields: undefined, name: string, arrayMode: false): { execute(): Promise<unknown> };
}

/** The statement's name: from its text, so one name never stands for two texts on a connection. */
function preparedName(text: string): string {
  return `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/** Runs `query` as a named prepared statement; answers as `db.execute` does. */
export async function executePrepared<Row>(db: Queryable, query: SQL): Promise<{ rows: Row[] }> {
  const session = (db as unknown as { session: Session }).session;
  const built = session.dialect.sqlToQuery(query);
  return (await session.prepareQuery(built, undefined, preparedName(built.sql), false).execute()) as { rows: Row[] };
}
