// The embedded hub against the official clients on loopback (the way soketi tests itself): pusher-js
// (Node) and laravel-echo subscribe, the `pusher` SDK triggers and batch-triggers, refusals carry
// Pusher's codes, and two hubs on the machine's Redis share channels.
import { randomUUID } from 'node:crypto';
import Echo from 'laravel-echo';
import Pusher from 'pusher';
import PusherJs from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { broadcastingAuthPath, reauthoriseCloseCode } from '../../contract/realtime.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createRedisAdapter } from './adapter.ts';
import type { RealtimeConfig } from '../shared/realtime/config.ts';
import { createHub, type Hub } from './hub.ts';
import { PusherCode } from './protocol.ts';
import { accountChannelData, bodyMd5, channelAuth, signRequest } from './signatures.ts';

let ctx: TestContext;
let apiUrl: string;
let hub: Hub;
let hubPort: number;
let person: TestUser;
const open: { disconnect(): void }[] = [];

const limits: RealtimeConfig['limits'] = {
  maxConnections: 50,
  maxConnectionsPerAddress: 20,
  maxHttpConnections: 50,
  maxSocketsPerAccount: 20,
  maxMessageBytes: 4096,
  activityTimeoutSeconds: 120,
};

beforeAll(async () => {
  ctx = await createTestContext();
  person = await createUser(ctx);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  hub = createHub({ apps: Object.values(ctx.config.realtime.apps), limits, allowedOrigins: ['http://localhost:4321'] });
  hubPort = await hub.listen(0, '127.0.0.1');
});
afterEach(() => {
  for (const client of open.splice(0)) client.disconnect();
});
afterAll(async () => {
  await hub.close();
  await ctx.close();
});

const apps = () => ctx.config.realtime.apps;

function sdk(app: 'achievements' | 'jobs', port = hubPort, secret?: string): Pusher {
  const a = apps()[app];
  return new Pusher({ appId: a.id, key: a.key, secret: secret ?? a.secret, host: '127.0.0.1', port: String(port), useTLS: false });
}

function pusherJs(app: 'achievements' | 'jobs', port = hubPort, extra: Record<string, unknown> = {}): PusherJs {
  const client = new PusherJs(apps()[app].key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    wssPort: port,
    forceTLS: false,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    ...extra,
  } as never);
  open.push(client);
  return client;
}

function connected(client: PusherJs): Promise<void> {
  return new Promise((resolve) => {
    if (client.connection.state === 'connected') resolve();
    else client.connection.bind('connected', () => resolve());
  });
}

function subscribed(channel: { bind(event: string, cb: (data: unknown) => void): unknown }): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (error) => reject(new Error(JSON.stringify(error))));
  });
}

