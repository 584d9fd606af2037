// Graceful shutdown of a real API process (decision 196): on SIGTERM it stops taking
// connections, tells its sockets to reconnect elsewhere (4200), finishes the upload in flight, and exits 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { migratedDataDir } from './test/migrated-data-dir.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env['SHUTDOWN_TEST_PORT'] ?? 4950 + Math.floor(Math.random() * 40));
// Migrated already: what is tested here is the shutdown, not the first start (main.process.test.ts).
const dataDir = await migratedDataDir('profiles-shutdown-');
let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 180_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('SIGTERM', () => {
  it('drains: no new connections, sockets told to reconnect, the upload in flight finishes, exit 0', async () => {
    child = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SITE_DIR: dataDir,
        LOG_LEVEL: 'warn',
        REALTIME_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    // A loaded two-core machine has taken 80 s to start PGlite.
    // The start-up line comes once the hub takes upgrades on the API's port too.
    await until('the start-up line', () => (output.includes('Profiles is running at') ? true : undefined));
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'demo@profiles.test', password: 'Demo-Passw0rd' }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;

    // A socket on the embedded hub, through the API's own port as the site uses it locally.
    const socket = new WebSocket(`ws://127.0.0.1:${port}/app/achievements-dev-key?protocol=7`);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once('message', () => resolve());
      socket.once('error', reject);
    });

    // An upload whose body is only half sent.
    const boundary = 'shutdownboundary';
    const upload = http.request(`${base}/api/uploads/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const answered = new Promise<number>((resolve, reject) => {
      upload.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      upload.on('error', reject);
    });
    upload.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    upload.write(Buffer.alloc(256 * 1024, 0x20));
    // In flight: the server is spooling it.
    const incoming = path.join(dataDir, 'uploads', '.incoming');
    await until('the upload to reach the server', () => (existsSync(incoming) && readdirSync(incoming).length > 0 ? true : undefined));

    child.kill('SIGTERM');
    expect(await closed).toBe(4200);
    // New connections are refused once the listener has closed.
    await until('new connections to be refused', async () => {
      const refused = await fetch(`${base}/api/health`).then(
        () => undefined,
        () => true,
      );
      return refused;
    });
    upload.end(Buffer.concat([Buffer.alloc(256 * 1024, 0x20), Buffer.from(`\r\n--${boundary}--\r\n`)]));
    expect(await answered).toBe(201);
    expect(await exited).toBe(0);
  }, 300_000);
});
