// `npm run test:feature -- <feature> [--watch] [--postgres]`: the fast inner loop. Runs one
// feature's unit and API tests (every test file whose path names it: server/careers/, src/islands/careers/,
// src/lib/base/careers-timeline.test.ts, contract/careers…) on PGlite, with the migrated template loaded from
// disk (server/test/pglite-template-cache.ts). `--watch` keeps vitest watching those files;
// `--postgres` runs the API part on the local PostgreSQL instead.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const watch = args.includes('--watch');
const postgres = args.includes('--postgres');
const features = args.filter((arg) => !arg.startsWith('--'));
if (features.length === 0) {
  process.stderr.write(
    'Usage: npm run test:feature -- <feature> [more features] [--watch] [--postgres]\n  e.g. npm run test:feature -- careers\n',
  );
  process.exit(2);
}
const result = spawnSync(
  path.join(root, 'node_modules', '.bin', 'vitest'),
  [watch ? 'watch' : 'run', '--project', 'unit', '--project', 'unit-isolated', '--project', 'api', '--project', 'server', ...features],
  { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DB: postgres ? 'postgres' : 'pglite' } },
);
process.exit(result.status ?? 1);