function rawSocket(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ ws: WebSocket; messages: { event: string; data: unknown }[]; closed: Promise<number> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${hubPort}${path}`, { headers });
  const messages: { event: string; data: unknown }[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, messages, closed }));
    ws.on('error', reject);
  });
}

describe('pusher-js and the pusher SDK', () => {
  it('connects with a socket id and the activity timeout, and receives a public event', async () => {
    const client = pusherJs('achievements');
    await connected(client);
    expect(client.connection.socket_id).toMatch(/^\d+\.\d+$/);
    const channel = client.subscribe('news');
    await subscribed(channel);
    const received = new Promise((resolve) => channel.bind('achievement.unlocked', resolve));
    await sdk('achievements').trigger('news', 'achievement.unlocked', { achievement_id: 1, title: 'First', unlocked_at: 'now' });
    expect(await received).toEqual({ achievement_id: 1, title: 'First', unlocked_at: 'now' });
  });

  it('batch-triggers to several channels, and lists the occupied ones', async () => {
    const client = pusherJs('jobs');
    const a = client.subscribe('alpha');
    const b = client.subscribe('beta');
    await Promise.all([subscribed(a), subscribed(b)]);
    const got: unknown[] = [];
    a.bind('ping', (d: unknown) => got.push(['alpha', d]));
    b.bind('ping', (d: unknown) => got.push(['beta', d]));
    await sdk('jobs').triggerBatch([
      { channel: 'alpha', name: 'ping', data: { n: 1 } },
      { channel: 'beta', name: 'ping', data: { n: 2 } },
    ]);
    await vi.waitFor(() => expect(got).toHaveLength(2));
    expect(got).toEqual(
      expect.arrayContaining([
        ['alpha', { n: 1 }],
        ['beta', { n: 2 }],
      ]),
    );
    const listing = await sdk('jobs').get({ path: '/channels', params: { info: 'subscription_count' } });
    expect(await listing.json()).toEqual({ channels: { alpha: { subscription_count: 1 }, beta: { subscription_count: 1 } } });
  });

  it('keeps apps apart: an event on one app never reaches the other', async () => {
    const jobsClient = pusherJs('jobs');
    const achievementsClient = pusherJs('achievements');
    const onJobs = jobsClient.subscribe('shared');
    const onAchievements = achievementsClient.subscribe('shared');
    await Promise.all([subscribed(onJobs), subscribed(onAchievements)]);
    const got: string[] = [];
    onJobs.bind('e', () => got.push('jobs'));
    onAchievements.bind('e', () => got.push('achievements'));
    await sdk('jobs').trigger('shared', 'e', {});
    await vi.waitFor(() => expect(got).toEqual(['jobs']));
    // A marker sent to the other app after it: a leaked event would have reached its socket first.
    onAchievements.bind('marker', () => got.push('marker'));
    await sdk('achievements').trigger('shared', 'marker', {});
    await vi.waitFor(() => expect(got).toContain('marker'));
    expect(got).toEqual(['jobs', 'marker']);
  });
});

describe('laravel-echo through /broadcasting/auth', () => {
  function echo(app: 'achievements' | 'jobs', token: string): Echo<'pusher'> {
    const key = apps()[app].key;
    const instance = new Echo<'pusher'>({
      broadcaster: 'pusher',
      Pusher: PusherJs,
      key,
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: hubPort,
      wssPort: hubPort,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      authEndpoint: `${apiUrl}${broadcastingAuthPath}`,
      auth: { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' }, params: { app_key: key } },
    } as never);
    open.push(instance);
    return instance;
  }

  it.each(['jobs', 'achievements'] as const)('subscribes to the person’s private channel on the %s app and gets the event', async (app) => {
    const instance = echo(app, person.token);
    const received = new Promise((resolve) => instance.private(`user.${person.id}`).listen('.notification.read', resolve));
    const channel = instance.connector.pusher.channel(`private-user.${person.id}`);
    await subscribed(channel);
    await sdk(app).trigger(`private-user.${person.id}`, 'notification.read', { ids: null, unread_count: 0 });
    expect(await received).toEqual({ ids: null, unread_count: 0 });
  });

  it('is refused a foreign channel', async () => {
    const stranger = await createUser(ctx);
    const instance = echo('jobs', person.token);
    const refused = new Promise<unknown>((resolve) => instance.private(`user.${stranger.id}`).error(resolve));
    expect(await refused).toMatchObject({ status: 403 });
  });
});

describe('refusals', () => {
  it('refuses a subscription signed with the wrong secret', async () => {
    const client = pusherJs('jobs', hubPort, {
      channelAuthorization: {
        customHandler: (_params: unknown, callback: (error: null, data: { auth: string }) => void) =>
          callback(null, { auth: `${apps().jobs.key}:${'0'.repeat(64)}` }),
      },
    });
    await expect(subscribed(client.subscribe(`private-user.${person.id}`))).rejects.toThrow(/AuthError.*401|401.*AuthError/);
  });

  it('refuses an HTTP API request with a wrong signature', async () => {
    await expect(sdk('jobs', hubPort, 'not-the-secret').trigger('news', 'e', {})).rejects.toMatchObject({ status: 401 });
  });

  it('refuses an HTTP API request with an expired timestamp, even when signed right', async () => {
    const app = apps().jobs;
    const path = `/apps/${app.id}/channels`;
    const query = new URLSearchParams({
      auth_key: app.key,
      auth_timestamp: String(Math.floor(Date.now() / 1000) - 601),
      auth_version: '1.0',
    });
    query.set('auth_signature', signRequest(app.secret, 'GET', path, query));
    const answer = await fetch(`http://127.0.0.1:${hubPort}${path}?${query}`);
    expect(answer.status).toBe(401);
    expect(await answer.text()).toMatch(/Timestamp expired/);
  });

  it('refuses a body that does not match body_md5', async () => {
    const app = apps().jobs;
    const path = `/apps/${app.id}/events`;
    const query = new URLSearchParams({
      auth_key: app.key,
      auth_timestamp: String(Math.floor(Date.now() / 1000)),
      auth_version: '1.0',
      body_md5: '0'.repeat(32),
    });
    query.set('auth_signature', signRequest(app.secret, 'POST', path, query));
    const answer = await fetch(`http://127.0.0.1:${hubPort}${path}?${query}`, {
      method: 'POST',
      body: '{"name":"e","data":"{}","channel":"news"}',
    });
    expect(answer.status).toBe(401);
  });

  it('refuses a client event with 4301 and keeps the connection', async () => {
    const client = pusherJs('jobs', hubPort, {
      channelAuthorization: {
        customHandler: async (
          { socketId, channelName }: { socketId: string; channelName: string },
          callback: (e: null, d: unknown) => void,
        ) => {
          const answer = await fetch(`${apiUrl}${broadcastingAuthPath}`, {
            method: 'POST',
            headers: { ...bearer(person.token), 'content-type': 'application/json' },
            body: JSON.stringify({ socket_id: socketId, channel_name: channelName, app_key: apps().jobs.key }),
          });
          callback(null, await answer.json());
        },
      },
    });
    const channel = client.subscribe(`private-user.${person.id}`);
    await subscribed(channel);
    const error = new Promise<{ data: { code: number } }>((resolve) => client.connection.bind('error', resolve));
    channel.trigger('client-typing', { hello: 1 });
    expect((await error).data.code).toBe(PusherCode.clientEventRejected);
    expect(client.connection.state).toBe('connected');
  });

  it.each([
    ['/app/unknown-key?protocol=7', PusherCode.appNotFound],
    ['/app/KEY', PusherCode.noProtocol],
    ['/app/KEY?protocol=6', PusherCode.unsupportedProtocol],
    ['/elsewhere', PusherCode.pathNotFound],
  ])('closes %s with %i', async (path, code) => {
    const socket = await rawSocket(path.replace('KEY', apps().jobs.key));
    expect(await socket.closed).toBe(code);
    expect(socket.messages[0]).toMatchObject({ event: 'pusher:error', data: { code } });
  });

  it('closes a socket from an origin that is not allowed', async () => {
    const socket = await rawSocket(`/app/${apps().jobs.key}?protocol=7`, { origin: 'https://evil.example' });
    expect(await socket.closed).toBe(PusherCode.unauthorizedConnection);
  });

  it('answers malformed frames with pusher:error and stays up; closes an oversized one', async () => {
    const socket = await rawSocket(`/app/${apps().jobs.key}?protocol=7`, { origin: 'http://localhost:4321' });
    for (const bad of ['not json', '{"event":"pusher:subscribe","data":"x"}', 'null', '{"event":42}', '[]']) socket.ws.send(bad);
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    socket.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await vi.waitFor(() => expect(socket.messages.some((m) => m.event === 'pusher:pong')).toBe(true));
    expect(socket.messages.filter((m) => m.event === 'pusher:error')).toHaveLength(6);
    socket.ws.send('x'.repeat(limits.maxMessageBytes + 1));
    expect(await socket.closed).toBe(1009);
    const again = pusherJs('jobs');
    await connected(again);
  });

  it('caps connections per address', async () => {
    const sockets = await Promise.all(
      Array.from({ length: limits.maxConnectionsPerAddress }, () => rawSocket(`/app/${apps().jobs.key}?protocol=7`)),
    );
    const extra = await rawSocket(`/app/${apps().jobs.key}?protocol=7`);
    expect(await extra.closed).toBe(PusherCode.overQuota);
    for (const s of sockets) s.ws.close();
    await Promise.all(sockets.map((s) => s.closed));
  });
});

