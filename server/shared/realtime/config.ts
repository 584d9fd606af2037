// The realtime configuration (ARCHITECTURE "Realtime"): the two Pusher apps, where the hub listens,
// where the API publishes, and the hub's limits. Parsed with zod from the same environment as the
// server; development gets printed defaults, production refuses to start without the real values.
import { z } from 'zod';
import { realtimeApps, type RealtimeApp } from '../../../contract/realtime.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyToUndefined, schema.optional());
}
const optionalText = () => optional(z.string());
const portNumber = z.coerce.number().int().min(0).max(65535);
const count = (fallback: number) => z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(fallback));

const RealtimeEnv = z.object({
  REALTIME_PORT: z.preprocess(emptyToUndefined, portNumber.default(6001)),
  PUSHER_HOST: optional(z.string().regex(/^[A-Za-z0-9.:[\]-]+$/, 'must be a host name, without scheme or path')),
  PUSHER_PORT: optional(portNumber),
  PUSHER_SCHEME: z.preprocess(emptyToUndefined, z.enum(['http', 'https']).default('http')),
  REALTIME_PUBLIC_HOST: optionalText(),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')),
  REALTIME_MAX_CONNECTIONS: count(20_000),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: count(100),
  REALTIME_MAX_HTTP_CONNECTIONS: count(1_000),
  REALTIME_MAX_SOCKETS_PER_ACCOUNT: count(20),
  REALTIME_ACCOUNT_SLOT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(3).max(3600).default(60)),
  REALTIME_MAX_MESSAGE_BYTES: count(10 * 1024),
  REALTIME_ACTIVITY_TIMEOUT: count(120),
  PUSHER_ACHIEVEMENTS_APP_ID: optionalText(),
  PUSHER_ACHIEVEMENTS_APP_KEY: optionalText(),
  PUSHER_ACHIEVEMENTS_APP_SECRET: optionalText(),
  PUSHER_JOBS_APP_ID: optionalText(),
  PUSHER_JOBS_APP_KEY: optionalText(),
  PUSHER_JOBS_APP_SECRET: optionalText(),
});

/** One Pusher app: its id (HTTP API path), key (public, in the site) and secret (server only). */
export interface RealtimeAppConfig {
  name: RealtimeApp;
  id: string;
  key: string;
  secret: string;
}

export interface RealtimeConfig {
  apps: Record<RealtimeApp, RealtimeAppConfig>;
  /** True when the app credentials are the development defaults (printed at start). */
  usingDefaultApps: boolean;
  /** Whether `npm start` runs the embedded hub: only when PUSHER_HOST names no other server. */
  embedded: boolean;
  /** Where the embedded hub listens. */
  port: number;
  /** Where the API publishes (the embedded hub unless PUSHER_HOST is set). */
  publish: { host: string; port: number; scheme: 'http' | 'https' };
  /** The socket host the browser connects to when it is not ws.{site host} (localhost, IPs). */
  publicHost: string | undefined;
  redisUrl: string | undefined;
  /**
   * How long an account's socket slot lasts in Redis unless its hub renews it (every third of it): what
   * a crashed hub's sockets keep counting against their accounts (decision 298).
   */
  accountSlotTtlMs: number;
  limits: {
    /** WebSockets one hub process admits (lowered to fit its descriptors, socket-limits.ts). */
    maxConnections: number;
    maxConnectionsPerAddress: number;
    /**
     * Connections the hub's port holds beside its admitted sockets: Channels API calls, upgrades being
     * answered, refused sockets closing. The port as a whole holds the socket cap plus these; past that
     * a new connection is closed at once.
     */
    maxHttpConnections: number;
    /**
     * Sockets one account may hold on its private channels at once, over every hub process sharing
     * REDIS_URL (decision 298); one free account held every slot.
     */
    maxSocketsPerAccount: number;
    maxMessageBytes: number;
    activityTimeoutSeconds: number;
  };
}

const developmentApps: Record<RealtimeApp, Omit<RealtimeAppConfig, 'name'>> = {
  achievements: { id: '1001', key: 'achievements-dev-key', secret: 'achievements-dev-secret' },
  jobs: { id: '1002', key: 'jobs-dev-key', secret: 'jobs-dev-secret' },
};

const variableOf = (app: RealtimeApp, part: 'ID' | 'KEY' | 'SECRET') =>
  `PUSHER_${app.toUpperCase() as Uppercase<RealtimeApp>}_APP_${part}` as const;

/**
 * Reads the realtime settings from `env`. Returns the problems instead of throwing, so the server's
 * one config loader can report them with the rest.
 */
