// Two API processes on one PostgreSQL and one Redis, as production runs them behind a load balancer
// (hardening issue, point 11): a token ended on one process is refused by the other at once, and the
// sign-in limits count attempts on both together. Each publishes to a realtime hub process of its own,
// the two hubs sharing channels through Redis: signing out on one API ends the company
// session that hangs off it on the other and closes its company-channel socket on the other hub. Each has its own DATA_DIR and both keep uploads in one
// S3-compatible bucket (s3rver, started here): a file uploaded through one downloads through
// the other. A route's own limit (the hand-over exchange's) counts on both together too. Needs the
// machine's PostgreSQL and Redis.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { companyPublicPaths, workspacePaths } from '../contract/company-routes.ts';
import { broadcastingAuthPath, reauthoriseCloseCode } from '../contract/realtime.ts';
import { loadConfig } from './config.ts';
import { adminUrl, withDatabase } from './test/postgres-urls.ts';
import { multipartFile } from './test/multipart.ts';
import { startTestS3, type TestS3 } from './test/s3-server.ts';
import { sampleFiles } from './test/sample-files.ts';

const root = path.resolve(import.meta.dirname, '..');
const redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const database = `profiles_scale_${randomBytes(6).toString('hex')}`;
const ports = [Number(process.env['SCALE_TEST_PORT_A'] ?? 4523), Number(process.env['SCALE_TEST_PORT_B'] ?? 4533)] as const;
const hubPorts = [ports[0] + 1, ports[1] + 1] as const;
const running: ChildProcess[] = [];
// Behind the load balancer the client's address comes from X-Forwarded-For; one per run, so counters
// a previous run left in Redis never meet this one.
const clientAddress = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
let s3: TestS3 | undefined;

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Starts `script` (the API or a hub) and waits until it prints `ready`. */
async function startProcess(script: string, env: NodeJS.ProcessEnv, ready: string): Promise<void> {
  const child = spawn(process.execPath, [path.join(root, 'server', script)], { cwd: root, env });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes(ready)) {
    if (child.exitCode !== null) throw new Error(`${script} exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`${script} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A realtime hub process on `port`, sharing channels with the other through Redis. */
const startHub = (port: number) =>
  startProcess(
    'hub-main.ts',
    { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', REALTIME_PORT: String(port), REDIS_URL: redisUrl, LOG_LEVEL: 'warn' },
    'realtime hub listening',
  );

async function startApi(port: number, hubPort: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'profiles-scale-'));
  await startProcess(
    'main.ts',
    {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_DIR: dataDir,
      DATABASE_URL: withDatabase(adminUrl(), database),
      REDIS_URL: redisUrl,
      TRUST_PROXY: 'true',
      // Each API publishes to its own hub process, as behind a load balancer.
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: String(hubPort),
      LOG_LEVEL: 'warn',
      ...s3!.env,
    },
    'Profiles is running at',
  );
}

const api = (port: number, route: string, init: { method?: string; token?: string; body?: unknown; from?: string } = {}) =>
  fetch(`http://127.0.0.1:${port}${route}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-forwarded-for': init.from ?? clientAddress,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

beforeAll(async () => {
  await adminQuery(`CREATE DATABASE ${database}`);
  s3 = await startTestS3();
  await Promise.all(hubPorts.map(startHub));
  // One after the other: the first migrates and seeds the demo account.
  await startApi(ports[0], hubPorts[0]);
  await startApi(ports[1], hubPorts[1]);
}, 150_000);

afterAll(async () => {
  await Promise.all(
    running.map(async (child) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }),
  );
  await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await s3?.close();
}, 60_000);

describe('two API processes behind one address', () => {
  const [a, b] = ports;

  it('refuse a token on one process as soon as it is logged out on the other', async () => {
    const login = await api(a, '/api/login', { method: 'POST', body: { login: 'demo@profiles.test', password: 'Demo-Passw0rd' } });
    expect(login.status).toBe(200);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    // Both processes have served the token (a cache would now hold it).
    expect((await api(a, '/api/profile/show', { token })).status).toBe(200);
    expect((await api(b, '/api/profile/show', { token })).status).toBe(200);
    expect((await api(a, '/api/logout', { method: 'POST', token })).status).toBe(204);
    expect((await api(b, '/api/profile/show', { token })).status).toBe(401);
    expect((await api(a, '/api/profile/show', { token })).status).toBe(401);
  });

  it('count sign-in attempts on both processes together', async () => {
    const account = `guess-${randomBytes(4).toString('hex')}@example.test`;
    const statuses: number[] = [];
    // Alternating processes: each alone has seen only half of the attempts.
    for (let i = 0; i < 6; i += 1) {
      const res = await api(i % 2 ? b : a, '/api/login', { method: 'POST', body: { login: account, password: `Wrong-${i}-Passw0rd` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const again = await api(a, '/api/login', { method: 'POST', body: { login: account, password: 'Wrong-Passw0rd' } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("count a route's limit per address on both processes together", async () => {
    // The hand-over exchange takes 30 a minute from one address; a made-up code is refused each time.
    // An address of its own, so the other tests' hand-overs keep theirs.
    const from = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await api(i % 2 ? b : a, workspacePaths.exchange, { method: 'POST', body: { code: `made-up-${i}` }, from });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30)).not.toContain(429);
    expect(statuses[30]).toBe(429);
    const again = await api(a, workspacePaths.exchange, { method: 'POST', body: { code: 'made-up' }, from });
    expect(again.status).toBe(429);
    expect(((await again.json()) as { code: string }).code).toBe('too_many_requests');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('serve a file uploaded through one process from the other (one bucket, no shared disk)', async () => {
    const login = await api(a, '/api/login', { method: 'POST', body: { login: 'demo@profiles.test', password: 'Demo-Passw0rd' } });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const bytes = Buffer.concat([sampleFiles.pdf(), randomBytes(3 * 1024 * 1024)]);
    const form = multipartFile(bytes, 'portfolio.pdf');
    const uploaded = await fetch(`http://127.0.0.1:${a}/api/uploads/media`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${token}`, 'x-forwarded-for': clientAddress },
      body: new Uint8Array(form.payload),
    });
    expect(uploaded.status).toBe(201);
    const { url } = ((await uploaded.json()) as { data: { url: string } }).data;
    const served = await fetch(`http://127.0.0.1:${b}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toContain('portfolio.pdf');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const range = await fetch(`http://127.0.0.1:${b}${url}`, { headers: { range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('end a company session and close its socket on the other process when its personal session signs out on one', async () => {
    const login = await api(a, '/api/login', { method: 'POST', body: { login: 'demo@profiles.test', password: 'Demo-Passw0rd' } });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const companyId = await demoCompanyId();
    // The workspace entered through process B, from the personal session signed in on A.
    const handoff = await api(b, companyPublicPaths.handoff, { method: 'POST', token, body: { company_id: companyId } });
    expect(handoff.status, await handoff.clone().text()).toBe(201);
    const { code } = ((await handoff.json()) as { data: { code: string } }).data;
    const exchanged = await api(b, workspacePaths.exchange, { method: 'POST', body: { code } });
    expect(exchanged.status).toBe(201);
    const companyToken = ((await exchanged.json()) as { data: { token: string } }).data.token;
    expect((await api(a, workspacePaths.workspace(companyId), { token: companyToken })).status).toBe(200);

    // A socket on hub B holds the company's channel, authorised by API B.
    const socket = await companySocket(hubPorts[1], b, token, companyId);
    // Signing out on A: the company session ends on both APIs, and hub B closes the socket to re-authorise.
    expect((await api(a, '/api/logout', { method: 'POST', token })).status).toBe(204);
    expect(await socket.closed).toBe(reauthoriseCloseCode);
    const refused = await api(b, workspacePaths.workspace(companyId), { token: companyToken });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('company_session_ended');
    expect((await api(a, workspacePaths.workspace(companyId), { token: companyToken })).status).toBe(401);
  });
});

