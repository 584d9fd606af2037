// Two API processes on one PostgreSQL and one Redis, as production runs them behind a load balancer
// (hardening issue, point 11): a token ended on one process is refused by the other at once, and the
// sign-in limits count attempts on both together. Each has its own DATA_DIR and both keep uploads in one
// S3-compatible bucket (s3rver, started here; issue 27): a file uploaded through one downloads through
// the other. Needs the machine's PostgreSQL and Redis.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, withDatabase } from './test/postgres-urls.ts';
import { multipartFile } from './test/multipart.ts';
import { startTestS3, type TestS3 } from './test/s3-server.ts';
import { sampleFiles } from './test/sample-files.ts';

const root = path.resolve(import.meta.dirname, '..');
const redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const database = `profiles_scale_${randomBytes(6).toString('hex')}`;
const ports = [Number(process.env['SCALE_TEST_PORT_A'] ?? 4523), Number(process.env['SCALE_TEST_PORT_B'] ?? 4533)] as const;
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

async function startApi(port: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'profiles-scale-'));
  const child = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_DIR: dataDir,
      DATABASE_URL: withDatabase(adminUrl(), database),
      REDIS_URL: redisUrl,
      TRUST_PROXY: 'true',
      // Publishing goes nowhere in this test; the hub is not what it is about.
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: '9',
      LOG_LEVEL: 'warn',
      ...s3!.env,
    },
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Profiles is running at')) {
    if (child.exitCode !== null) throw new Error(`API on ${port} exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`API on ${port} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const api = (port: number, route: string, init: { method?: string; token?: string; body?: unknown } = {}) =>
  fetch(`http://127.0.0.1:${port}${route}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-forwarded-for': clientAddress,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

beforeAll(async () => {
  await adminQuery(`CREATE DATABASE ${database}`);
  s3 = await startTestS3();
  // One after the other: the first migrates and seeds the demo account.
  await startApi(ports[0]);
  await startApi(ports[1]);
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
});
