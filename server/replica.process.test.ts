// A read replica by configuration (decision 254), against a real streaming standby: the test
// makes a PostgreSQL primary of its own (initdb, on a free port, in a temporary folder: the machine's
// shared server is never reconfigured or restarted), a standby of it with `pg_basebackup -R`, and starts
// two API processes with DATABASE_URL on the primary, DATABASE_READ_URL on the standby and the machine's
// Redis. With the standby's replay paused, the writer reads their own write at once on both processes
// while another person's search still gets the standby's older answer; once the lag passes its bound,
// and once the standby is stopped, reads go to the primary and readiness says so (still ready). Both
// servers are stopped and removed whatever happens. Needs PostgreSQL's programs (skipped without them)
// and Redis.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, profileApiPaths } from '../contract/routes.ts';
import { searchApiPaths } from '../contract/search.ts';
import { demoCompanyOwnerEmail } from './demo/company.ts';

const root = path.resolve(import.meta.dirname, '..');
// Long enough that the reads right after the write land well inside it on a loaded machine (each takes
// milliseconds), short enough that waiting past it costs the run little.
const maxLagSeconds = 12;

/** PostgreSQL's programs: PG_BIN, or where pg_config says they are. */
function postgresBin(): string | undefined {
  if (process.env['PG_BIN']) return process.env['PG_BIN'];
  const found = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}
const bin = postgresBin();
// initdb and the server refuse root: as root the servers run as the postgres account.
const asRoot = process.getuid?.() === 0;
const postgresUid = asRoot ? Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()) : undefined;

function pgTool(tool: string, args: string[]): void {
  const program = path.join(bin!, tool);
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const workDir = mkdtempSync(path.join(tmpdir(), 'profiles-replica-'));
if (postgresUid !== undefined) chownSync(workDir, postgresUid, postgresUid);
const primaryDir = path.join(workDir, 'primary');
const standbyDir = path.join(workDir, 'standby');
const started: string[] = [];
let primaryPort = 0;
let standbyPort = 0;
// Two API processes on the same primary and standby, telling each other of writes through Redis.
const redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const apis: { port: number; child: ChildProcess }[] = [];
let apiOutput = '';

const urlOf = (port: number, database = 'profiles') => `postgres://postgres@127.0.0.1:${port}/${database}`;

function startServer(dataDir: string, port: number): void {
  // Sockets in the folder of the test, not /var/run; fsync off: the data lives for this test only.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${workDir} -c fsync=off -c shared_buffers=16MB -c max_connections=40`;
  pgTool('pg_ctl', ['start', '-w', '-t', '60', '-D', dataDir, '-l', `${dataDir}.log`, '-o', options]);
  started.push(dataDir);
}

function stopServer(dataDir: string): void {
  pgTool('pg_ctl', ['stop', '-w', '-t', '30', '-m', 'immediate', '-D', dataDir]);
  started.splice(started.indexOf(dataDir), 1);
}

function stopEverything(): void {
  for (const { child } of apis) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dataDir of [...started].reverse()) {
    try {
      stopServer(dataDir);
    } catch {
      // Already gone.
    }
  }
  rmSync(workDir, { recursive: true, force: true });
}
// A crashed or killed run still stops its servers.
process.once('exit', stopEverything);

