// `npm test`: every check (build, typecheck, lint, unit, lint boundaries, API on PGlite and on
// PostgreSQL, process-level tests, browser), then one summary line counting the tests of every runner.
// After the build, two lanes run at once: the browser tests (the longest step, and one that waits on
// pages more than it computes) beside every other step in turn (decision 054). Each step's output is kept in
// test-results/logs and printed whole when the step ends, so lanes never interleave. Runs all steps
// even after a failure so one run shows everything; exits non-zero if any step failed.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

// astro check type-checks every file tsconfig.json includes (`**/*`: server/, scripts/, tests/ too),
// so a separate tsc pass repeated it (checked by planting a type error in each: decision 053).
const staticLane: Step[] = [
  { name: 'typecheck (astro check)', command: bin('astro'), args: ['check', '--minimumSeverity', 'warning'] },
  { name: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  vitest('unit', path.join(results, 'unit.json')),
  vitest('process', path.join(results, 'process.json')),
];
const databaseLane: Step[] = [vitest('api', path.join(results, 'api-pglite.json'), { TEST_DB: 'pglite' })];
if (postgresReachable) {
  databaseLane.push(vitest('api', path.join(results, 'api-postgres.json'), { TEST_DB: 'postgres' }));
} else {
  process.stdout.write('\nNOTICE: PostgreSQL is not reachable (TEST_DATABASE_URL or 127.0.0.1:5432): the API suite runs on PGlite only.\n');
}
const browserLane: Step[] = [
  { name: 'chromium', command: 'bash', args: [path.join(root, 'scripts', 'ensure-chromium.sh')] },
  {
    name: 'browser tests',
    command: bin('playwright'),
    args: ['test', '--reporter=list,json'],
    // Against the test PostgreSQL where there is one: its queries run beside the server, not on its
    // thread as PGlite's do (decision 201). The API suite runs on both; the process tests on PGlite.
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'e2e.json'), E2E_DB: postgresReachable ? 'postgres' : 'pglite' },
    counts: playwrightCounts(path.join(results, 'e2e.json')),
  },
];

const logs = path.join(results, 'logs');
mkdirSync(logs, { recursive: true });
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];
const timings: string[] = [];
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...(process.env['CI'] ? { NO_COLOR: '1' } : { FORCE_COLOR: '1' }) };

/** Runs one step with its output in a log file, printed whole when it ends; records its time and counts. */
async function runStep(step: Step): Promise<void> {
  const started = Date.now();
  const logFile = path.join(logs, `${step.name.replace(/[^\w]+/g, '-')}.log`);
  const log = createWriteStream(logFile);
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(step.command, step.args, { cwd: root, env: { ...env, ...step.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code));
  });
  await new Promise<void>((resolve) => log.end(resolve));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`\n━━ ${step.name} (${seconds} s) ━━\n${readFileSync(logFile, 'utf8')}`);
  const counts = step.counts?.();
  if (counts) {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  const ok = status === 0;
  if (!ok) failedSteps.push(step.name);
  timings.push(`  ${ok ? 'ok  ' : 'FAIL'} ${step.name} (${seconds} s)${counts ? `: ${counts.passed} passed, ${counts.failed} failed` : ''}`);
}

async function runLane(lane: Step[]): Promise<void> {
  for (const step of lane) await runStep(step);
}

const runStarted = Date.now();
// The build comes first: the process-level and browser tests serve dist/.
await runStep({ name: 'build', command: process.execPath, args: [path.join(root, 'scripts', 'build-if-stale.ts')] });
await Promise.all([runLane(browserLane), runLane([...databaseLane, ...staticLane])]);

const wall = ((Date.now() - runStarted) / 1000).toFixed(1);
process.stdout.write(`\n━━ summary ━━\n${timings.join('\n')}\n  wall clock ${wall} s\n`);
if (failedSteps.length) process.stdout.write(`\nFailed steps: ${failedSteps.join(', ')}\n`);
process.stdout.write(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
process.exit(failedSteps.length ? 1 : 0);
