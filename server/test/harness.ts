// Builds an app over a fresh, migrated database for one test file, with a movable clock and
// in-memory mail and SMS outboxes. Every API test goes through `inject()`; nothing listens.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { TokenStore } from '../shared/auth/tokens.ts';
import type { Clock } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import type { SmsMessage, SmsSender } from '../mail/sms.ts';
import { createNotificationRelay, type NotificationRelay } from '../notifications/relay.ts';
import { createMemoryTransport, createRealtime } from '../shared/realtime/publisher.ts';
import { createFileStore, type FileStore } from '../shared/uploads/store.ts';
import { checkAnswersAgainstDocument } from './answer-check.ts';
import { acquireDatabase } from './database-pool.ts';

/** A clock tests move by hand. */
export class TestClock implements Clock {
  current: Date;
  constructor(start = new Date('2026-11-22T09:00:00Z')) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  mail: MailMessage[];
  sms: SmsMessage[];
  tokens: TokenStore;
  /** The file store the app uses: the uploads folder, or a bucket when the test passes S3_* variables. */
  store: FileStore;
  /** Every realtime message the API published, in order. */
  realtime: ReturnType<typeof createMemoryTransport>;
  /** Answers so far that disagree with the OpenAPI document (checked again at close). */
  answerProblems: string[];
  /** The outbox relay, started; `drain()` publishes what is pending now. */
  relay: NotificationRelay;
  close(): Promise<void>;
}

/** A new app over a new database; call `close()` in afterAll. */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'profiles-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SITE_DIR: path.join(dataDir, 'no-site'),
    LOG_LEVEL: 'silent',
    // A file's searches run on one frozen clock, so their time would add up past the minute's budget on
    // a loaded machine; the budget's own test sets it low (decision 242).
    SEARCH_SECONDS_PER_MINUTE: '3600',
    ...env,
  });
  const database = await acquireDatabase();
  const clock = new TestClock();
  const mail: MailMessage[] = [];
  const sms: SmsMessage[] = [];
  const mailer: Mailer = { send: async (message) => void mail.push(message) };
  const smsSender: SmsSender = { send: async (message) => void sms.push(message) };
  const tokens = new TokenStore(database.db, clock, config.sessionTtlMs, { cacheSessions: database.kind === 'pglite' });
  const transport = createMemoryTransport();
  const realtime = createRealtime(transport, () => {});
  const store = createFileStore(config);
  const app = await buildApp({ config, db: database.db, clock, mailer, sms: smsSender, tokens, realtime, store });
  const answers = checkAnswersAgainstDocument(app);
  await app.ready();
  const relay = createNotificationRelay({
    db: database.db,
    listen: database.listen,
    transport,
    mailer,
    clock,
    listUrl: `${config.publicSiteUrl}/notifications`,
    onError: () => {},
    sweepMs: 60_000,
  });
  await relay.start();
  return {
    app,
    database,
    config,
    clock,
    mail,
    sms,
    tokens,
    store,
    realtime: transport,
    relay,
    answerProblems: answers.problems,
    async close() {
      await relay.stop();
      await app.close();
      // Emptied and kept for the worker's next file (decision 229); a test that closed it itself
      // (a database gone away) has let it go.
      await database.release();
      store.close();
      // Every answer the file's tests saw must be one the API document describes (point 8).
      if (answers.problems.length) throw new Error(`Answers the OpenAPI document does not describe:\n${answers.problems.join('\n')}`);
    },
  };
}
