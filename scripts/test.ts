// `npm test`: every check (build, typecheck, lint, unit, lint boundaries, API on PGlite and on
// PostgreSQL, process-level tests, browser), then one summary line counting the tests of every runner.
// Two lanes run at once: the browser tests (the longest step) beside every other step in turn
// (decision 054); whichever lane is free takes the next step left, so neither stands idle while the
// other has a queue (decision 210), the longest first (decision 300). The queue starts with the build;
// only what reads dist/ waits for it (decision 223). Each step's output is kept in
// test-results/logs and printed whole when the step ends, so lanes never interleave. Runs all steps
// even after a failure so one run shows everything; exits non-zero if any step failed.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { longestFirst } from './test-queue.ts';

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
  /**
   * About how long the step takes on a quiet machine of CI's kind (two cores, the other lane busy beside
   * it), from the last clean-clone run: the shared queue takes the longest first (decision 300).
   */
  seconds: number;
  env?: Record<string, string>;
  counts?: () => Counts | undefined;
  /** The failed tests' names, each with the first line of its error, for the summary's end. */
  failures?: () => string[];
  /** Reads dist/ or writes beside the build (astro's generated types): starts once the build has ended. */
  afterBuild?: boolean;
}

/** The first line of an error message, without colour codes, cut to fit one line of the summary. */
const firstLine = (message: string | undefined) =>
  stripVTControlCharacters(message ?? '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';

function vitestCounts(file: string): () => Counts | undefined {
  return () => {
    if (!existsSync(file)) return undefined;
    const json = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
  };
}

function vitestFailures(file: string): () => string[] {
  return () => {
    if (!existsSync(file)) return [];
    const json = JSON.parse(readFileSync(file, 'utf8'));
    return json.testResults.flatMap(
      (suite: {
        name: string;
        assertionResults: { status: string; fullName: string; failureMessages: string[] }[];
        message?: string;
        status: string;
      }) => {
        const failed = suite.assertionResults.filter((test) => test.status === 'failed');
        const file = path.relative(root, suite.name);
        if (!failed.length && suite.status === 'failed') return [`${file}: ${firstLine(suite.message)}`];
        return failed.map((test) => `${file} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
      },
    );
  };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: {
      projectName: string;
      status: string;
      results: { error?: { message?: string; location?: { file: string; line: number } } }[];
    }[];
  }[];
}

/**
 * A journey's failure in one line: the error's first line, where in the spec it stopped and what it
 * was waiting for, so a failure seen only in CI's summary can be traced to its step.
 */
function failureDetail(error: { message?: string; location?: { file: string; line: number } } | undefined) {
  const message = stripVTControlCharacters(error?.message ?? '');
  const locator = /^Locator: (.*)$/m.exec(message)?.[1]?.trim().slice(0, 200);
  const where = error?.location ? `${path.relative(root, error.location.file)}:${error.location.line}` : undefined;
  const context = [where && `at ${where}`, locator && `waiting for ${locator}`].filter(Boolean).join(', ');
  return context ? `${firstLine(message)} (${context})` : firstLine(message);
}

function playwrightFailures(file: string): () => string[] {
  return () => {
    if (!existsSync(file)) return [];
    const { suites } = JSON.parse(readFileSync(file, 'utf8')) as { suites: PlaywrightSuite[] };
    const out: string[] = [];
    const walk = (suite: PlaywrightSuite, titles: string[], top: boolean) => {
      // A file's own suite adds no title: the file and line name it already.
      const here = top ? [] : [...titles, suite.title];
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) {
          if (test.status !== 'unexpected') continue;
          const error = test.results.map((result) => result.error).find((found) => found?.message);
          out.push(`${spec.file}:${spec.line} [${test.projectName}] ${[...here, spec.title].join(' › ')}: ${failureDetail(error)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, here, false);
    };
    for (const suite of suites) walk(suite, [], true);
    return out;
  };
}

function playwrightCounts(file: string): () => Counts | undefined {
  return () => {
    if (!existsSync(file)) return undefined;
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  };
}

const vitest = (project: string, seconds: number, out: string, env: Record<string, string> = {}, extra: string[] = []): Step => ({
  name: `${project} tests${env['TEST_DB'] ? ` (${env['TEST_DB']})` : ''}`,
  seconds,
  command: bin('vitest'),
  args: ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra],
  env,
  counts: vitestCounts(out),
  failures: vitestFailures(out),
});

const postgresReachable =
  spawnSync(process.execPath, [path.join(root, 'scripts', 'postgres-reachable.ts')], {
    stdio: 'inherit',
  }).status === 0;

// astro check type-checks every file tsconfig.json includes (`**/*`: server/, scripts/, tests/ too),
// so a separate tsc pass repeated it (checked by planting a type error in each: decision 053).
const staticLane: Step[] = [
  // astro check writes the generated types in .astro/ that the build writes too.
  {
    name: 'typecheck (astro check)',
    seconds: 72,
    command: bin('astro'),
    args: ['check', '--minimumSeverity', 'warning'],
    afterBuild: true,
  },
  { name: 'lint', seconds: 51, command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  // The formatter's check: a file Prettier would change fails the run; `npm run format` fixes it.
  { name: 'format', seconds: 19, command: bin('prettier'), args: ['--check', '.'] },
  vitest('unit', 60, path.join(results, 'unit.json'), {}, ['--project', 'unit-isolated']),
  vitest('server', 52, path.join(results, 'server.json')),
  // `npm start` as a real process serves dist/.
  { ...vitest('process', 123, path.join(results, 'process.json')), afterBuild: true },
];
const databaseLane: Step[] = [vitest('api', 179, path.join(results, 'api-pglite.json'), { TEST_DB: 'pglite' })];
if (postgresReachable) {
  databaseLane.push(vitest('api', 210, path.join(results, 'api-postgres.json'), { TEST_DB: 'postgres' }));
} else {
  process.stdout.write('\nNOTICE: PostgreSQL is not reachable (TEST_DATABASE_URL or 127.0.0.1:5432): the API suite runs on PGlite only.\n');
}
const chromiumStep: Step = { name: 'chromium', seconds: 0, command: 'bash', args: [path.join(root, 'scripts', 'ensure-chromium.sh')] };
const browserLane: Step[] = [
  {
    name: 'browser tests',
    seconds: 395,
    command: bin('playwright'),
    args: ['test', '--reporter=list,json'],
    // Against the test PostgreSQL where there is one: its queries run beside the server, not on its
    // thread as PGlite's do (decision 201). The API suite runs on both; the process tests on PGlite.
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'e2e.json'), E2E_DB: postgresReachable ? 'postgres' : 'pglite' },
    counts: playwrightCounts(path.join(results, 'e2e.json')),
    failures: playwrightFailures(path.join(results, 'e2e.json')),
    afterBuild: true,
  },
];

const logs = path.join(results, 'logs');
mkdirSync(logs, { recursive: true });
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];
const failedTests: string[] = [];
const timings: string[] = [];
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...(process.env['CI'] ? { NO_COLOR: '1' } : { FORCE_COLOR: '1' }) };

