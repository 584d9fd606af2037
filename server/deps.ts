// What the app is built from; tests pass their own (an in-memory database, a fixed clock, a mail spy).
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { ReadReplica } from './db/replica.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SmsSender } from './mail/sms.ts';
import type { TokenStore } from './shared/auth/tokens.ts';
import type { Realtime } from './shared/realtime/publisher.ts';
import type { FileStore } from './shared/uploads/store.ts';
import type { Metrics } from './http/metrics.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** DATABASE_READ_URL's replica, for the reads that tolerate a moment's lag (decision 254; `laggingReads`). */
  replica?: ReadReplica;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  tokens: TokenStore;
  /** Publishes realtime events after commit (features' one publisher). */
  realtime: Realtime;
  /** Where uploaded files live: the uploads folder or an S3-compatible bucket (decision 195). */
  store: FileStore;
  /** Prometheus metrics; main.ts passes one fed by the pool and the hub, buildApp makes one otherwise. */
  metrics?: Metrics;
}

export interface BuildOptions {
  /** A pino logger, `true` for the default one, or false for none. */
  logger?: FastifyBaseLogger | boolean | { level: string; stream?: { write(chunk: string): void } };
  /** Leaves out Fastify's 'incoming request' and 'request completed' records. */
  disableRequestLogging?: boolean;
}