describe('channels and capacity', () => {
  it('stops delivering after an unsubscribe, and answers one channel’s occupancy', async () => {
    const socket = await rawSocket(`/app/${apps().jobs.key}?protocol=7`);
    socket.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'solo' } }));
    await vi.waitFor(() => expect(socket.messages.some((m) => m.event === 'pusher_internal:subscription_succeeded')).toBe(true));
    const occupied = await sdk('jobs').get({ path: '/channels/solo' });
    expect(await occupied.json()).toEqual({ occupied: true, subscription_count: 1 });
    await sdk('jobs').trigger('solo', 'one', {});
    await vi.waitFor(() => expect(socket.messages.some((m) => m.event === 'one')).toBe(true));
    socket.ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data: { channel: 'solo' } }));
    await vi.waitFor(async () =>
      expect(await (await sdk('jobs').get({ path: '/channels/solo' })).json()).toEqual({ occupied: false, subscription_count: 0 }),
    );
    await sdk('jobs').trigger('solo', 'two', {});
    // A ping after it: had 'two' been sent to this socket, it would arrive before the pong.
    socket.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await vi.waitFor(() => expect(socket.messages.some((m) => m.event === 'pusher:pong')).toBe(true));
    expect(socket.messages.some((m) => m.event === 'two')).toBe(false);
    socket.ws.close();
  });

  it('closes connections over the total cap with 4100, so clients back off', async () => {
    const small = createHub({ apps: Object.values(apps()), limits: { ...limits, maxConnections: 2 }, allowedOrigins: [] });
    const port = await small.listen(0, '127.0.0.1');
    try {
      const url = `ws://127.0.0.1:${port}/app/${apps().jobs.key}?protocol=7`;
      const first = [new WebSocket(url), new WebSocket(url)];
      await Promise.all(first.map((ws) => new Promise((resolve) => ws.on('open', resolve))));
      const extra = new WebSocket(url);
      expect(await new Promise<number>((resolve) => extra.on('close', (code) => resolve(code)))).toBe(PusherCode.overCapacity);
      for (const ws of first) ws.close();
    } finally {
      await small.close();
    }
  });

  it('refuses an event for more than 100 channels and data over the size cap, without publishing', async () => {
    // The SDK refuses 101 channels itself, so this request is signed by hand.
    const app = apps().jobs;
    const path = `/apps/${app.id}/events`;
    const body = JSON.stringify({ name: 'e', data: '{}', channels: Array.from({ length: 101 }, (_, i) => `c${i}`) });
    const query = new URLSearchParams({
      auth_key: app.key,
      auth_timestamp: String(Math.floor(Date.now() / 1000)),
      auth_version: '1.0',
      body_md5: bodyMd5(body),
    });
    query.set('auth_signature', signRequest(app.secret, 'POST', path, query));
    expect((await fetch(`http://127.0.0.1:${hubPort}${path}?${query}`, { method: 'POST', body })).status).toBe(400);
    await expect(sdk('jobs').trigger('news', 'e', { text: 'x'.repeat(limits.maxMessageBytes) })).rejects.toMatchObject({ status: 400 });
  });
});

