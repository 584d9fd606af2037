import { defineConfig, devices } from '@playwright/test';

// The browser tests run the real server over a throwaway data directory, against the built site,
// in Debian's Chromium headless shell (scripts/ensure-chromium.sh installs it; nothing is downloaded):
// the same engine as the full browser without its windowing layers, a fifth faster a journey on two
// cores (decision 210). `E2E_CHROMIUM=/usr/bin/chromium` runs them in the full browser.
const port = Number(process.env['E2E_PORT'] ?? 4391);
export const baseURL = `http://localhost:${port}`;
// The run's own realtime hub, beside its server port: never 6001, which a developer's `npm start` holds.
export const realtimePort = port + 1000;

export default defineConfig({
  testDir: 'tests/e2e',
  // Per port, so two runs on one machine (a developer's and a helper's) never clear each other's files.
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Two workers, the server and Chromium share two cores: journeys get room to be slow, not flaky. The
  // longest journeys (several screens, both widths, axe in each state) take 20–30 s on a quiet machine;
  // with the machine loaded three to four times over they passed 60 s (decision 210). A ceiling, not a
  // wait: a passing journey takes no longer for it.
  timeout: 150_000,
  // An expectation waits up to 15 s: CI runs this lane beside the API lane on the same two cores, where a
  // sign-in's answer and render took over 5 s (decision 201), and over 10 s with the machine loaded.
  expect: { timeout: 15_000 },
  reporter: process.env['CI'] ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    baseURL,
    // DOM snapshots and the network on failure, without the screencast: its frames cost 13% of the
    // lane's time on two cores (decision 201). None under CI, where nobody can open a trace and only
    // the printed errors reach the report: recording them cost 7% of the lane (decision 217).
    // E2E_TRACE=on or off overrides either default.
    trace:
      (process.env['E2E_TRACE'] ?? (process.env['CI'] ? 'off' : 'on')) === 'off'
        ? 'off'
        : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env['E2E_CHROMIUM'] ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node tests/e2e/serve.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // A fresh embedded database migrates on start: over 100 s on a loaded two-core machine.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), E2E_PORT: String(port), REALTIME_PORT: String(realtimePort), E2E_DB: process.env['E2E_DB'] ?? 'pglite' },
  },
});
