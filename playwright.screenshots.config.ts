import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// `npm run screenshots`: the browser tests' server and browser, the screenshot spec only, one worker.
export default defineConfig({
  ...base,
  testDir: 'tests/screenshots',
  fullyParallel: false,
  workers: 1,
  reporter: 'list',
  timeout: 180_000,
  // The full browser, as people see the site (the journeys use the headless shell: decision 210).
  use: { ...base.use, launchOptions: { ...base.use?.launchOptions, executablePath: '/usr/bin/chromium' } },
});
