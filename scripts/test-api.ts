// `npm run test:api`: the API suite on PGlite, then on PostgreSQL when it answers, then the server
// tests that need no test database (once), then the process-level tests (they start real processes).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
const run = (db: string, project = 'api') =>
  spawnSync(vitest, ['run', '--project', project], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: db },
  }).status ?? 1;

let status = run('pglite');
const reachable = spawnSync(process.execPath, [path.join(root, 'scripts', 'postgres-reachable.ts')]).status === 0;
if (reachable) status ||= run('postgres');
else process.stdout.write('NOTICE: PostgreSQL is not reachable: the API suite ran on PGlite only.\n');
status ||= run('pglite', 'server');
status ||= run('pglite', 'process');
process.exit(status);
