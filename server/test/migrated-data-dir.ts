// A DATA_DIR for a real server process whose embedded database is migrated already: the migrated PGlite
// template the API tests clone (pglite-template-cache.ts), unpacked as the data directory's pgdata. A
// server over an empty DATA_DIR makes its database (initdb) and applies every migration first: about
// 10 s of CPU, where one over this directory starts in about 5 (decision 299). The first start over an
// empty folder keeps its own test (main.process.test.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migratedTemplateFile } from './pglite-template-cache.ts';

/** A new folder under the system's temporary one, named `prefix…`, holding a migrated database. */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = await migratedTemplateFile();
  const pgdata = path.join(dataDir, 'pgdata');
  mkdirSync(pgdata);
  // The dump's names start at the data directory's root ('/base/…'): tar makes them relative.
  const unpacked = spawnSync('tar', ['-xzf', template, '-C', pgdata], { encoding: 'utf8' });
  if (unpacked.status !== 0 || !existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new Error(`could not unpack the migrated template ${template}:\n${unpacked.stderr}`);
  }
  return dataDir;
}