async function onStandby<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: urlOf(standbyPort) });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const call = async (route: string, init: { method?: string; token?: string; body?: unknown; on?: number } = {}) => {
  const res = await fetch(`http://127.0.0.1:${apis[init.on ?? 0]!.port}${route}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
};

const signIn = async (login: string) => {
  const res = await call('/api/login', { method: 'POST', body: { login, password: 'Demo-Passw0rd' } });
  expect(res.status).toBe(200);
  return res.body.data['token'] as string;
};

/** The people a search for `q` finds, by last name, asked of the first process or of process `on`. */
const found = async (token: string, q: string, on = 0): Promise<string[]> => {
  const res = await call(`${searchApiPaths.search}?q=${encodeURIComponent(q)}`, { token, on });
  expect(res.status).toBe(200);
  return (res.body.data['items'] as { last_name: string }[]).map((item) => item.last_name);
};

const replicaState = async () => {
  const res = await call(apiPaths.ready);
  return { status: res.status, replica: res.body.data['replica'] as string };
};

async function until<T>(what: string, probe: () => Promise<T>, ok: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${ms} ms\n${apiOutput}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function startApi(index: number): Promise<void> {
  const dataDir = path.join(workDir, `api-${index}`);
  mkdirSync(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_DIR: dataDir,
      DATABASE_URL: urlOf(primaryPort),
      DATABASE_READ_URL: urlOf(standbyPort),
      DATABASE_READ_MAX_LAG_SECONDS: String(maxLagSeconds),
      PASSWORD_HASH_COST: 'test',
      REDIS_URL: redisUrl,
      // Publishing goes nowhere in this test; the hub is not what it is about.
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: '9',
      LOG_LEVEL: 'warn',
    },
  });
  apis.push({ port, child });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    apiOutput += `[api ${index}] ${chunk.toString()}`;
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  // Migrating and seeding a new database: over 100 s on a machine loaded many times over (as in
  // server/main.process.test.ts). A ceiling, not a wait.
  const deadline = Date.now() + 280_000;
  while (!output.includes('Profiles is running at')) {
    if (child.exitCode !== null) throw new Error(`API ${index} exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`API ${index} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!bin)('a read replica (DATABASE_READ_URL) on a real streaming standby', () => {
  beforeAll(async () => {
    [primaryPort, standbyPort] = [await freePort(), await freePort()];
    pgTool('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    startServer(primaryDir, primaryPort);
    const admin = new pg.Client({ connectionString: urlOf(primaryPort, 'postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE profiles');
    await admin.end();
    // initdb's pg_hba.conf lets local replication connections in with --auth=trust; a fast checkpoint, not a spread one.
    pgTool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    startServer(standbyDir, standbyPort);

    // One after the other: the first migrates the primary and seeds the demo accounts.
    await startApi(0);
    await startApi(1);
  }, 360_000);

  afterAll(async () => {
    await Promise.all(
      apis.map(async ({ child }) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    stopEverything();
  }, 60_000);

  it('serves the writer their own write at once, another person the standby, then the primary past the lag bound or with the standby down', async () => {
    expect(apiOutput).toContain('reads that tolerate lag from DATABASE_READ_URL');
    await until('the replica at start', replicaState, (state) => state.replica === 'up');
    const writer = await signIn('demo@profiles.test');
    const reader = await signIn(demoCompanyOwnerEmail);
    // The demo account, seeded on the primary, is found through the standby.
    await until(
      'the seeded account on the standby',
      () => found(reader, 'Kovalenko'),
      (names) => names.includes('Kovalenko'),
    );

    // Replay paused: the standby keeps what it has, the primary moves on.
    await onStandby('select pg_wal_replay_pause()');
    await until(
      'replay paused',
      () => onStandby<{ state: string }>('select pg_get_wal_replay_pause_state() as state'),
      (rows) => rows[0]?.state === 'paused',
    );
    const renamed = await call(profileApiPaths.update, {
      method: 'PUT',
      token: writer,
      body: { first_name: 'Olena', last_name: 'Lagrangeova' },
    });
    expect(renamed.status).toBe(200);
    // The writer's own reads go to the primary: the new name at once, on the process that took the
    // write and on the other one, which heard of it through Redis.
    expect(await found(writer, 'Lagrangeova')).toEqual(['Lagrangeova']);
    expect(await found(writer, 'Lagrangeova', 1)).toEqual(['Lagrangeova']);
    // Another person's search reads the standby, which has not replayed the write yet.
    expect(await found(reader, 'Lagrangeova')).toEqual([]);
    expect(await found(reader, 'Lagrangeova', 1)).toEqual([]);
    expect(await found(reader, 'Kovalenko')).toEqual(['Kovalenko']);
    expect(await onStandby('select 1 from profiles where last_name = $$Lagrangeova$$')).toEqual([]);

    // Past the lag bound the standby is not read from: the primary answers, and readiness says so.
    const lagging = await until('the replica lagging', replicaState, (state) => state.replica === 'lagging', (maxLagSeconds + 10) * 1000);
    expect(lagging.status).toBe(200);
    expect(await found(reader, 'Lagrangeova')).toEqual(['Lagrangeova']);

    // Replay resumed: the standby catches up and is read from again.
    await onStandby('select pg_wal_replay_resume()');
    await until('the replica caught up', replicaState, (state) => state.replica === 'up');
    expect(await onStandby('select 1 as one from profiles where last_name = $$Lagrangeova$$')).toEqual([{ one: 1 }]);

    // The standby stopped: reads fall back to the primary at once, and readiness says the replica is down.
    stopServer(standbyDir);
    expect(await found(reader, 'Lagrangeova')).toEqual(['Lagrangeova']);
    const down = await until('the replica down', replicaState, (state) => state.replica === 'down');
    expect(down.status).toBe(200);
    expect((await call(apiPaths.ready)).body.data).toMatchObject({ status: 'ready', database: 'up', replica: 'down' });
    expect(await found(writer, 'Lagrangeova')).toEqual(['Lagrangeova']);
  }, 240_000);
});
