// The site is built again when the environment's public settings differ from the build's.
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSettingsFingerprint } from '../integrations/build-settings.ts';
import { staleReason } from './build-if-stale.ts';

const otherJobsApp = { PUSHER_JOBS_APP_ID: '9001', PUSHER_JOBS_APP_KEY: 'other-jobs-key', PUSHER_JOBS_APP_SECRET: 'other-jobs-secret' };

function builtDist(env: NodeJS.ProcessEnv): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'profiles-dist-'));
  const stamp = path.join(dist, 'version.json');
  writeFileSync(stamp, '{"ts":0}\n');
  // Newer than any source file, so only the settings can make it stale.
  const future = new Date(Date.now() + 24 * 60 * 60 * 1000);
  utimesSync(stamp, future, future);
  writeFileSync(path.join(dist, 'build-settings.json'), JSON.stringify({ fingerprint: buildSettingsFingerprint(env) }));
  return dist;
}

describe('build-if-stale', () => {
  it('keeps a build made with the same public settings', () => {
    expect(staleReason({}, builtDist({}))).toBeUndefined();
    expect(staleReason(otherJobsApp, builtDist(otherJobsApp))).toBeUndefined();
  });

  it('builds again when the realtime keys, the socket host or the site URL changed since', () => {
    const dist = builtDist({});
    expect(staleReason(otherJobsApp, dist)).toMatch(/other public settings/);
    expect(staleReason({ REALTIME_PUBLIC_HOST: 'ws.example.org' }, dist)).toMatch(/other public settings/);
    expect(staleReason({ PUBLIC_SITE_URL: 'https://profiles.example.org' }, dist)).toMatch(/other public settings/);
    expect(staleReason({ PUBLIC_HEATMAP_SITE_ID: '123' }, dist)).toMatch(/other public settings/);
  });

  it('builds when there is no build, or one without recorded settings', () => {
    expect(staleReason({}, path.join(tmpdir(), 'no-such-dist'))).toBe('dist/ is missing');
    const dist = builtDist({});
    writeFileSync(path.join(dist, 'build-settings.json'), '{}');
    expect(staleReason({}, dist)).toMatch(/other public settings/);
  });
});
