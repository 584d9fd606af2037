// The realtime hub as its own process (`node server/hub-main.ts`, decision 164) under the limits that
// keep anonymous clients from taking it down and one account from holding its slots: its port holds at
// most so many connections from one address and so many in all (a flood from many addresses is cut at
// once, not when the headers deadline comes), and one account's socket cap holds over every hub process
// sharing Redis. The deadlines and caps are set small so the test takes seconds.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { PusherCode } from './realtime/protocol.ts';
import { relayToRedis, type RedisRelay } from './test/redis-relay.ts';
import { accountChannelData, channelAuth } from './realtime/signatures.ts';

const root = path.resolve(import.meta.dirname, '..');
const redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const basePort = Number(process.env['HUB_LIMITS_TEST_PORT'] ?? 5100 + 3 * Math.floor(Math.random() * 20));
/** The development jobs app (config.ts's defaults when no PUSHER_JOBS_* is set). */
const jobs = { key: 'jobs-dev-key', secret: 'jobs-dev-secret' };
const running: ChildProcess[] = [];
const opened: { destroy(): void }[] = [];
/** What each hub started here has written, stdout and stderr together. */
const outputOf = new Map<ChildProcess, () => string>();

/** Starts `node server/hub-main.ts` on `port` with `env` over the development defaults; resolves once it listens. */
async function startHub(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'server', 'hub-main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      REALTIME_PORT: String(port),
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  outputOf.set(child, () => output);
  const deadline = Date.now() + 60_000;
  while (!output.includes('realtime hub listening')) {
    if (child.exitCode !== null) throw new Error(`the hub exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the hub did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

/** Relays to the machine's Redis that stand for a Redis that goes away and comes back. */
const relays: RedisRelay[] = [];

afterAll(() => {
  for (const relay of relays) relay.close();
  for (const connection of opened) connection.destroy();
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Joined {
  ws: WebSocket;
  /** The hub's first answer to the subscription: the internal event's name, or the error frame. */
  answer: Promise<string>;
  closed: Promise<number>;
  /** Sends `pusher:ping`; resolves once `pusher:pong` comes back. */
  ping(): Promise<void>;
}

/**
 * A client of the site: a socket from `localAddress` that subscribes to `channel` (signed with the
 * app's secret, as the API's /broadcasting/auth signs it) as soon as it is connected. Rejects when the
 * connection is refused before it opens.
 */
function join(port: number, channel: string, channelData?: string, localAddress = '127.0.0.1'): Promise<Joined> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${jobs.key}?protocol=7`, { localAddress });
    opened.push({ destroy: () => ws.terminate() });
    const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
    let answered: (event: string) => void = () => {};
    const answer = new Promise<string>((got) => (answered = got));
    let ponged: () => void = () => {};
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { event: string; data: string };
      if (message.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(message.data) as { socket_id: string }).socket_id;
        const auth = channelAuth(jobs.key, jobs.secret, socketId, channel, channelData);
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } }));
      } else if (message.event === 'pusher:pong') ponged();
      else answered(message.event.startsWith('pusher_internal:') ? message.event : `${message.event} ${JSON.stringify(message.data)}`);
    });
    const ping = () =>
      new Promise<void>((done) => {
        ponged = done;
        ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
      });
    ws.once('open', () => resolve({ ws, answer, closed, ping }));
    ws.once('error', reject);
  });
}

