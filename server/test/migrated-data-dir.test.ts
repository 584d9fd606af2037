// The process tests' DATA_DIR with its database migrated already (decision 299).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, pgliteOptions } from '../db/client.ts';
import { migratedDataDir } from './migrated-data-dir.ts';

// Making the template when no run has made it yet compiles PGlite and migrates it: minutes on a loaded machine.
describe('a migrated data directory', { timeout: 180_000 }, () => {
  it('holds a database with every migration applied and no rows, as a server opens it', async () => {
    const dataDir = await migratedDataDir('profiles-migrated-');
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    // Opened as it is, without applying anything: each migration is in drizzle's journal already.
    const client = await PGlite.create({ ...pgliteOptions, dataDir: path.join(dataDir, 'pgdata') });
    try {
      const applied = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
      const users = await client.query<{ n: number }>('select count(*)::int as n from users');
      expect(users.rows[0]!.n).toBe(0);
    } finally {
      await client.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
