// Parses the environment once, with zod, and fails loudly naming the variable at fault.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { companyOriginOf } from '../contract/company-hosts.ts';
import type { ConnectionLimits } from './http/connection-limits.ts';
import { parseRealtimeConfig, type RealtimeConfig } from './shared/realtime/config.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
);

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  HOST: z.preprocess(emptyToUndefined, z.string().default('localhost')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(4321)),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('.data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  // A streaming replica for the reads that tolerate a moment's lag, and how far behind it may be before
  // those reads go to the primary (decision 254). Needs DATABASE_URL: PGlite has no replica.
  DATABASE_READ_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_READ_MAX_LAG_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0.1).max(3600).default(5)),
  SITE_DIR: z.preprocess(emptyToUndefined, z.string().default('dist')),
  PUBLIC_SITE_URL: optionalString,
  ALLOWED_ORIGINS: optionalString,
  // The proxies in front whose X-Forwarded-For entries are believed: true (or 1) the one nearest, a
  // number for a chain (a CDN, then nginx); false (or 0) none. Only that many entries from the right are
  // read: a proxy appends the address it saw, so what a client wrote itself further left is never its address.
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(true|false|\d)$/, 'must be true, false or the number of proxies in front (0-9)')
      .optional()
      .transform((v) => (v === 'true' ? 1 : v === undefined || v === 'false' ? 0 : Number(v))),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Profiles <no-reply@profiles.test>')),
  DEMO_EMAIL: z.preprocess(emptyToUndefined, z.email().default('demo@profiles.test')),
  DEMO_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).default('Demo-Passw0rd')),
  SESSION_TTL_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3650).default(365)),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()),
  // Encrypts the companies' credential signing keys at rest (decision 190).
  CREDENTIAL_KEY: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  // The key that encrypts two-step sign-in secrets at rest (decision 180): 32 bytes as 64 hex digits.
  TWO_FACTOR_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 random bytes, e.g. `openssl rand -hex 32`)')
      .optional(),
  ),
  // Keys TWO_FACTOR_KEY replaced (decision 228): comma-separated, each 64 hex digits. What they sealed
  // still opens, and is sealed again under the current key when used; passkeys made under them still
  // sign in.
  TWO_FACTOR_KEYS_RETIRED: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}(,[0-9a-fA-F]{64})*$/, 'must be 64 hex digits a key, separated by commas (no spaces)')
      .optional(),
  ),
  // Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (decision 195).
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)')
      .optional(),
  ),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
  // Prometheus metrics at /metrics for a scraper sending this bearer token; no /metrics without it.
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  // How long SIGTERM waits for requests in flight before the process exits anyway.
  SHUTDOWN_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(600).default(25)),
  // Slow connections (decision 231): the headers' deadline, the longest silence in
  // the middle of a request (a stalled body), the whole request's deadline (an hour: a 100 MB upload on
  // a slow line must not be cut, decision 174), and the connections one
  // address may hold (0: no cap; off by default behind TRUST_PROXY, where every connection is the proxy's).
  HEADERS_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(600).default(30)),
  BODY_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(600).default(30)),
  REQUEST_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(86_400).default(3600)),
  // The least a body must bring in each BODY_TIMEOUT_SECONDS window (8 KiB per 30 s: a line of 2 kbit/s
  // passes; a body trickled a byte at a time is cut; 0 turns the rule off), and the connections the whole
  // server holds at once (past them new ones wait in the kernel's backlog).
  BODY_MIN_BYTES_PER_WINDOW: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_000_000_000).default(8192)),
  MAX_CONNECTIONS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(10_000)),
  MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000).optional()),
  // URLs in one sitemap file: the protocol's 50,000; tests set a few.
  SITEMAP_URLS_PER_FILE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(2).max(50_000).default(50_000)),
  // Seconds of search one person may spend a minute (decision 242); the API tests raise it.
  SEARCH_SECONDS_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3600).default(10)),
  // The test runs' cheap password hashing (server/shared/auth/passwords.ts, decision 229); refused in production.
  PASSWORD_HASH_COST: z.preprocess(emptyToUndefined, z.enum(['standard', 'test']).default('standard')),
  // Company domain checks (decision 248): the resolvers asked (comma-separated addresses, each
  // with an optional port: 9.9.9.9, 9.9.9.9:53, [2620:fe::fe]:53; the system's own without it), the
  // seconds one check may take, and, outside production only, a port on which domains under .test are
  // checked over plain http and may resolve to loopback (the tests' own servers).
  DNS_SERVERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => value.split(',').every(isResolverAddress), 'must be IP addresses with an optional port, separated by commas')
      .optional(),
  ),
  DOMAIN_CHECK_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(30).default(5)),
  DOMAIN_CHECK_TEST_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  S3_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9._/-]*\/$/, "must end with '/' (e.g. uploads/)")
      .default(''),
  ),
});

