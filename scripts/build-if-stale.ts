// Builds the site when dist/ is missing, older than any of its sources, or built with other public
// settings than the environment now has (realtime keys, socket host and port, site URL, heatmap id:
// integrations/build-settings.ts), so `npm start` and the browser tests always serve what the
// sources and the environment say.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildSettingsFile, buildSettingsFingerprint } from '../integrations/build-settings.ts';

const root = path.resolve(import.meta.dirname, '..');
const sources = ['src', 'public', 'contract', 'integrations', 'astro.config.ts', 'package.json', 'tsconfig.json'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const s = statSync(entry);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function builtFingerprint(dist: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(dist, buildSettingsFile), 'utf8')) as { fingerprint?: string }).fingerprint;
  } catch {
    return undefined;
  }
}

/** Why dist/ needs building, or undefined when it does not. */
export function staleReason(env: NodeJS.ProcessEnv = process.env, dist = path.join(root, 'dist')): string | undefined {
  const stamp = path.join(dist, 'version.json');
  if (!existsSync(stamp)) return 'dist/ is missing';
  const built = statSync(stamp).mtimeMs;
  if (sources.some((source) => newestMtime(path.join(root, source)) > built)) return 'dist/ is older than its sources';
  if (builtFingerprint(dist) !== buildSettingsFingerprint(env))
    return 'dist/ was built with other public settings (realtime keys, socket host, site URL, heatmap id)';
  return undefined;
}

/** Whether dist/ needs building. */
export function isSiteStale(): boolean {
  return staleReason() !== undefined;
}

/** Builds the site if stale; exits the process when the build fails. */
export function buildIfStale(): void {
  const reason = staleReason();
  if (!reason) return;
  process.stdout.write(`Building the site (${reason})…\n`);
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
