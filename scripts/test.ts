// `npm test`: every check in order (typecheck, lint, unit, API on PGlite and on PostgreSQL, browser),
// then one summary line counting the tests of every runner. Runs all steps even after a failure so
// one run shows everything; exits non-zero if any step failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  counts?: () => Counts | undefined;
}

function vitestCounts(file: string): () => Counts | undefined {
  return () => {
    if (!existsSync(file)) return undefined;
    const json = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
  };
}

function playwrightCounts(file: string): () => Counts | undefined {
  return () => {
    if (!existsSync(file)) return undefined;
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  };
}

const vitest = (project: string, out: string, env: Record<string, string> = {}, extra: string[] = []): Step => ({
  name: `${project} tests${env['TEST_DB'] ? ` (${env['TEST_DB']})` : ''}`,
  command: bin('vitest'),
  args: ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra],
  env,
  counts: vitestCounts(out),
});

const postgresReachable = spawnSync(process.execPath, [path.join(root, 'scripts', 'postgres-reachable.ts')], {
  stdio: 'inherit',
}).status === 0;

const steps: Step[] = [
  { name: 'build', command: process.execPath, args: [path.join(root, 'scripts', 'build-if-stale.ts')] },
  { name: 'typecheck (astro check)', command: bin('astro'), args: ['check', '--minimumSeverity', 'warning'] },
  { name: 'typecheck (tsc)', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  vitest('unit', path.join(results, 'unit.json')),
  vitest('api', path.join(results, 'api-pglite.json'), { TEST_DB: 'pglite' }),
];
if (postgresReachable) {
  // Process-level tests (*.process.test.ts) run the embedded default as a real process; the PGlite pass ran them.
  steps.push(
    vitest('api', path.join(results, 'api-postgres.json'), { TEST_DB: 'postgres' }, ['--exclude', '**/*.process.test.ts']),
  );
} else {
  process.stdout.write('\nNOTICE: PostgreSQL is not reachable (TEST_DATABASE_URL or 127.0.0.1:5432): the API suite runs on PGlite only.\n');
}
steps.push(
  { name: 'chromium', command: 'bash', args: [path.join(root, 'scripts', 'ensure-chromium.sh')] },
  {
    name: 'browser tests',
    command: bin('playwright'),
    args: ['test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'e2e.json') },
    counts: playwrightCounts(path.join(results, 'e2e.json')),
  },
);

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];
const timings: string[] = [];
for (const step of steps) {
  process.stdout.write(`\n━━ ${step.name} ━━\n`);
  const started = Date.now();
  const run = spawnSync(step.command, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...(process.env['CI'] ? { NO_COLOR: '1' } : { FORCE_COLOR: '1' }), ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = step.counts?.();
  if (counts) {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  const ok = run.status === 0;
  if (!ok) failedSteps.push(step.name);
  timings.push(`  ${ok ? 'ok  ' : 'FAIL'} ${step.name} (${seconds} s)${counts ? `: ${counts.passed} passed, ${counts.failed} failed` : ''}`);
}

process.stdout.write(`\n━━ summary ━━\n${timings.join('\n')}\n`);
if (failedSteps.length) process.stdout.write(`\nFailed steps: ${failedSteps.join(', ')}\n`);
process.stdout.write(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
process.exit(failedSteps.length ? 1 : 0);