export function parseRealtimeConfig(
  env: NodeJS.ProcessEnv,
  nodeEnv: 'development' | 'production' | 'test',
): { config: RealtimeConfig; problems: string[] } | { config: undefined; problems: string[] } {
  const parsed = RealtimeEnv.safeParse(env);
  if (!parsed.success) {
    return { config: undefined, problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  }
  const e = parsed.data;
  const problems: string[] = [];
  let usingDefaultApps = false;
  const apps = {} as Record<RealtimeApp, RealtimeAppConfig>;
  for (const name of realtimeApps) {
    const given = { id: e[variableOf(name, 'ID')], key: e[variableOf(name, 'KEY')], secret: e[variableOf(name, 'SECRET')] };
    if (given.id && given.key && given.secret) {
      apps[name] = { name, id: given.id, key: given.key, secret: given.secret };
      continue;
    }
    if (nodeEnv === 'production') {
      for (const part of ['ID', 'KEY', 'SECRET'] as const) {
        if (!given[part.toLowerCase() as 'id' | 'key' | 'secret']) problems.push(`${variableOf(name, part)}: required in production`);
      }
      continue;
    }
    usingDefaultApps = true;
    apps[name] = { name, ...developmentApps[name], ...stripUndefined(given) };
  }
  if (problems.length) return { config: undefined, problems };
  const keys = new Set(realtimeApps.map((name) => apps[name].key));
  if (keys.size !== realtimeApps.length) problems.push('PUSHER_JOBS_APP_KEY: must differ from PUSHER_ACHIEVEMENTS_APP_KEY');
  if (problems.length) return { config: undefined, problems };
  const embedded = !e.PUSHER_HOST;
  return {
    problems,
    config: {
      apps,
      usingDefaultApps,
      embedded,
      port: e.REALTIME_PORT,
      publish: embedded
        ? { host: 'localhost', port: e.REALTIME_PORT, scheme: 'http' }
        : { host: e.PUSHER_HOST!, port: e.PUSHER_PORT ?? (e.PUSHER_SCHEME === 'https' ? 443 : 80), scheme: e.PUSHER_SCHEME },
      publicHost: e.REALTIME_PUBLIC_HOST,
      redisUrl: e.REDIS_URL,
      accountSlotTtlMs: e.REALTIME_ACCOUNT_SLOT_SECONDS * 1000,
      limits: {
        maxConnections: e.REALTIME_MAX_CONNECTIONS,
        maxConnectionsPerAddress: e.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
        maxHttpConnections: e.REALTIME_MAX_HTTP_CONNECTIONS,
        maxSocketsPerAccount: e.REALTIME_MAX_SOCKETS_PER_ACCOUNT,
        maxMessageBytes: e.REALTIME_MAX_MESSAGE_BYTES,
        activityTimeoutSeconds: e.REALTIME_ACTIVITY_TIMEOUT,
      },
    },
  };
}

function stripUndefined<T extends Record<string, string | undefined>>(value: T): Partial<Record<keyof T, string>> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<Record<keyof T, string>>;
}

/** The app a public key belongs to. */
export function appByKey(config: RealtimeConfig, key: string): RealtimeAppConfig | undefined {
  return realtimeApps.map((name) => config.apps[name]).find((app) => app.key === key);
}

/** What the site is built with: the two public keys and the socket host and port; never a secret. */
export interface PublicRealtimeSettings {
  keys: Record<RealtimeApp, string>;
  /** The configured socket host; null means ws.{page host}, or the page's own origin locally. */
  host: string | null;
  port: number;
  /** The socket origins the Content-Security-Policy allows beside 'self'. */
  socketOrigins: string[];
}

/**
 * The site's realtime settings from the same environment the server reads (the build runs with
 * NODE_ENV=production, so missing apps fall back to the development keys here; the server itself
 * still refuses to start without them in production).
 */
export function publicRealtimeSettings(env: NodeJS.ProcessEnv): PublicRealtimeSettings {
  const { config, problems } = parseRealtimeConfig(env, 'development');
  if (!config) throw new Error(`Invalid realtime environment:\n${problems.join('\n')}`);
  // SPEC §7 and §9: the browser's sockets use port 6001 whatever port the hub binds behind a proxy.
  const port = Number(env['REALTIME_PUBLIC_PORT'] ?? 6001);
  const siteHost = env['PUBLIC_SITE_URL'] ? new URL(env['PUBLIC_SITE_URL']).hostname : undefined;
  const socketHost = config.publicHost ?? (siteHost && !isLocalHostName(siteHost) ? `ws.${siteHost}` : undefined);
  return {
    keys: { achievements: config.apps.achievements.key, jobs: config.apps.jobs.key },
    host: config.publicHost ?? null,
    port,
    socketOrigins: socketHost ? [`ws://${socketHost}:${port}`, `wss://${socketHost}:${port}`] : [],
  };
}

/** localhost, *.localhost and IP addresses: no ws. subdomain exists for them (SPEC §7's host rule). */
export function isLocalHostName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');
}