describe('idle connections', () => {
  it('are pinged after the activity timeout and closed when they do not answer', async () => {
    const quick = createHub({
      apps: Object.values(apps()),
      limits: { ...limits, activityTimeoutSeconds: 1 },
      allowedOrigins: [],
      pongTimeoutMs: 400,
    });
    const port = await quick.listen(0, '127.0.0.1');
    try {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${apps().jobs.key}?protocol=7`);
      const events: string[] = [];
      ws.on('message', (raw) => events.push(JSON.parse(raw.toString()).event));
      const code = await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
      expect(events).toEqual(['pusher:connection_established', 'pusher:ping']);
      expect(code).toBe(PusherCode.pongNotReceived);
    } finally {
      await quick.close();
    }
  });
});

describe('two hub processes on Redis', () => {
  it('deliver a publish made on one to a subscriber on the other, and list channels across both', async () => {
    const prefix = `profiles-test-${randomUUID()}`;
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const first = createHub({ apps: Object.values(apps()), limits, allowedOrigins: [], adapter: createRedisAdapter(redisUrl, { prefix }) });
    const second = createHub({
      apps: Object.values(apps()),
      limits,
      allowedOrigins: [],
      adapter: createRedisAdapter(redisUrl, { prefix }),
    });
    const firstPort = await first.listen(0, '127.0.0.1');
    const secondPort = await second.listen(0, '127.0.0.1');
    try {
      const client = pusherJs('jobs', secondPort);
      const channel = client.subscribe('across');
      await subscribed(channel);
      const received = new Promise((resolve) => channel.bind('hello', resolve));
      await sdk('jobs', firstPort).trigger('across', 'hello', { from: 'first' });
      expect(await received).toEqual({ from: 'first' });
      const listing = await sdk('jobs', firstPort).get({ path: '/channels' });
      expect(await listing.json()).toEqual({ channels: { across: {} } });
    } finally {
      for (const c of open.splice(0)) c.disconnect();
      await first.close();
      await second.close();
    }
  });
});

// A socket subscribed with a token that was later revoked kept receiving the
// channel's events. The API's 'subscriptions.revoked' makes every hub process close the channel's
// sockets with 4200, so their clients must authorise again.
describe('ending a channel’s subscriptions', () => {
  it('closes the sockets holding the channel on another hub process, and they get no further events', async () => {
    const prefix = `profiles-test-${randomUUID()}`;
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const first = createHub({ apps: Object.values(apps()), limits, allowedOrigins: [], adapter: createRedisAdapter(redisUrl, { prefix }) });
    const second = createHub({
      apps: Object.values(apps()),
      limits,
      allowedOrigins: [],
      adapter: createRedisAdapter(redisUrl, { prefix }),
    });
    const firstPort = await first.listen(0, '127.0.0.1');
    const secondPort = await second.listen(0, '127.0.0.1');
    const jobs = apps().jobs;
    /** A raw socket on the second hub subscribed to `channel`, with what it hears and how it closes. */
    async function subscriber(channel: string) {
      const ws = new WebSocket(`ws://127.0.0.1:${secondPort}/app/${jobs.key}?protocol=7`);
      const messages: { event: string; channel?: string; data?: unknown }[] = [];
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      const heard = (event: string) =>
        new Promise<{ event: string; data?: unknown }>((resolve) => {
          const check = () => {
            const found = messages.find((m) => m.event === event);
            if (found) return resolve(found);
            ws.once('message', check);
          };
          check();
        });
      ws.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
      const established = await heard('pusher:connection_established');
      const socketId = (JSON.parse(established.data as string) as { socket_id: string }).socket_id;
      ws.send(
        JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: channelAuth(jobs.key, jobs.secret, socketId, channel) } }),
      );
      await heard('pusher_internal:subscription_succeeded');
      return { ws, messages, closed };
    }
    try {
      const revoked = await subscriber('private-user.77');
      const other = await subscriber('private-user.78');
      await sdk('jobs', firstPort).trigger('private-user.77', 'subscriptions.revoked', {});
      expect(await revoked.closed).toBe(4200);
      // Nothing more reaches it, and a socket on another channel is untouched.
      await sdk('jobs', firstPort).trigger(['private-user.77', 'private-user.78'], 'notification.read', { ids: null, unread_count: 0 });
      await vi.waitFor(() => expect(other.messages.some((m) => m.event === 'notification.read')).toBe(true), { timeout: 5000 });
      expect(revoked.messages.map((m) => m.event)).not.toContain('notification.read');
      expect(revoked.messages.map((m) => m.event)).not.toContain('subscriptions.revoked');
      expect(other.ws.readyState).toBe(WebSocket.OPEN);
      other.ws.close();
    } finally {
      await first.close();
      await second.close();
    }
  });
});

