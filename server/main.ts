// Starts the API and the built site on one origin: config, lock, database, demo data, listen.
import path from 'node:path';
import { buildApp } from './app.ts';
import { TokenStore } from './shared/auth/tokens.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from './db/lock.ts';
import { describeLag, openReplica, type ReadReplica } from './db/replica.ts';
import { shareWritesThroughRedis, type WriteShare } from './db/replica-share.ts';
import { seedDemo } from './demo/seed.ts';
import { demoCompanyName, demoCompanyOwnerEmail } from './demo/company.ts';
import { sweepUploads } from './shared/uploads/service.ts';
import { createFileStore } from './shared/uploads/store.ts';
import { createMetrics } from './http/metrics.ts';
import { companyOriginOf } from '../contract/company-hosts.ts';
import { lineLogStream } from './http/line-log.ts';
import { createOutboxMailer, createSmtpMailer } from './mail/mailer.ts';
import { createOutboxSmsSender } from './mail/sms.ts';
import { createNotificationRelay } from './notifications/relay.ts';
import { startDomainRechecks } from './domains/service.ts';
import { createRedisAdapter } from './realtime/adapter.ts';
import { createHub, type Hub } from './realtime/hub.ts';
import { createPusherTransport, createRealtime } from './shared/realtime/publisher.ts';

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