/** `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53`: what node's resolver takes as a server. */
function isResolverAddress(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(entry);
  if (bracketed) return isIP(bracketed[1]!) === 6 && Number(bracketed[2]) <= 65535;
  const withPort = /^([\d.]+):(\d{1,5})$/.exec(entry);
  if (withPort) return isIP(withPort[1]!) === 4 && Number(withPort[2]) <= 65535;
  return isIP(entry) !== 0;
}

/** How the company domain checks reach the outside (decision 248). */
export interface DomainCheckConfig {
  /** Resolver addresses; empty: the system's. */
  dnsServers: string[];
  /** The longest one check (DNS or file, redirects included) may take. */
  timeoutMs: number;
  /** Development and tests only: `.test` domains are fetched over http on this port and may be loopback. */
  testPort: number | undefined;
  /** The site's address, whose host the companies' did:web names: the DID Configuration check compares it (decision 258). */
  siteUrl: string;
}

/** The development default of CREDENTIAL_KEY (printed at start); production refuses to start without one. */
export const developmentCredentialKey = 'profiles-development-credential-key-not-secret';

/**
 * The development key for two-step secrets: printed at start, refused in production. Secrets stored
 * under it are readable by anyone with the source, so only for trying the product locally.
 */
export const developmentTwoFactorKey = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

/**
 * Connections one address may hold at once without a proxy in front: a browser opens about six a
 * host, so this leaves room for an office behind one address, and a flood from one address takes
 * a few hundred of the process's descriptors, not all of them (decision 231).
 */
export const defaultConnectionsPerAddress = 256;

export type Env = z.infer<typeof EnvSchema>;

/** An S3-compatible bucket for uploads (AWS S3, MinIO, Cloudflare R2, Ceph). */
export interface S3Config {
  bucket: string;
  /** Empty for AWS itself; the store's URL otherwise. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither: without them the SDK's own chain (environment, instance role) is used. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Object keys start with this ('' or ending in '/'). */
  prefix: string;
}

/** The server's resolved configuration. */
export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A streaming replica of DATABASE_URL for lag-tolerant reads (decision 254); only with databaseUrl. */
  databaseReadUrl: string | undefined;
  /** Past this lag the replica's reads go to the primary. */
  replicaMaxLagMs: number;
  siteDir: string;
  publicSiteUrl: string;
  allowedOrigins: string[];
  trustProxy: boolean;
  /** How many proxies stand in front (TRUST_PROXY): the client's address is that many X-Forwarded-For entries from the right. */
  proxyHops: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  /** Uploads on this machine; with `s3` only their incoming (not yet checked) copies. */
  uploadsDir: string;
  /** Set when uploads live in a bucket (S3_BUCKET). */
  s3: S3Config | undefined;
  /** The bearer token /metrics wants; no /metrics without it. */
  metricsToken: string | undefined;
  shutdownTimeoutMs: number;
  /** Deadlines and the per-address cap of the API's connections (decision 231). */
  connections: ConnectionLimits;
  /** URLs in one sitemap file; past it `/sitemap.xml` is an index of files (decision 232). */
  sitemapUrlsPerFile: number;
  /** Milliseconds of search one person may spend a minute, over every search route (decision 242). */
  searchMsPerMinute: number;
  demo: { email: string; password: string } | undefined;
  sessionTtlMs: number;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  /**
   * Each request is logged in production, or where LOG_LEVEL asks for it; a developer's console
   * otherwise shows only what needs them (start-up, codes in outbox mode, warnings, errors).
   */
  logRequests: boolean;
  /** pino's JSON in production; one readable line a record elsewhere (server/http/line-log.ts). */
  logFormat: 'json' | 'line';
  realtime: RealtimeConfig;
  /** The secret the credential signing keys are encrypted with (decision 190). */
  credentialKey: string;
  /** True when credentialKey is the development default (printed at start). */
  usingDefaultCredentialKey: boolean;
  /** AES-256-GCM key of the two-step secrets (decision 180). */
  twoFactorKey: Buffer;
  /** True when `twoFactorKey` is the development default (printed at start). */
  usingDevelopmentTwoFactorKey: boolean;
  /** Keys `twoFactorKey` replaced (decision 228): they still open what they sealed, newest first. */
  retiredTwoFactorKeys: Buffer[];
  /** Resolvers, time limit and the test port of the company domain checks (decision 248). */
  domainChecks: DomainCheckConfig;
}