/** A raw connection from `localAddress` that starts a request whose headers never finish; when it closed, and what it was sent. */
async function holdHeaders(port: number, localAddress: string) {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  opened.push(socket);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const openedAt = Date.now();
  socket.write(`GET /apps HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
  return { socket, closed, openedAt, received: () => received };
}

describe("the hub's port under a connection flood", () => {
  const port = basePort;
  const caps = { sockets: 3, http: 3, perAddress: 3, headersSeconds: 5 };
  /** A refused connection is closed within this, well before the headers deadline would close it. */
  const atOnceMs = 1_500;
  /** Everything the port holds at once: the sockets and, beside them, the plain connections. */
  const portTotal = caps.sockets + caps.http;

  it('cuts a flood past the per-address cap and past the total at once, keeps its clients, and serves new ones once the flood is cut', async () => {
    await startHub(port, {
      REALTIME_MAX_CONNECTIONS: String(caps.sockets),
      REALTIME_MAX_HTTP_CONNECTIONS: String(caps.http),
      MAX_CONNECTIONS_PER_ADDRESS: String(caps.perAddress),
      HEADERS_TIMEOUT_SECONDS: String(caps.headersSeconds),
      BODY_TIMEOUT_SECONDS: String(caps.headersSeconds),
      REQUEST_TIMEOUT_SECONDS: String(caps.headersSeconds + 1),
    });
    const first = await join(port, 'private-user.1');
    expect(await first.answer).toBe('pusher_internal:subscription_succeeded');

    // One address: its cap of connections is held, every further one is closed at once, unanswered.
    const heldByOne = [];
    for (let i = 0; i < caps.perAddress; i += 1) heldByOne.push(await holdHeaders(port, '127.0.0.2'));
    const refusedByAddress = [];
    for (let i = 0; i < 10; i += 1) refusedByAddress.push(await holdHeaders(port, '127.0.0.2'));
    for (const connection of refusedByAddress) {
      expect((await connection.closed) - connection.openedAt).toBeLessThan(atOnceMs);
      expect(connection.received()).toBe('');
    }
    // Meanwhile a client from another address still connects and subscribes.
    const second = await join(port, 'private-user.2');
    expect(await second.answer).toBe('pusher_internal:subscription_succeeded');

    // Many addresses, one connection each: the port fills to its total, and past it each new
    // connection is closed at once (before the total it waited for the headers deadline, and a
    // flood from enough addresses took every descriptor of the process).
    const spread = [];
    for (let i = 3; i < 13; i += 1) spread.push(await holdHeaders(port, `127.0.0.${i}`));
    const room = portTotal - 2 - caps.perAddress;
    await new Promise((r) => setTimeout(r, atOnceMs));
    const stillOpen = spread.filter((connection) => !connection.socket.destroyed && connection.socket.readyState === 'open');
    expect(stillOpen).toHaveLength(room);
    for (const connection of spread.slice(room)) {
      expect((await connection.closed) - connection.openedAt).toBeLessThan(atOnceMs);
      expect(connection.received()).toBe('');
    }
    // The clients it holds are served all along.
    await first.ping();
    await second.ping();
    expect(first.ws.readyState).toBe(WebSocket.OPEN);

    // The flood's held connections end at the headers deadline; then a new client connects again,
    // from one of the flood's addresses too.
    await Promise.all([...heldByOne, ...stillOpen].map((connection) => connection.closed));
    const third = await join(port, 'private-user.3', undefined, '127.0.0.5');
    expect(await third.answer).toBe('pusher_internal:subscription_succeeded');
    await third.ping();
    for (const client of [first, second, third]) client.ws.close();
  });
});

describe("one account's sockets over two hub processes sharing Redis", () => {
  const ports = [basePort + 1, basePort + 2] as const;
  const cap = 2;
  const slotSeconds = 3;
  // Accounts of this run only: slots a previous run (or another test's hub on this Redis) left never meet them.
  const account = randomInt(1_000_000, 2 ** 40);
  const other = account + 1;

  /** Joins `port` as `userId` until the hub lets it, within `ms`: the socket that got in. */
  async function joinOnceFree(port: number, userId: number, ms: number): Promise<Joined> {
    const deadline = Date.now() + ms;
    for (;;) {
      const attempt = await join(port, `private-user.${userId}`);
      if ((await attempt.answer) === 'pusher_internal:subscription_succeeded') return attempt;
      attempt.ws.close();
      if (Date.now() > deadline) throw new Error(`no slot freed for account ${userId} within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('holds the cap across both, frees the slots of closed sockets at once and of a killed hub when they run out', async () => {
    const env = { REDIS_URL: redisUrl, REALTIME_MAX_SOCKETS_PER_ACCOUNT: String(cap), REALTIME_ACCOUNT_SLOT_SECONDS: String(slotSeconds) };
    const [first] = await Promise.all([startHub(ports[0], env), startHub(ports[1], env)]);
    const succeeded = 'pusher_internal:subscription_succeeded';

    // One socket on each hub fills the account's cap of two: a third is refused on either hub (each
    // hub counted its own, so the account held twice the cap), and on any channel signed as the account.
    const onFirst = await join(ports[0], `private-user.${account}`);
    const onSecond = await join(ports[1], `private-user.${account}`);
    expect(await onFirst.answer).toBe(succeeded);
    expect(await onSecond.answer).toBe(succeeded);
    for (const port of ports) expect(await (await join(port, `private-user.${account}`)).answer).toMatch(/LimitReached/);
    const company = await join(ports[1], 'private-company.7', accountChannelData(account));
    expect(await company.answer).toMatch(/LimitReached/);
    // Another account is not held back by it.
    expect(await (await join(ports[1], `private-user.${other}`)).answer).toBe(succeeded);

    // A socket that closes gives its slot back on every hub: the other hub lets the account in again.
    onFirst.ws.close();
    await onFirst.closed;
    const again = await joinOnceFree(ports[1], account, 2_000);
    expect(await (await join(ports[0], `private-user.${account}`)).answer).toMatch(/LimitReached/);

    // A hub killed with its sockets' slots held: they count until they run out, then free themselves.
    again.ws.close();
    await again.closed;
    const onKilled = await joinOnceFree(ports[0], account, 2_000);
    first.kill('SIGKILL');
    await onKilled.closed;
    const killedAt = Date.now();
    expect(await (await join(ports[1], `private-user.${account}`)).answer).toMatch(/LimitReached/);
    await joinOnceFree(ports[1], account, slotSeconds * 1000 + 3_000);
    expect(Date.now() - killedAt).toBeLessThan(slotSeconds * 1000 + 3_000);
    // The open socket's slot is renewed while it stays, however long: past another lifetime of a slot
    // the account still holds its cap.
    await new Promise((r) => setTimeout(r, slotSeconds * 1000));
    expect(onSecond.ws.readyState).toBe(WebSocket.OPEN);
    expect(await (await join(ports[1], `private-user.${account}`)).answer).toMatch(/LimitReached/);
  });
});

