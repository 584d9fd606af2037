// The settings a build bakes into the site's files: the realtime keys, socket host and
// port, the site and API URLs, the heatmap id and the support address. A build records their
// fingerprint (dist/build-settings.json, written by build-artifacts.ts), and scripts/build-if-stale.ts
// builds again when the environment now says otherwise, so `npm start` with other PUSHER_* keys never
// serves a site that cannot reach its own hub.
import { createHash } from 'node:crypto';
import { publicRealtimeSettings } from '../server/shared/realtime/config.ts';

export const buildSettingsFile = 'build-settings.json';

/** What of the environment ends up in the built files, in a stable shape. */
export function publicBuildSettings(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const realtime = publicRealtimeSettings(env);
  return {
    realtime: { keys: realtime.keys, host: realtime.host, port: realtime.port, socketOrigins: realtime.socketOrigins },
    apiUrl: env['PUBLIC_API_URL'] ?? '',
    siteUrl: env['PUBLIC_SITE_URL'] ?? '',
    heatmapSiteId: env['PUBLIC_HEATMAP_SITE_ID'] ?? '',
    supportEmail: env['PUBLIC_SUPPORT_EMAIL'] ?? '',
  };
}

/** A short hash of those settings: equal for two environments that build the same site. */
export function buildSettingsFingerprint(env: NodeJS.ProcessEnv): string {
  return createHash('sha256')
    .update(JSON.stringify(publicBuildSettings(env)))
    .digest('hex')
    .slice(0, 16);
}