// A socket that never subscribes to a private channel (one the API signed) is
// nobody's, and only holds a descriptor: it is closed (4101, retry after a back-off) after a short while.
describe('sockets without a private channel', () => {
  it('are closed with 4101 after the grace period, while one holding a private channel stays', async () => {
    const strict = createHub({ apps: Object.values(apps()), limits, allowedOrigins: [], privateSubscriptionWithinMs: 300 });
    const port = await strict.listen(0, '127.0.0.1');
    const jobs = apps().jobs;
    try {
      const open = (): Promise<{ ws: WebSocket; socketId: Promise<string>; closed: Promise<number> }> =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${jobs.key}?protocol=7`);
          const socketId = new Promise<string>((got) =>
            ws.once('message', (raw) =>
              got((JSON.parse((JSON.parse(raw.toString()) as { data: string }).data) as { socket_id: string }).socket_id),
            ),
          );
          const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
          ws.on('open', () => resolve({ ws, socketId, closed }));
          ws.on('error', reject);
        });
      const idle = await open();
      const member = await open();
      const channel = 'private-user.91';
      member.ws.send(
        JSON.stringify({
          event: 'pusher:subscribe',
          data: { channel, auth: channelAuth(jobs.key, jobs.secret, await member.socketId, channel) },
        }),
      );
      expect(await idle.closed).toBe(PusherCode.noPrivateChannel);
      expect(member.ws.readyState).toBe(WebSocket.OPEN);
      member.ws.close();
    } finally {
      await strict.close();
    }
  });
});

// One account cannot hold every slot: its private channel takes a few sockets at
// once, and one refused it holds no private channel, so the grace period closes it.
describe('sockets of one account', () => {
  it('are capped: past the cap a socket is refused the account channel and then closed, another account still joins', async () => {
    const capped = createHub({
      apps: Object.values(apps()),
      limits: { ...limits, maxSocketsPerAccount: 2 },
      allowedOrigins: [],
      privateSubscriptionWithinMs: 500,
    });
    const port = await capped.listen(0, '127.0.0.1');
    const jobs = apps().jobs;
    const sockets: WebSocket[] = [];
    /** A socket that subscribes to `channel` (with `channelData`, signed): what the hub answered, and how it closed. */
    const join = (channel: string, channelData?: string) =>
      new Promise<{ answer: Promise<string>; closed: Promise<number> }>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${jobs.key}?protocol=7`);
        sockets.push(ws);
        const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
        let answered: (event: string) => void;
        const answer = new Promise<string>((got) => (answered = got));
        ws.on('message', (raw) => {
          const message = JSON.parse(raw.toString()) as { event: string; data: string };
          if (message.event === 'pusher:connection_established') {
            const socketId = (JSON.parse(message.data) as { socket_id: string }).socket_id;
            const auth = channelAuth(jobs.key, jobs.secret, socketId, channel, channelData);
            ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } }));
          } else
            answered(message.event.startsWith('pusher_internal:') ? message.event : `${message.event} ${JSON.stringify(message.data)}`);
        });
        ws.on('open', () => resolve({ answer, closed }));
        ws.on('error', reject);
      });
    try {
      const first = await join('private-user.77');
      const second = await join('private-user.77');
      expect(await first.answer).toBe('pusher_internal:subscription_succeeded');
      expect(await second.answer).toBe('pusher_internal:subscription_succeeded');
      const third = await join('private-user.77');
      expect(await third.answer).toMatch(/LimitReached/);
      expect(await third.closed).toBe(PusherCode.noPrivateChannel);
      const other = await join('private-user.78');
      expect(await other.answer).toBe('pusher_internal:subscription_succeeded');

      // A company's channel counts its sockets against the account the API signed into it (the re-test
      // held 75 sockets through one free company's channel; decision 267).
      const asAccount = accountChannelData(78);
      const company = await join('private-company.5', asAccount);
      expect(await company.answer).toBe('pusher_internal:subscription_succeeded');
      const overCap = await join('private-company.5', asAccount);
      expect(await overCap.answer).toMatch(/LimitReached/);
      expect(await overCap.closed).toBe(PusherCode.noPrivateChannel);
      // Another account on that channel still joins; channel data the API did not sign, or none, is refused.
      expect(await (await join('private-company.5', accountChannelData(79))).answer).toBe('pusher_internal:subscription_succeeded');
      expect(await (await join('private-company.5')).answer).toMatch(/AuthError/);
    } finally {
      for (const ws of sockets) ws.close();
      await capped.close();
    }
  });
});