// Each subscription to a private channel waits for its account's slot: while Redis was away it waited
// for ioredis's reconnections (1.5 to 7 s) before the hub counted the slot itself, and each failed
// reconnection printed "[ioredis] Unhandled error event" on the hub's output.
describe('a hub whose Redis goes away', () => {
  const port = 4410;

  it('lets a subscription in within a fraction of a second from its own count, and says the outage once and its end once', async () => {
    const relay = await relayToRedis(redisUrl);
    relays.push(relay);
    const hub = await startHub(port, { REDIS_URL: relay.url });
    const output = outputOf.get(hub)!;
    const account = randomInt(1_000_000, 2 ** 40);
    const before = await join(port, `private-user.${account}`);
    expect(await before.answer).toBe('pusher_internal:subscription_succeeded');

    relay.cut();
    // Past several of ioredis's reconnection attempts.
    await new Promise((r) => setTimeout(r, 2_000));
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const during = await join(port, `private-user.${account + 1 + i}`);
      const from = performance.now();
      expect(await during.answer).toBe('pusher_internal:subscription_succeeded');
      times.push(performance.now() - from);
    }
    expect(Math.max(...times)).toBeLessThan(500);
    expect(output().match(/Redis unreachable/g)).toHaveLength(1);
    expect(output()).not.toContain('Unhandled error event');

    await relay.restore();
    const deadline = Date.now() + 10_000;
    while (!output().includes('Redis answers again')) {
      if (Date.now() > deadline) throw new Error(`the hub did not say Redis is back:\n${output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(output().match(/Redis answers again/g)).toHaveLength(1);
    expect(output().match(/Redis unreachable/g)).toHaveLength(1);
    expect(output()).not.toContain('Unhandled error event');
  });
});

/** A socket that came through a proxy with this X-Forwarded-For: 'open' once established, or the code it was closed with. */
function connectThrough(port: number, forwardedFor: string): Promise<'open' | number> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${jobs.key}?protocol=7`, { headers: { 'x-forwarded-for': forwardedFor } });
  opened.push({ destroy: () => ws.terminate() });
  return new Promise((resolve) => {
    ws.on('message', (raw) => {
      if ((JSON.parse(raw.toString()) as { event: string }).event === 'pusher:connection_established') resolve('open');
    });
    ws.on('close', (code) => resolve(code));
    ws.on('error', () => {});
  });
}

// deploy/scale-out/ puts nginx in front of the hubs: every connection then comes from nginx's address,
// so the caps counted by address held all the site's clients together (100 sockets, 256 connections
// per nginx). With TRUST_PROXY, as hub.env sets it, the hub counts each socket under the address nginx
// appended to X-Forwarded-For, and leaves the port's per-address cap to the proxy, as the API does.
describe('a hub behind the proxy of deploy/scale-out', () => {
  const perAddress = 2;
  const overQuota = PusherCode.overQuota;

  it('with TRUST_PROXY counts each client under the address the proxy saw, and holds more connections from the proxy than one address may', async () => {
    const port = 4411;
    await startHub(port, {
      TRUST_PROXY: 'true',
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: String(perAddress),
      REALTIME_MAX_HTTP_CONNECTIONS: '400',
      HEADERS_TIMEOUT_SECONDS: '20',
    });
    // Five clients behind one proxy, more than one address's cap of sockets: each is its own.
    const clients = [];
    for (let i = 1; i <= 5; i += 1) clients.push(await connectThrough(port, `203.0.113.${i}`));
    expect(clients).toEqual(Array(5).fill('open'));
    // One client is held to the cap, whatever it writes before the entry the proxy appended.
    const one = [];
    for (let i = 1; i <= perAddress + 1; i += 1) one.push(await connectThrough(port, `198.51.100.${i}, 203.0.113.9`));
    expect(one).toEqual([...Array(perAddress).fill('open'), overQuota]);
    // The proxy's connections are not capped as one address's (256 by default without TRUST_PROXY).
    const fromProxy = [];
    for (let i = 0; i < 300; i += 1) fromProxy.push(await holdHeaders(port, '127.0.0.2'));
    await new Promise((r) => setTimeout(r, 1_000));
    expect(fromProxy.filter((connection) => !connection.socket.destroyed).length).toBe(300);
    for (const connection of fromProxy) connection.socket.destroy();
  });

  it('without TRUST_PROXY reads no X-Forwarded-For: a client that writes one is held to its connection’s own address', async () => {
    const port = 4412;
    await startHub(port, { REALTIME_MAX_CONNECTIONS_PER_ADDRESS: String(perAddress) });
    const forged = [];
    for (let i = 1; i <= perAddress + 2; i += 1) forged.push(await connectThrough(port, `203.0.113.${i}`));
    expect(forged).toEqual([...Array(perAddress).fill('open'), overQuota, overQuota]);
  });
});