export class ConfigError extends Error {}

/** Builds the configuration from `env`; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const realtime = parseRealtimeConfig(env, e.NODE_ENV);
  const problems = [...realtime.problems];
  // Like the realtime secrets: development gets a printed default, production refuses to start.
  if (e.NODE_ENV === 'production' && !e.CREDENTIAL_KEY) problems.push('CREDENTIAL_KEY: required in production');
  if (e.NODE_ENV === 'production' && !e.TWO_FACTOR_KEY) problems.push('TWO_FACTOR_KEY: required in production');
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS)
    problems.push('HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS');
  if (e.NODE_ENV === 'production' && e.PASSWORD_HASH_COST === 'test') problems.push('PASSWORD_HASH_COST: test is refused in production');
  if (e.NODE_ENV === 'production' && e.DOMAIN_CHECK_TEST_PORT !== undefined)
    problems.push('DOMAIN_CHECK_TEST_PORT: refused in production (domain checks there are https to public addresses only)');
  if (e.DATABASE_READ_URL && !e.DATABASE_URL)
    problems.push('DATABASE_READ_URL: needs DATABASE_URL (the embedded PGlite has no replica; set both, or neither)');
  if (!realtime.config || problems.length) {
    throw new ConfigError(`Invalid environment:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  const s3Problems: string[] = [];
  if (!e.S3_BUCKET) {
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const) {
      if (e[name]) s3Problems.push(`  ${name}: needs S3_BUCKET (uploads stay in DATA_DIR/uploads without it)`);
    }
  } else if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    s3Problems.push(
      `  ${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together`,
    );
  }
  if (s3Problems.length) throw new ConfigError(`Invalid environment:\n${s3Problems.join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicSiteUrl = (e.PUBLIC_SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // The company host (SPEC §7) is the same site under company.{host}: its pages call the same API.
  const allowedOrigins = new Set([publicSiteUrl, companyOriginOf(publicSiteUrl)]);
  if (!e.PUBLIC_SITE_URL) {
    allowedOrigins.add(`http://127.0.0.1:${e.PORT}`);
    allowedOrigins.add(`http://[::1]:${e.PORT}`);
  }
  for (const origin of (e.ALLOWED_ORIGINS ?? '').split(',')) {
    if (origin.trim()) allowedOrigins.add(origin.trim().replace(/\/$/, ''));
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    replicaMaxLagMs: e.DATABASE_READ_MAX_LAG_SECONDS * 1000,
    siteDir: path.resolve(e.SITE_DIR),
    publicSiteUrl,
    allowedOrigins: [...allowedOrigins],
    trustProxy: e.TRUST_PROXY > 0,
    proxyHops: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    uploadsDir: path.join(dataDir, 'uploads'),
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    connections: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: e.BODY_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      minBodyBytesPerWindow: e.BODY_MIN_BYTES_PER_WINDOW,
      total: e.MAX_CONNECTIONS,
      perAddress: e.MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY ? 0 : defaultConnectionsPerAddress),
    },
    sitemapUrlsPerFile: e.SITEMAP_URLS_PER_FILE,
    searchMsPerMinute: e.SEARCH_SECONDS_PER_MINUTE * 1000,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
        }
      : undefined,
    // Demo data is for trying the product locally; a production database never gets a known password.
    demo: e.NODE_ENV === 'production' ? undefined : { email: e.DEMO_EMAIL.toLowerCase(), password: e.DEMO_PASSWORD },
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    logLevel: e.LOG_LEVEL ?? 'info',
    logRequests: e.NODE_ENV === 'production' || e.LOG_LEVEL !== undefined,
    logFormat: e.NODE_ENV === 'production' ? 'json' : 'line',
    realtime: realtime.config,
    credentialKey: e.CREDENTIAL_KEY ?? developmentCredentialKey,
    usingDefaultCredentialKey: !e.CREDENTIAL_KEY,
    twoFactorKey: Buffer.from(e.TWO_FACTOR_KEY ?? developmentTwoFactorKey, 'hex'),
    usingDevelopmentTwoFactorKey: !e.TWO_FACTOR_KEY,
    retiredTwoFactorKeys: (e.TWO_FACTOR_KEYS_RETIRED?.split(',') ?? []).map((hex) => Buffer.from(hex, 'hex')),
    domainChecks: {
      dnsServers: e.DNS_SERVERS?.split(',') ?? [],
      timeoutMs: e.DOMAIN_CHECK_TIMEOUT_SECONDS * 1000,
      testPort: e.DOMAIN_CHECK_TEST_PORT,
      siteUrl: publicSiteUrl,
    },
  };
}
