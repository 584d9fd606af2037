// The unused-code check (`npm run lint`, decision 215): files nothing reaches, exports nothing imports,
// dependencies nothing uses. knip's plugins read astro.config.ts (src/pages/ are the site's entries),
// vitest.config.ts, playwright.config.ts, eslint, prettier and drizzle; the rest of the entry points
// are listed here. An export used only in its own file is not reported (only what other files could
// import counts); a kit component no screen uses yet is kept with a `@public` tag, a second name for
// one schema with `@alias`.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // The API and the realtime hub, started as `node server/main.ts` and `node server/hub-main.ts`.
    'server/main.ts',
    'server/hub-main.ts',
    // vitest.config.ts finds the server's test files by reading the folder, which knip cannot follow.
    'server/**/*.test.ts',
    // Run as `node scripts/x.ts` and `node bench/x.ts` (package.json scripts, README, decisions).
    'scripts/*.ts',
    'bench/*.ts',
    'tests/**/*.{test,spec}.ts',
  ],
  project: ['**/*.{ts,tsx,astro,mjs,js}'],
  ignoreExportsUsedInFile: true,
  // The machine's PostgreSQL tells the replica test where its programs are (server/replica.process.test.ts).
  ignoreBinaries: ['pg_config'],
  ignoreDependencies: [
    // Run by their file in node_modules, not imported: bench/lighthouse.ts and server/http/openapi-lint.test.ts.
    'lighthouse',
    '@redocly/cli',
  ],
};

export default config;
