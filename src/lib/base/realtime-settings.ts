// The realtime settings the site is built with (astro.config.ts defines __REALTIME_SETTINGS__ from
// the server's own configuration) and the socket endpoint a page connects to (SPEC §7).
import { companyHostPrefix, isCompanyHostname } from '../../../contract/company-hosts.ts';
import type { RealtimeApp } from '../../../contract/realtime.ts';

export interface RealtimeSettings {
  keys: Record<RealtimeApp, string>;
  host: string | null;
  port: number;
}

declare const __REALTIME_SETTINGS__: RealtimeSettings | undefined;

/** The built-in settings; undefined where the build defined none (unit tests). */
export function builtRealtimeSettings(): RealtimeSettings | undefined {
  return typeof __REALTIME_SETTINGS__ === 'undefined' ? undefined : __REALTIME_SETTINGS__;
}

function isLocalHostName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');
}

/**
 * Where the sockets go: the configured host on the configured port; else `ws.{host}` on port 6001
 * (SPEC §7), the personal host's also from `company.{host}`; locally (localhost, IP addresses: no ws.
 * subdomain exists) the page's own origin, whose server hands /app/{key} to the embedded hub.
 */
export function socketEndpoint(
  settings: RealtimeSettings,
  page: Pick<Location, 'hostname' | 'port' | 'protocol'>,
): { host: string; port: number } {
  if (settings.host) return { host: settings.host, port: settings.port };
  if (isLocalHostName(page.hostname)) {
    const port = page.port ? Number(page.port) : page.protocol === 'https:' ? 443 : 80;
    return { host: page.hostname.replace(/^\[|\]$/g, ''), port };
  }
  const host = isCompanyHostname(page.hostname) ? page.hostname.slice(companyHostPrefix.length) : page.hostname;
  return { host: `ws.${host}`, port: settings.port };
}
