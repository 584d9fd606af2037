import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Read by server/test/postgres-urls.ts in the workers, which inherit this process's environment.
process.env['TEST_TEMPLATE_DB'] ??= `profiles_test_template_${process.pid}`;

// The server's test files that open the test database (through harness.ts or the helpers on it) run
// once per database (TEST_DB); the rest bring their own PGlite (the migration and template tests) or
// need none, so they run once, in the "server" project, not again on PostgreSQL (decision 210).
const databaseHelpers = /from '(?:\.\.?\/)+(?:test\/)?(?:harness|auth-helpers|company-helpers)\.ts'/;
const serverTests = readdirSync(path.resolve(import.meta.dirname, 'server'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.process.test.ts'))
  .map((file) => `server/${file.split(path.sep).join('/')}`);
export const databaseTests = serverTests.filter((file) =>
  databaseHelpers.test(readFileSync(path.resolve(import.meta.dirname, file), 'utf8')),
);
export const onceTests = serverTests.filter((file) => !databaseTests.includes(file));

// The site's unit test files, and those of them that replace a module with `vi.mock`.
const unitInclude = [
  'src/**/*.test.{ts,tsx}',
  'contract/**/*.test.ts',
  'integrations/**/*.test.ts',
  'scripts/**/*.test.ts',
  'tests/lint/**/*.test.ts',
  'tests/structure/**/*.test.ts',
];
const mockingTests = ['src', 'contract', 'integrations', 'scripts', 'tests/lint', 'tests/structure']
  .flatMap((folder) =>
    readdirSync(path.resolve(import.meta.dirname, folder), { recursive: true, encoding: 'utf8' }).map(
      (file) => `${folder}/${file.split(path.sep).join('/')}`,
    ),
  )
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(path.resolve(import.meta.dirname, file), 'utf8')));
// A unit test's ceiling is above the 10 s its waits may take (src/lib/base/test-setup.ts): at the default 5 s a
// form's failure test timed out at a load average of 20 on two cores while its wait was still in time.
const unitProject = { include: unitInclude, environment: 'node' as const, setupFiles: ['src/lib/base/test-setup.ts'], testTimeout: 20_000 };

// Five projects: "unit" and "unit-isolated" (site library, contract, build integration; no database), "api" (the server
// against a real database: PGlite by default, PostgreSQL when TEST_DB=postgres), "server" (server
// tests that need neither) and "process" (real processes).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...unitProject,
          name: 'unit',
          exclude: mockingTests,
          // Files share their worker's modules and environment: a file's own setup and page cost 2 s
          // of CPU, three quarters of the project's time (101 s isolated, 30 s shared, decision 216).
          // The setup file gives each file a clean page; a file that keeps state at module level
          // resets it in its own hooks.
          isolate: false,
        },
      },
      {
        // A file that replaces a module (`vi.mock`) needs modules of its own: in a shared graph, a
        // component another file imported first keeps the real module.
        test: { ...unitProject, name: 'unit-isolated', include: mockingTests },
      },
      {
        test: {
          name: 'api',
          // Tests that start real processes (npm start, two API processes) have their own project.
          include: databaseTests,
          environment: 'node',
          // People's passwords hashed at the test cost (decision 229): the standard cost is proven by
          // server/shared/auth/passwords.test.ts, in the "server" project.
          env: { PASSWORD_HASH_COST: 'test' },
          globalSetup: ['server/test/global-setup.ts'],
          // A ceiling, not a wait: some tests build test contexts of their own (an app and a database
          // each), which took over 30 s on a loaded two-core machine.
          testTimeout: 60_000,
          // A worker's first file makes the PGlite template (WebAssembly compile and migrations): over
          // a minute on a loaded two-core machine, and that is a hook's time, not a test's.
          hookTimeout: 180_000,
          // PGlite costs ~400 MB a worker; two match the machine's two cores.
          maxWorkers: 2,
          // A run of several projects (npm run test:feature) runs them group by group; a project with
          // its own worker count needs a group of its own.
          sequence: { groupOrder: 1 },
          // Files share their worker's module graph, so the migrated PGlite template (harness.ts) and
          // its compiled WebAssembly are made once per worker, not once per file: each file then pays
          // a clone (~1 s) instead of a new PGlite (decision 054). Nothing in server/ keeps per-file
          // state at module level, and no API test mocks a module.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: onceTests,
          environment: 'node',
          // The migration tests build a PGlite and migrate it: a minute on a loaded two-core machine.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'process',
          include: ['server/**/*.process.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each test starts processes of its own; one file at a time keeps them off each other's ports and cores.
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/lib/**', 'contract/**', 'server/**'],
      exclude: ['**/*.test.*', 'server/test/**', 'server/db/migrations/**'],
      reporter: ['text-summary', 'json-summary'],
    },
  },
});
