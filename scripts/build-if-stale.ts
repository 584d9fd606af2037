// Builds the site when dist/ is missing or older than any of its sources, so `npm start` and the
// browser tests always serve what the sources say.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sources = ['src', 'public', 'contract', 'integrations', 'astro.config.ts', 'package.json', 'tsconfig.json'];
const stampFile = path.join(root, 'dist', 'version.json');

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const s = statSync(entry);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Whether dist/ needs building. */
export function isSiteStale(): boolean {
  if (!existsSync(stampFile)) return true;
  const built = statSync(stampFile).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

/** Builds the site if stale; exits the process when the build fails. */
export function buildIfStale(): void {
  if (!isSiteStale()) return;
  process.stdout.write('Building the site (dist/ is missing or older than its sources)…\n');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    process.stderr.write('The site build failed; see the messages above.\n');
    process.exit(result.status ?? 1);
  }
}

if (import.meta.main) buildIfStale();