// A company session ends by its hours, a member by their leaving day: nothing revokes the channel at
// that moment, so the API signs when into the channel data and the hub closes the socket then (4200:
// authorise again), as a revocation does. The re-test found such sockets listening on for good.
describe('a grant that ends by itself', () => {
  it('closes the socket holding it when its signed end comes, and no other', async () => {
    let t = Date.now();
    const timed = createHub({ apps: Object.values(apps()), limits, allowedOrigins: [], privateSubscriptionWithinMs: 400, now: () => t });
    const port = await timed.listen(0, '127.0.0.1');
    const jobs = apps().jobs;
    const sockets: WebSocket[] = [];
    const join = (channel: string, channelData: string) =>
      new Promise<{ ws: WebSocket; subscribed: Promise<void>; closed: Promise<number> }>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${jobs.key}?protocol=7`);
        sockets.push(ws);
        const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
        let done: () => void;
        const subscribed = new Promise<void>((got) => (done = got));
        ws.on('message', (raw) => {
          const message = JSON.parse(raw.toString()) as { event: string; data: string };
          if (message.event === 'pusher:connection_established') {
            const socketId = (JSON.parse(message.data) as { socket_id: string }).socket_id;
            const auth = channelAuth(jobs.key, jobs.secret, socketId, channel, channelData);
            ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } }));
          } else if (message.event === 'pusher_internal:subscription_succeeded') done();
        });
        ws.on('open', () => resolve({ ws, subscribed, closed }));
        ws.on('error', reject);
      });
    try {
      const ending = await join('private-company.6', accountChannelData(90, new Date(t + 60_000)));
      const lasting = await join('private-company.6', accountChannelData(91));
      await Promise.all([ending.subscribed, lasting.subscribed]);
      // Before its end nothing happens; after it, the sweep closes that socket only.
      t += 59_000;
      await new Promise((r) => setTimeout(r, 300));
      expect(ending.ws.readyState).toBe(WebSocket.OPEN);
      t += 2_000;
      expect(await ending.closed).toBe(reauthoriseCloseCode);
      expect(lasting.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      for (const ws of sockets) ws.close();
      await timed.close();
    }
  });
});

describe('a hub run as its own process: /metrics', () => {
  const token = 'hub-metrics-token-0123456789';

  it('answers the scrape with its connections and deliveries behind the token, and nothing else', async () => {
    const { createMetrics, metricsScrape } = await import('../http/metrics.ts');
    const metrics = createMetrics();
    const own = createHub({ apps: Object.values(apps()), limits, allowedOrigins: [], metrics: metricsScrape(metrics, token) });
    metrics.sources.hub = own;
    const port = await own.listen(0, '127.0.0.1');
    try {
      const url = `http://127.0.0.1:${port}/metrics`;
      const anonymous = await fetch(url);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
      expect(await anonymous.text()).not.toContain('profiles_');
      expect((await fetch(url, { headers: { authorization: `Bearer ${token}x` } })).status).toBe(401);
      expect((await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(405);

      const client = pusherJs('achievements', port);
      await connected(client);
      const scraped = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('cache-control')).toBe('no-store');
      const text = await scraped.text();
      expect(text).toMatch(/^profiles_realtime_connections 1$/m);
      expect(text).toMatch(/^profiles_realtime_deliveries_total \d+$/m);
      expect(text).toContain('profiles_process_resident_memory_bytes');
    } finally {
      await own.close();
    }
  });

  it('an embedded hub (no metrics option) has no /metrics of its own: the API process serves them', async () => {
    const answer = await fetch(`http://127.0.0.1:${hubPort}/metrics`);
    expect(answer.status).toBe(404);
  });
});

