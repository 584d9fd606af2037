// The server the browser tests talk to: a fresh data directory each run, the demo account and the
// journeys' own accounts (tests/e2e/accounts.ts) seeded before it starts.
import { AsyncLocalStorage } from 'node:async_hooks';
import { rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const dataDir = path.resolve(import.meta.dirname, `../../.test-data/e2e-${process.env['PORT'] ?? 'default'}`);
rmSync(dataDir, { recursive: true, force: true });
process.env['DATA_DIR'] = dataDir;
// E2E_DB=postgres: a fresh database on the test PostgreSQL (server/test/postgres-urls.ts) instead of
// the embedded PGlite, whose queries run on the server's own thread (decision 201).
if (process.env['E2E_DB'] === 'postgres') {
  const { adminUrl, withDatabase } = await import('../../server/test/postgres-urls.ts');
  const { default: pg } = await import('pg');
  const name = `profiles_e2e_${process.env['PORT'] ?? 'default'}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  process.env['DATABASE_URL'] = withDatabase(adminUrl(), name);
}
process.env['NODE_ENV'] = 'test';
// Passwords hashed at the test cost (decision 229): the journeys sign in hundreds of times.
process.env['PASSWORD_HASH_COST'] ??= 'test';
// The journeys' searches share a few accounts on a loaded machine: the per-person search time a minute
// (decision 242) is the API tests' and the process test's to prove, not a reason for a journey to wait.
process.env['SEARCH_SECONDS_PER_MINUTE'] ??= '3600';
process.env['LOG_LEVEL'] ??= 'warn';
// Every journey signs in from one loopback address, and sign-in allows 20 an address in 10 minutes
// (decision 072): journeys that sign in through the API say which (made-up) address they come from
// (tests/e2e/sign-in.ts), so only the sign-ins typed into the login page share the real one.
process.env['TRUST_PROXY'] ??= 'true';

// A test clock per request ('the next day' of leaving a company): a request carrying
// `x-e2e-days-ahead: N` sees the server's clock N days ahead; every other request, and so every
// other journey running at the same time, sees the real time. Only this test server reads it.
const { systemClock } = await import('../../server/clock.ts');
const daysAhead = new AsyncLocalStorage<number>();
systemClock.now = () => new Date(Date.now() + (daysAhead.getStore() ?? 0) * 24 * 60 * 60 * 1000);
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
  const days = event === 'request' ? Number((args[0] as http.IncomingMessage).headers['x-e2e-days-ahead'] ?? 0) : 0;
  const pass = () => Reflect.apply(emit, this, [event, ...args]) as boolean;
  return days > 0 ? daysAhead.run(days, pass) : pass();
};

// Stand-ins for the companies' domains, a DNS and an HTTP server on loopback, reached through
// the checks' explicit test settings (refused in production); the domain journeys set their records
// through the stand-in's control paths (server/test/domain-servers.ts). Nothing leaves the machine.
const { startDomainServers } = await import('../../server/test/domain-servers.ts');
const domainServers = await startDomainServers({ control: true });
process.env['DNS_SERVERS'] = domainServers.dnsServer;
process.env['DOMAIN_CHECK_TEST_PORT'] = String(domainServers.httpPort);

const { loadConfig } = await import('../../server/config.ts');
const { openConfiguredDatabase, main } = await import('../../server/main.ts');
const { seedAccount } = await import('../../server/demo/accounts.ts');
const { e2eAccounts } = await import('./accounts.ts');
const { seedActivityHistory } = await import('../../server/demo/activity-history.ts');

const { database, release } = await openConfiguredDatabase(loadConfig());
for (const [name, account] of Object.entries(e2eAccounts)) {
  const { userId } = await seedAccount(database.db, account);
  if (name === 'historyEn' || name === 'historyUk') await seedActivityHistory(database.db, userId);
}
await database.close();
release();
await main();
