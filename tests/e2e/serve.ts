// The server the browser tests talk to: a fresh data directory each run, demo data seeded.
import { rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(import.meta.dirname, `../../.test-data/e2e-${process.env['PORT'] ?? 'default'}`);
rmSync(dataDir, { recursive: true, force: true });
process.env['DATA_DIR'] = dataDir;
process.env['NODE_ENV'] = 'test';
process.env['LOG_LEVEL'] ??= 'warn';
const { main } = await import('../../server/main.ts');
await main();