let built: Promise<void> = Promise.resolve();
const timeCommand = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
let cpuTotal = 0;

/** Runs one step with its output in a log file, printed whole when it ends; records its time and counts. */
async function runStep(step: Step): Promise<void> {
  if (step.afterBuild) await built;
  const started = Date.now();
  const logFile = path.join(logs, `${step.name.replace(/[^\w]+/g, '-')}.log`);
  const log = createWriteStream(logFile);
  // The step's processor time (its own and its children's), where GNU time is installed: on two cores
  // the run's floor is the sum of these over two, whatever the order of the steps.
  const cpuFile = `${logFile}.cpu`;
  const [command, args] = timeCommand
    ? [timeCommand, ['-q', '-f', '%U %S', '-o', cpuFile, step.command, ...step.args]]
    : [step.command, step.args];
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...env, ...step.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code));
  });
  await new Promise<void>((resolve) => log.end(resolve));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const cpu = existsSync(cpuFile)
    ? readFileSync(cpuFile, 'utf8')
        .trim()
        .split(/\s+/)
        .reduce((sum, part) => sum + Number(part), 0)
    : undefined;
  if (cpu !== undefined && Number.isFinite(cpu)) cpuTotal += cpu;
  process.stdout.write(`\n━━ ${step.name} (${seconds} s) ━━\n${readFileSync(logFile, 'utf8')}`);
  const counts = step.counts?.();
  if (counts) {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  const ok = status === 0;
  if (!ok) failedSteps.push(step.name);
  if (!ok) failedTests.push(...(step.failures?.() ?? []).map((line) => `  ${step.name}: ${line}`));
  timings.push(
    `  ${ok ? 'ok  ' : 'FAIL'} ${step.name} (${seconds} s${cpu !== undefined && Number.isFinite(cpu) ? `, ${cpu.toFixed(0)} s CPU` : ''})${counts ? `: ${counts.passed} passed, ${counts.failed} failed` : ''}`,
  );
}

/** Runs `first` in order, then takes steps from `shared` until none is left (decision 210). */
async function runLane(first: Step[], shared: Step[]): Promise<void> {
  for (const step of first) await runStep(step);
  for (let step = shared.shift(); step; step = shared.shift()) await runStep(step);
}

const runStarted = Date.now();
// The build, Chromium's install (a minute of apt on a new machine, mostly waiting on the network and
// the disk) and the shared queue all start at once: only the steps marked afterBuild wait for dist/,
// and the browser tests for Chromium too (decision 223).
built = runStep({ name: 'build', seconds: 15, command: process.execPath, args: [path.join(root, 'scripts', 'build-if-stale.ts')] });
const chromium = runStep(chromiumStep);
// The longest steps first, so the lane that frees up first takes the short ones at the end: with the
// times above, the written order (the API suites, typecheck, lint, format, unit, server, process) left
// the process tests' two minutes running alone at the end, 644 s in all against 593 s (decision 300).
const shared = longestFirst([...databaseLane, ...staticLane]);
await Promise.all([
  // The browser tests wait for the build as every afterBuild step does, and for Chromium here.
  chromium.then(() => runLane(browserLane, shared)),
  runLane([], shared),
]);

const wall = ((Date.now() - runStarted) / 1000).toFixed(1);
const cpuLine = timeCommand ? `, ${cpuTotal.toFixed(0)} s CPU in all` : '';
process.stdout.write(`\n━━ summary ━━\n${timings.join('\n')}\n  wall clock ${wall} s${cpuLine}\n`);
if (failedSteps.length) process.stdout.write(`\nFailed steps: ${failedSteps.join(', ')}\n`);
// The failed tests come again last, so a reader of the output's tail alone sees which ones and why.
if (failedTests.length) process.stdout.write(`\nFailed tests:\n${failedTests.join('\n')}\n`);
process.stdout.write(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
process.exit(failedSteps.length ? 1 : 0);
