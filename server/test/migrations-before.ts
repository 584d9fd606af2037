// For the tests of a migration that converts data: a PGlite migrated up to the one before it, so a
// test can write rows the old way, then run the rest (`migrateAll`) and read what the migration made.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../db/client.ts';

/**
 * Migrates `client` up to, not including, the migration whose tag ends with `_{name}`; throws if
 * there is no such migration (or it is the first). Returns `migrateAll`, which runs the rest, and
 * `migrateThis`, which runs that migration alone (for a test of what it made that a later migration
 * changes again).
 */
export async function migrateUpTo(
  client: PGlite,
  name: string,
): Promise<{ migrateAll: () => Promise<void>; migrateThis: () => Promise<void> }> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(`_${name}`));
  if (at < 1) throw new Error(`no migration before one named ${name}`);
  const upTo = (count: number) => {
    const folder = mkdtempSync(path.join(tmpdir(), `migrations-before-${name}-`));
    cpSync(migrationsFolder, folder, { recursive: true });
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
    return folder;
  };
  const db = drizzle({ client });
  await migrate(db, { migrationsFolder: upTo(at) });
  return {
    migrateAll: () => migrate(db, { migrationsFolder }),
    migrateThis: () => migrate(db, { migrationsFolder: upTo(at + 1) }),
  };
}
