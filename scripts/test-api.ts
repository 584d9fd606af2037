// `npm run test:api`: the API suite on PGlite, then on PostgreSQL when it answers.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
const run = (db: string, extra: string[] = []) =>
  spawnSync(vitest, ['run', '--project', 'api', ...extra], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: db },
  }).status ?? 1;

let status = run('pglite');
const reachable = spawnSync(process.execPath, [path.join(root, 'scripts', 'postgres-reachable.ts')]).status === 0;
// Process-level tests (*.process.test.ts) run the embedded default; the PGlite pass ran them.
if (reachable) status ||= run('postgres', ['--exclude', '**/*.process.test.ts']);
else process.stdout.write('NOTICE: PostgreSQL is not reachable: the API suite ran on PGlite only.\n');
process.exit(status);