/** Opens the configured database behind the data-dir lock (PGlite only: PostgreSQL locks itself). */
export async function openConfiguredDatabase(config: Config): Promise<{ database: Database; release: () => void }> {
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  try {
    return { database: await openDatabase(config), release };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * The embedded realtime hub when the config asks for one, and where the server publishes to. Locally,
 * with the hub's port taken, the server still serves the site and the API (only live updates are
 * missing); in production, or on any other error, it stops after `closeDatabase`.
 */
async function startEmbeddedHub(
  config: Config,
  closeDatabase: () => Promise<void>,
): Promise<{ hub: Hub | undefined; publishTo: Config['realtime']['publish'] }> {
  const publishTo = config.realtime.publish;
  if (!config.realtime.embedded) return { hub: undefined, publishTo };
  const redisUrl = config.realtime.redisUrl;
  const hub = createHub({
    apps: Object.values(config.realtime.apps),
    limits: config.realtime.limits,
    connections: config.connections,
    // No proxyHops: TRUST_PROXY says how the API is reached; the embedded hub's own port is reached
    // directly (deploy/nginx.conf proxies no sockets), where X-Forwarded-For is the client's to write.
    allowedOrigins: config.allowedOrigins,
    adapter: redisUrl ? createRedisAdapter(redisUrl, { slotTtlMs: config.realtime.accountSlotTtlMs }) : undefined,
  });
  try {
    const port = await hub.listen(config.realtime.port, config.host);
    const wildcard = config.host === '0.0.0.0' || config.host === '::';
    return { hub, publishTo: { ...publishTo, host: wildcard ? '127.0.0.1' : config.host, port } };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = `Port ${config.realtime.port} (realtime) is already in use. Stop the other program or set REALTIME_PORT.`;
    if (code === 'EADDRINUSE' && config.env !== 'production') {
      process.stderr.write(`\n${message} Continuing without the realtime hub.\n`);
      await hub.close().catch(() => undefined);
      return { hub: undefined, publishTo };
    }
    await closeDatabase();
    if (code === 'EADDRINUSE') fail(message);
    throw error;
  }
}

/** What `npm start` prints once the server listens: where the site, workspace, data, mail and realtime are, and the demo accounts. */
export function startupBanner(
  config: Config,
  started: { database: Database['kind']; hubRunning: boolean; publishTo: Config['realtime']['publish']; demoCreated: boolean },
): string[] {
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Profiles is running at ${url}`,
    `  Company workspace: ${companyOriginOf(url)} (or choose the company in the profile menu)`,
    `  Database: ${started.database === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pgdata')}` : `PostgreSQL (DATABASE_URL${config.databaseReadUrl ? ', reads that tolerate lag from DATABASE_READ_URL' : ''})`}`,
    !config.smtpUrl ? `  Outbox:   mail and SMS are written to ${config.outboxDir}` : '  Mail:     SMTP (SMTP_URL)',
    !config.realtime.embedded
      ? `  Realtime: ${started.publishTo.scheme}://${started.publishTo.host}:${started.publishTo.port} (PUSHER_HOST)`
      : started.hubRunning
        ? `  Realtime: embedded hub at ws://localhost:${started.publishTo.port}${config.realtime.redisUrl ? ' (channels shared through REDIS_URL)' : ''}`
        : `  Realtime: off (port ${config.realtime.port} is in use; set REALTIME_PORT)`,
  ];
  if (config.realtime.usingDefaultApps) {
    const { achievements, jobs } = config.realtime.apps;
    lines.push(
      `            development apps: achievements id ${achievements.id} key ${achievements.key}, jobs id ${jobs.id} key ${jobs.key}`,
      '            (secrets are development defaults; set PUSHER_*_APP_ID/_KEY/_SECRET for anything real)',
    );
  }
  if (config.usingDefaultCredentialKey) {
    lines.push('  Credentials: signing keys sealed with the development CREDENTIAL_KEY (set CREDENTIAL_KEY for anything real)');
  }
  if (config.usingDevelopmentTwoFactorKey) {
    lines.push('  Two-step: secrets encrypted with the development key; set TWO_FACTOR_KEY (64 hex digits) for anything real');
  }
  if (config.demo) {
    lines.push(
      `  Demo:     ${config.demo.email} / ${config.demo.password}${started.demoCreated ? ' (created now)' : ''}`,
      `            ${demoCompanyName} employs the demo account; its owner signs in as ${demoCompanyOwnerEmail}, same password`,
    );
  }
  lines.push('  Stop with Ctrl-C.', '');
  return lines;
}

/**
 * Stops gracefully on SIGINT or SIGTERM: `close` ends the relay, the server (no new connections; new
 * requests on kept-alive ones, /api/ready too, answer 503 so the load balancer moves on; requests in
 * flight finish), the hub (sockets are told to reconnect, 4200, which their clients do to another
 * process) and the database. Past `timeoutMs` it exits anyway, with 1.
 */
function stopOnSignals(
  log: { info: (message: string) => void; warn: (message: string) => void },
  timeoutMs: number,
  release: () => void,
  close: () => Promise<void>,
): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, stopping`);
    const deadline = setTimeout(() => {
      log.warn(`requests still running after ${timeoutMs / 1000} s; exiting anyway`);
      release();
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
    try {
      await close();
    } finally {
      release();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    opened = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
  const { database, release } = opened;

  // What a crash or a deleted account left in the uploads folder or bucket (hardening issue, point 6).
  const store = createFileStore(config);
  const demoCreated = config.demo ? await seedDemo(database.db, config.demo, store) : false;
  const swept = await sweepUploads(database.db, store, { now: systemClock.now(), exclusive: database.kind === 'pglite' });
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.outboxDir, 'mail'), config.mailFrom);
  const sms = createOutboxSmsSender(path.join(config.outboxDir, 'sms'));
  const tokens = new TokenStore(database.db, systemClock, config.sessionTtlMs, { cacheSessions: database.kind === 'pglite' });
  const { hub, publishTo } = await startEmbeddedHub(config, async () => {
    await database.close();
    release();
  });
  const metrics = createMetrics({ pool: database.poolStats, hub });
  const pusher = createPusherTransport({ ...config.realtime, publish: publishTo });
  const transport: typeof pusher = {
    async send(messages) {
      await pusher.send(messages);
      metrics.realtimePublished.inc(messages.length);
    },
  };
  let logError = (error: unknown): void => {
    process.stderr.write(`realtime: ${String(error)}\n`);
  };
  const realtime = createRealtime(transport, (error) => logError(error));
  // The read replica (decision 254): opened only beside PostgreSQL; down at start is said, not fatal.
  let replicaLog = (line: string): void => void process.stderr.write(`${line}\n`);
  let replica: ReadReplica | undefined;
  let writeShare: WriteShare | undefined;
  if (config.databaseUrl && config.databaseReadUrl && database.pool) {
    // With Redis, the processes on one database tell each other whose write they answered.
    const redisUrl = config.realtime.redisUrl;
    const databaseUrl = config.databaseUrl;
    writeShare = redisUrl ? shareWritesThroughRedis(redisUrl, databaseUrl, (person) => replica?.heard(person)) : undefined;
    replica = await openReplica(
      config.databaseReadUrl,
      { db: database.db, pool: database.pool },
      {
        maxLagMs: config.replicaMaxLagMs,
        onStateChange: (state, lagMs) => replicaLog(`read replica ${state}${describeLag(lagMs)}`),
        ...(writeShare ? { announce: writeShare.announce } : {}),
      },
    );
    if (replica.state() !== 'up') replicaLog(`read replica ${replica.state()} at start: its reads go to the primary meanwhile`);
  }
  const app = await buildApp(
    { config, db: database.db, ...(replica ? { replica } : {}), clock: systemClock, mailer, sms, tokens, realtime, store, metrics },
    {
      logger: config.logFormat === 'line' ? { level: config.logLevel, stream: lineLogStream() } : { level: config.logLevel },
      disableRequestLogging: !config.logRequests,
    },
  );
  logError = (error) => app.log.warn({ err: error }, 'realtime publish failed');
  replicaLog = (line) => app.log.warn(line);
  if (swept.temporary + swept.orphans + swept.unreferenced + swept.closed > 0) app.log.info(swept, 'uploads swept at start');
  const relay = createNotificationRelay({
    db: database.db,
    listen: database.listen,
    transport,
    mailer,
    clock: systemClock,
    listUrl: `${config.publicSiteUrl}/notifications`,
    onError: (error) => logError(error),
  });

  // The daily re-check of verified company domains (decision 248); its first run waits a minute.
  const rechecks = startDomainRechecks(database.db, systemClock, config.domainChecks, (error) =>
    app.log.warn({ err: error }, 'domain re-check failed'),
  );
  stopOnSignals(app.log, config.shutdownTimeoutMs, release, async () => {
    await rechecks.stop();
    await relay.stop();
    await Promise.all([app.close(), hub?.close()]);
    await replica?.close();
    await writeShare?.close();
    await database.close();
    store.close();
  });

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await database.close();
    release();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`Port ${config.port} is already in use. Stop the other program or set PORT.`);
    throw error;
  }
  await relay.start();
  // Locally the site's sockets use the page's own origin (src/lib/base/realtime-settings.ts); hand them on.
  const embeddedHub = hub;
  if (embeddedHub) {
    app.server.on('upgrade', (request, socket, head) => {
      if ((request.url ?? '').startsWith('/app/')) embeddedHub.handleUpgrade(request, socket, head);
      else socket.destroy();
    });
  }

  process.stdout.write(
    `${startupBanner(config, { database: database.kind, hubRunning: hub !== undefined, publishTo, demoCreated }).join('\n')}\n`,
  );
}

if (import.meta.main) await main();
