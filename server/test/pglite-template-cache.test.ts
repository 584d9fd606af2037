// The on-disk template of the API tests: keyed by the migrations, written once, loaded after.
import { cpSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../db/client.ts';
import { openMigratedPgliteTemplate, templateKey } from './pglite-template-cache.ts';

// Making a template compiles PGlite and migrates it: a hook's time on a loaded machine, not a test's.
describe('the cached PGlite template', { timeout: 180_000 }, () => {
  it('is keyed by the migrations: changing one byte of a migration changes the key', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'profiles-migrations-'));
    cpSync(migrationsFolder, copy, { recursive: true });
    const before = templateKey(copy);
    expect(templateKey(copy)).toBe(before);
    const last = readdirSync(copy)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .at(-1)!;
    writeFileSync(path.join(copy, last), '-- changed\n', { flag: 'a' });
    expect(templateKey(copy)).not.toBe(before);
  });

  it('is written by the first worker and loaded, migrated, by the next; a stale one is removed', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'profiles-template-cache-'));
    writeFileSync(path.join(cacheDir, 'pglite-template-0000000000000000.tar.gz'), 'stale');
    const first = await openMigratedPgliteTemplate(cacheDir, 'aaaaaaaaaaaaaaaa');
    await first.close();
    expect(readdirSync(cacheDir)).toEqual(['pglite-template-aaaaaaaaaaaaaaaa.tar.gz']);
    const second = await openMigratedPgliteTemplate(cacheDir, 'aaaaaaaaaaaaaaaa');
    const tables = await second.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.rows[0]!.n).toBeGreaterThan(10);
    await second.close();
  });

  it('replaces a cache file it cannot read as a database', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'profiles-template-cache-'));
    const file = path.join(cacheDir, 'pglite-template-bbbbbbbbbbbbbbbb.tar.gz');
    writeFileSync(file, 'not a tarball');
    const client = await openMigratedPgliteTemplate(cacheDir, 'bbbbbbbbbbbbbbbb');
    expect((await client.query<{ ok: number }>('select 1 as ok')).rows[0]!.ok).toBe(1);
    await client.close();
    expect(existsSync(file)).toBe(true);
  });
});
