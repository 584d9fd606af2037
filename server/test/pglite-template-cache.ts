// The migrated PGlite every API test file clones, kept on disk between runs: a worker's
// first file used to spend most of its time migrating an empty database. The cache is keyed by the
// migrations' contents and PGlite's version, so a new or changed migration (or a PGlite upgrade)
// makes a new one; stale ones are removed when a new one is written.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, pgliteOptions, wrapPglite } from '../db/client.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
export const templateCacheDir = path.join(root, 'node_modules', '.cache', 'profiles-test');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

/** The cache key: every migration file (SQL, journal, snapshots) and the installed PGlite's version. */
export function templateKey(folder: string = migrationsFolder): string {
  const hash = createHash('sha256');
  const pgliteVersion = (
    JSON.parse(readFileSync(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }
  ).version;
  hash.update(`pglite ${pgliteVersion}\n`);
  for (const file of filesUnder(folder)) {
    hash.update(path.relative(folder, file));
    hash.update('\0');
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const templateFile = (cacheDir: string, key: string) => path.join(cacheDir, `pglite-template-${key}.tar.gz`);

/** The cached migrated data directory (a gzipped tar of it), made now when there is none. */
export async function migratedTemplateFile(cacheDir: string = templateCacheDir, key: string = templateKey()): Promise<string> {
  const file = templateFile(cacheDir, key);
  if (!existsSync(file)) await (await openMigratedPgliteTemplate(cacheDir, key)).close();
  if (!existsSync(file)) throw new Error(`the migrated template could not be written to ${file}`);
  return file;
}

/**
 * A migrated PGlite: loaded from the cached data directory when one exists for these migrations,
 * otherwise migrated now and written to the cache (atomically, so workers racing each other never
 * read half a file). Migrations still run over a loaded copy: with nothing to apply they only check.
 */
export async function openMigratedPgliteTemplate(cacheDir: string = templateCacheDir, key: string = templateKey()): Promise<PGlite> {
  const file = templateFile(cacheDir, key);
  let cached: Buffer | undefined;
  try {
    cached = readFileSync(file);
  } catch {
    cached = undefined;
  }
  if (cached) {
    try {
      const client = await PGlite.create({ ...pgliteOptions, loadDataDir: new Blob([new Uint8Array(cached)]) });
      await wrapPglite(client);
      return client;
    } catch {
      rmSync(file, { force: true });
    }
  }
  const client = await PGlite.create(pgliteOptions);
  await wrapPglite(client);
  const dump = await client.dumpDataDir('gzip');
  mkdirSync(cacheDir, { recursive: true });
  for (const old of readdirSync(cacheDir)) {
    if (/^pglite-template-[0-9a-f]+\.tar\.gz$/.test(old) && path.join(cacheDir, old) !== file)
      rmSync(path.join(cacheDir, old), { force: true });
  }
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  try {
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
  } catch {
    // A cache that cannot be written (read-only tree, full disk) only costs the next run its time.
    rmSync(partial, { force: true });
  }
  return client;
}
