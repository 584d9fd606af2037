// Slow request bodies must not take the API offline (decision 231): `npm start` as
// it is, with nothing in front, cuts a stalled body, slow headers and a trickling request, and one
// address holds at most MAX_CONNECTIONS_PER_ADDRESS connections while every other address is served.
// The deadlines are set short here (1-4 s instead of 30-300 s) so the test takes seconds.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from './test/migrated-data-dir.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env['SLOW_CONNECTIONS_TEST_PORT'] ?? 5020 + Math.floor(Math.random() * 60));
// Migrated already: what is tested here is the connections, not the first start (main.process.test.ts).
const dataDir = await migratedDataDir('profiles-slow-');
const limits = { headersSeconds: 1, bodySeconds: 1, requestSeconds: 4, perAddress: 5, minBodyBytesPerWindow: 100 };
// Another address of this machine's loopback: the flood comes from it, the rest from 127.0.0.1.
const floodAddress = '127.0.0.2';
let child: ChildProcess | undefined;
/** The embedded hub's own port (REALTIME_PORT=0: the start-up lines name it). */
let hubPort = 0;
/** The development achievements app's id, whose events API reads a body before checking its signature. */
let hubAppId = '';
const sockets: net.Socket[] = [];

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 180_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
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
      HEADERS_TIMEOUT_SECONDS: String(limits.headersSeconds),
      BODY_TIMEOUT_SECONDS: String(limits.bodySeconds),
      REQUEST_TIMEOUT_SECONDS: String(limits.requestSeconds),
      MAX_CONNECTIONS_PER_ADDRESS: String(limits.perAddress),
      BODY_MIN_BYTES_PER_WINDOW: String(limits.minBodyBytesPerWindow),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A first start compiles PGlite, migrates and seeds: over a minute on a loaded two-core machine.
  await until('the start-up line', () => {
    if (child!.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    return output.includes('Profiles is running at') ? true : undefined;
  });
  hubPort = Number(/embedded hub at ws:\/\/localhost:(\d+)/.exec(output)?.[1]);
  expect(hubPort).toBeGreaterThan(0);
  hubAppId = /achievements id (\S+) key/.exec(output)?.[1] ?? '';
  expect(hubAppId).not.toBe('');
}, 200_000);

afterAll(() => {
  for (const socket of sockets) socket.destroy();
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

/** A raw connection from `localAddress`, once connected; what the server sends back and when it closes. */
async function connect(localAddress = '127.0.0.1', to = port) {
  const socket = net.connect({ host: '127.0.0.1', port: to, localAddress });
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, closed, received: () => received, openedAt: Date.now() };
}

/** Writes a byte every 250 ms until the socket closes, so it is never silent long enough to be idle. */
function trickle(socket: net.Socket, byte = 'a') {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(byte);
  }, 250);
  socket.once('close', () => clearInterval(timer));
}