/** The demo company's id, read from the shared database. */
async function demoCompanyId(): Promise<number> {
  const client = new pg.Client({ connectionString: withDatabase(adminUrl(), database) });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(`select id from companies where name = 'Northwind Studio' order by id limit 1`);
    return Number(rows[0]!.id);
  } finally {
    await client.end();
  }
}

/** A socket on the hub at `hubPort` subscribed to the company's channel, authorised by the API at `apiPort`; and how it closes. */
async function companySocket(hubPort: number, apiPort: number, token: string, companyId: number) {
  const key = loadConfig({ ...process.env, NODE_ENV: 'development' }).realtime.apps.jobs.key;
  const ws = new WebSocket(`ws://127.0.0.1:${hubPort}/app/${key}?protocol=7`);
  const closed = new Promise<number>((resolve) => ws.on('close', (closeCode) => resolve(closeCode)));
  const frames: { event: string; data?: string }[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as { event: string; data?: string });
    for (const wake of waiters.splice(0)) wake();
  });
  const heard = async (event: string) => {
    for (;;) {
      const found = frames.find((f) => f.event === event);
      if (found) return found;
      await new Promise<void>((wake) => waiters.push(wake));
    }
  };
  const socketId = (JSON.parse((await heard('pusher:connection_established')).data!) as { socket_id: string }).socket_id;
  const channel = `private-company.${companyId}`;
  const signed = await fetch(`http://127.0.0.1:${apiPort}${broadcastingAuthPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
    body: JSON.stringify({ socket_id: socketId, channel_name: channel, app_key: key }),
  });
  expect(signed.status).toBe(200);
  // The company channel's answer carries the account, signed with it (decision 267): sent on as pusher-js does.
  const { auth, channel_data: channelData } = (await signed.json()) as { auth: string; channel_data?: string };
  expect(channelData).toBeDefined();
  ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } }));
  await heard('pusher_internal:subscription_succeeded');
  return { ws, closed };
}