// The cap counts an account's sockets (decision 298): a socket that leaves every channel of the account
// is no longer the account's, so its slot goes back then, not when it closes; and one left with no
// private channel is closed after the grace period, or an account could hold uncounted sockets.
describe('a socket that leaves its account’s channels', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const jobs = () => apps().jobs;
  /** A raw socket of the jobs app: each subscription's answer (in the order sent), an unsubscription, and its close. */
  const client = (port: number, sockets: WebSocket[]) =>
    new Promise<{
      subscribe(channel: string, channelData?: string): Promise<string>;
      unsubscribe(channel: string): void;
      closed: Promise<number>;
    }>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${jobs().key}?protocol=7`);
      sockets.push(ws);
      const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
      const waiting = new Map<string, (answer: string) => void>();
      let socketId = '';
      ws.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as { event: string; data: unknown; channel?: string };
        if (message.event === 'pusher:connection_established') {
          socketId = (JSON.parse(message.data as string) as { socket_id: string }).socket_id;
          resolve({
            subscribe(channel, channelData) {
              const auth = channel.startsWith('private-')
                ? channelAuth(jobs().key, jobs().secret, socketId, channel, channelData)
                : undefined;
              ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } }));
              return new Promise((got) => waiting.set(channel, got));
            },
            unsubscribe(channel) {
              ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data: { channel } }));
            },
            closed,
          });
          return;
        }
        const channel = message.channel ?? '';
        waiting.get(channel)?.(
          message.event.startsWith('pusher_internal:') ? message.event : `${message.event} ${JSON.stringify(message.data)}`,
        );
        waiting.delete(channel);
      });
      ws.on('error', reject);
    });
  const succeeded = 'pusher_internal:subscription_succeeded';

  describe.each([
    ['in one process', () => ({ first: undefined, second: undefined })],
    [
      'over two hub processes on Redis',
      () => {
        const prefix = `profiles-test-${randomUUID()}`;
        return { first: createRedisAdapter(redisUrl, { prefix }), second: createRedisAdapter(redisUrl, { prefix }) };
      },
    ],
  ])('%s', (_name, adapters) => {
    it('gives its slot back when it unsubscribes from the last of them, not before, and is closed if it then holds none', async () => {
      const { first, second } = adapters();
      const options = { apps: Object.values(apps()), limits: { ...limits, maxSocketsPerAccount: 2 }, allowedOrigins: [] };
      const hubA = createHub({ ...options, adapter: first, privateSubscriptionWithinMs: 600 });
      // In one process the same hub takes both roles; over Redis the slot is given back to another hub.
      const hubB = second ? createHub({ ...options, adapter: second, privateSubscriptionWithinMs: 600 }) : hubA;
      const portA = await hubA.listen(0, '127.0.0.1');
      const portB = hubB === hubA ? portA : await hubB.listen(0, '127.0.0.1');
      const sockets: WebSocket[] = [];
      const account = 4_000_000 + Math.floor(Math.random() * 1_000_000);
      const own = `private-user.${account}`;
      const company = 'private-company.5';
      const asAccount = accountChannelData(account);
      try {
        const leaving = await client(portA, sockets);
        expect(await leaving.subscribe(own)).toBe(succeeded);
        expect(await leaving.subscribe(company, asAccount)).toBe(succeeded);
        const staying = await client(portB, sockets);
        expect(await staying.subscribe(own)).toBe(succeeded);
        const waiting = await client(portB, sockets);
        expect(await waiting.subscribe(own)).toMatch(/LimitReached/);

        // Leaving one of the account's two channels keeps the socket the account's. A public channel
        // subscribed after it answers once the unsubscription is done (the socket's steps keep their order).
        leaving.unsubscribe(own);
        expect(await leaving.subscribe('news-1')).toBe(succeeded);
        expect(await waiting.subscribe(own)).toMatch(/LimitReached/);
        // Leaving the last gives the slot back: another socket of the account takes it at once.
        leaving.unsubscribe(company);
        expect(await leaving.subscribe('news-2')).toBe(succeeded);
        expect(await waiting.subscribe(own)).toBe(succeeded);
        // The socket that left holds no slot: back on the account's channel it is past the cap.
        expect(await leaving.subscribe(own)).toMatch(/LimitReached/);
        // Holding only public channels, it is closed after the grace period, as a new socket would be.
        expect(await leaving.closed).toBe(PusherCode.noPrivateChannel);
      } finally {
        for (const ws of sockets) ws.close();
        await hubA.close();
        if (hubB !== hubA) await hubB.close();
      }
    });
  });
});