/** A body the server takes (under its 64 KiB limit, decision 268) but that never finishes arriving here. */
const bigBody = 60_000;
const bodyHead = (length: number) =>
  `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** `GET /api/health` from `localAddress` on a connection of its own: its status. */
function health(localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health', localAddress, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

describe('slow connections against npm start', () => {
  it('cuts a body that stalls after the body timeout, not before', async () => {
    const { socket, closed, openedAt } = await connect();
    socket.write(`${bodyHead(200)}{"login":"de`);
    const closedAt = await closed;
    expect(closedAt - openedAt).toBeGreaterThanOrEqual(limits.bodySeconds * 1000 - 100);
    expect(closedAt - openedAt).toBeLessThan(limits.bodySeconds * 1000 + 3_000);
  });

  it('cuts headers that never finish, even when a byte keeps coming', async () => {
    const { socket, closed, received, openedAt } = await connect();
    socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
    trickle(socket);
    const closedAt = await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAt - openedAt).toBeLessThan(limits.headersSeconds * 1000 + 3_000);
  });

  it('cuts a body that trickles a byte at a time within a window or two, with 408 (a re-test kept one an hour)', async () => {
    const { socket, closed, received, openedAt } = await connect();
    socket.write(bodyHead(bigBody));
    trickle(socket, ' ');
    const closedAt = await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAt - openedAt).toBeGreaterThanOrEqual(limits.bodySeconds * 1000 - 100);
    expect(closedAt - openedAt).toBeLessThan(limits.requestSeconds * 1000);
  });

  it('cuts a body that arrives above the least rate but too slowly for the request timeout, at that timeout', async () => {
    const { socket, closed, received, openedAt } = await connect();
    socket.write(bodyHead(bigBody));
    // 50 bytes every 250 ms: 200 a second, above the least rate of 100 per one-second window.
    trickle(socket, ' '.repeat(50));
    const closedAt = await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAt - openedAt).toBeGreaterThanOrEqual(limits.requestSeconds * 1000 - 100);
    expect(closedAt - openedAt).toBeLessThan(limits.requestSeconds * 1000 + 3_000);
  });

  it('refuses one address past its cap of connections while others are served, and serves it again once they are cut', async () => {
    // The flood: slow bodies from one address, each kept busy so only the request timeout ends it.
    const flood = [];
    for (let i = 0; i < limits.perAddress; i += 1) {
      const connection = await connect(floodAddress);
      connection.socket.write(bodyHead(bigBody));
      // Above the least rate (200 bytes a second), so only the request timeout ends it.
      trickle(connection.socket, ' '.repeat(50));
      flood.push(connection);
    }
    // Every further connection from that address is closed at once, before any answer.
    const refused = await Promise.all(Array.from({ length: 20 }, () => connect(floodAddress)));
    for (const connection of refused) connection.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await Promise.all(refused.map((connection) => connection.closed));
    for (const connection of refused) expect(connection.received()).toBe('');
    // Meanwhile the flood's connections are all still open, and another address is served.
    expect(flood.every((connection) => !connection.socket.destroyed)).toBe(true);
    expect(await health('127.0.0.1')).toBe(200);
    expect(await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.status)).toBe(200);

    // Once the request timeout has cut the flood, the address is served again.
    await Promise.all(flood.map((connection) => connection.closed));
    for (const connection of flood) expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(await until('the flood address to be served again', () => health(floodAddress).catch(() => undefined), 10_000)).toBe(200);
  });

  it("holds the embedded hub's own port to the same deadlines and cap", async () => {
    // A stalled body on the hub's events API is cut after the body timeout.
    const stalled = await connect('127.0.0.1', hubPort);
    stalled.socket.write(
      `POST /apps/${hubAppId}/events HTTP/1.1\r\nHost: 127.0.0.1:${hubPort}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"name":`,
    );
    const stalledAt = await stalled.closed;
    // Closed, or answered 408 by the least rate's watch, which sees no bytes either.
    expect(stalled.received()).toMatch(/^$|^HTTP\/1\.1 408 /);
    expect(stalledAt - stalled.openedAt).toBeGreaterThanOrEqual(limits.bodySeconds * 1000 - 100);
    expect(stalledAt - stalled.openedAt).toBeLessThan(limits.bodySeconds * 1000 + 2_000);

    // A body that trickles there is cut at the least rate too, long before the request timeout (the
    // hub kept one for the whole request timeout: an hour by default).
    const trickling = await connect('127.0.0.1', hubPort);
    trickling.socket.write(
      `POST /apps/${hubAppId}/events HTTP/1.1\r\nHost: 127.0.0.1:${hubPort}\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n`,
    );
    trickle(trickling.socket, ' ');
    const tricklingAt = await trickling.closed;
    expect(trickling.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(tricklingAt - trickling.openedAt).toBeLessThan(limits.requestSeconds * 1000);

    // One address holds at most the cap there too; another is still answered.
    const held = [];
    for (let i = 0; i < limits.perAddress; i += 1) {
      const connection = await connect(floodAddress, hubPort);
      connection.socket.write(`GET /apps HTTP/1.1\r\nHost: 127.0.0.1:${hubPort}\r\nX-Slow: `);
      held.push(connection);
    }
    const refused = await connect(floodAddress, hubPort);
    refused.socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${hubPort}\r\n\r\n`);
    await refused.closed;
    expect(refused.received()).toBe('');
    const other = await connect('127.0.0.1', hubPort);
    other.socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${hubPort}\r\nConnection: close\r\n\r\n`);
    await other.closed;
    expect(other.received()).toMatch(/^HTTP\/1\.1 \d{3} /);
    // The held ones' headers never finish: cut at the headers deadline.
    await Promise.all(held.map((connection) => connection.closed));
  });
});
