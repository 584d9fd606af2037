// The embedded Pusher-protocol server (ARCHITECTURE "Realtime"): WebSockets at /app/{key} and the
// Channels HTTP API on one port, for one machine or several behind Redis. Proven with the official
// clients (pusher-js, laravel-echo, the pusher SDK) in hub.test.ts; production may use soketi instead.
import { randomInt } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { reauthoriseCloseCode } from '../../contract/realtime.ts';
import { createLocalAdapter, type HubAdapter } from './adapter.ts';
import type { RealtimeAppConfig, RealtimeConfig } from './config.ts';
import {
  channelNamePattern,
  ClientMessage,
  errorFrame,
  frame,
  protocolVersion,
  PusherCode,
  subscriptionErrorFrame,
} from './protocol.ts';
import { checkSignedRequest, isValidChannelAuth } from './signatures.ts';
import { addressKey, openFileLimit, socketCap } from './socket-limits.ts';

export interface HubOptions {
  apps: RealtimeAppConfig[];
  limits: RealtimeConfig['limits'];
  /** Page origins allowed to open sockets; a socket without an Origin (a server) is always allowed. */
  allowedOrigins: string[];
  adapter?: HubAdapter;
  /** How long a pinged idle client has to answer before it is closed (Pusher: 30 s). */
  pongTimeoutMs?: number;
  /** Channels a socket may hold at once. */
  maxChannelsPerSocket?: number;
  /**
   * How long a socket may stay without a private channel before it is closed with 4101 (a client of
   * the site subscribes to its private channel at once; issue 28, finding 4). Default 10 s.
   */
  privateSubscriptionWithinMs?: number;
  /** The process's open-file limit, to derive the socket cap from (read from the system by default). */
  descriptorLimit?: number;
  now?: () => number;
}

export interface Hub {
  /** Listens; resolves with the port (pass 0 for an ephemeral one). */
  listen(port: number, host?: string): Promise<number>;
  /** Takes a WebSocket upgrade another server received (the site's own origin locally). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open sockets on this process. */
  connectionCount(): number;
  /** Frames delivered to sockets on this process since start (metrics). */
  deliveryCount(): number;
  close(): Promise<void>;
}

interface SocketState {
  id: string;
  app: RealtimeAppConfig;
  address: string;
  channels: Set<string>;
  lastSeen: number;
  pingSentAt: number;
  connectedAt: number;
  /** Whether it has held a private channel (signed by the API), so it is someone's. */
  authorised: boolean;
}

const apiBodyLimit = 256 * 1024;
/** The event the API triggers to end a channel's subscriptions (contract/realtime.ts). */
export const revokeEventName = 'subscriptions.revoked';
/** On the bus in place of a frame: close the channel's sockets. Never JSON, so no frame equals it. */
const revokeMarker = '\u0000revoke';
const eventName = z.string().min(1).max(200).refine((name) => !name.startsWith('pusher:') && !name.startsWith('pusher_internal:'));
const channelName = z.string().regex(channelNamePattern);
const socketId = z.string().regex(/^\d{1,20}\.\d{1,20}$/);

function apiSchemas(maxDataBytes: number) {
  const data = z.string().refine((value) => Buffer.byteLength(value) <= maxDataBytes, { message: `data over ${maxDataBytes} bytes` });
  const TriggerBody = z
    .object({ name: eventName, data, channels: z.array(channelName).min(1).max(100).optional(), channel: channelName.optional(), socket_id: socketId.optional() })
    .refine((body) => (body.channels ? 1 : 0) + (body.channel ? 1 : 0) === 1, { message: 'give channels or channel' });
  const BatchBody = z.object({
    batch: z.array(z.object({ name: eventName, data, channel: channelName, socket_id: socketId.optional() })).min(1).max(10),
  });
  return { TriggerBody, BatchBody };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve(undefined);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export function createHub(options: HubOptions): Hub {
  const now = options.now ?? Date.now;
  const adapter = options.adapter ?? createLocalAdapter();
  const limits = options.limits;
  const pongTimeoutMs = options.pongTimeoutMs ?? 30_000;
  const maxChannelsPerSocket = options.maxChannelsPerSocket ?? 100;
  const privateWithinMs = options.privateSubscriptionWithinMs ?? 10_000;
  // Well below the descriptors the process may open, so sockets cannot starve the API of them.
  const maxConnections = socketCap(limits.maxConnections, options.descriptorLimit ?? openFileLimit());
  const appsByKey = new Map(options.apps.map((app) => [app.key, app]));
  const appsById = new Map(options.apps.map((app) => [app.id, app]));
  const allowedOrigins = new Set(options.allowedOrigins);
  const sockets = new Map<WebSocket, SocketState>();
  const perAddress = new Map<string, number>();
  // appId -> channel -> local sockets subscribed to it.
  const subscriptions = new Map<string, Map<string, Set<WebSocket>>>();
  const { TriggerBody, BatchBody } = apiSchemas(limits.maxMessageBytes);
  let deliveries = 0;
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, perMessageDeflate: false });

  function deliver(appId: string, channel: string, message: string, except?: string): void {
    const subscribers = subscriptions.get(appId)?.get(channel);
    if (!subscribers) return;
    if (message === revokeMarker) {
      // The grant behind these subscriptions ended: the sockets go, and their clients authorise again.
      for (const ws of [...subscribers]) {
        const state = sockets.get(ws);
        if (state) unsubscribe(ws, state, channel);
        ws.close(reauthoriseCloseCode, 'Authorise again');
      }
      return;
    }
    // Encoded once for all subscribers: the fan-out to thousands stays a loop of writes.
    const bytes = Buffer.from(message);
    for (const ws of subscribers) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      if (except !== undefined && sockets.get(ws)?.id === except) continue;
      ws.send(bytes, { binary: false });
      deliveries += 1;
    }
  }

  function localChannels(appId: string): Map<string, number> {
    const result = new Map<string, number>();
    for (const [name, set] of subscriptions.get(appId) ?? []) if (set.size) result.set(name, set.size);
    return result;
  }

  function refuse(ws: WebSocket, code: PusherCode, message: string): void {
    ws.send(errorFrame(code, message));
    ws.close(code, message);
  }

  function unsubscribe(ws: WebSocket, state: SocketState, channel: string): void {
    if (!state.channels.delete(channel)) return;
    const channels = subscriptions.get(state.app.id);
    const set = channels?.get(channel);
    set?.delete(ws);
    if (set && !set.size) channels!.delete(channel);
  }

  function subscribe(ws: WebSocket, state: SocketState, data: { channel: string; auth?: string | undefined }): void {
    const { channel } = data;
    if (!channelNamePattern.test(channel)) {
      ws.send(subscriptionErrorFrame(channel.slice(0, 164), 'InvalidChannel', 'Invalid channel name', 400));
      return;
    }
    if (channel.startsWith('presence-') || channel.startsWith('private-encrypted-')) {
      ws.send(subscriptionErrorFrame(channel, 'UnsupportedChannel', 'Presence and encrypted channels are not offered', 400));
      return;
    }
    if (channel.startsWith('private-')) {
      if (!data.auth || !isValidChannelAuth(state.app.key, state.app.secret, state.id, channel, data.auth)) {
        ws.send(subscriptionErrorFrame(channel, 'AuthError', 'Invalid signature', 401));
        return;
      }
    }
    if (!state.channels.has(channel)) {
      if (state.channels.size >= maxChannelsPerSocket) {
        ws.send(subscriptionErrorFrame(channel, 'LimitReached', 'Too many channels on one connection', 400));
        return;
      }
      state.channels.add(channel);
      if (channel.startsWith('private-')) state.authorised = true;
      let channels = subscriptions.get(state.app.id);
      if (!channels) subscriptions.set(state.app.id, (channels = new Map()));
      let set = channels.get(channel);
      if (!set) channels.set(channel, (set = new Set()));
      set.add(ws);
    }
    ws.send(frame('pusher_internal:subscription_succeeded', '{}', channel));
  }

  function onMessage(ws: WebSocket, state: SocketState, raw: WebSocket.RawData, isBinary: boolean): void {
    state.lastSeen = now();
    state.pingSentAt = 0;
    let parsed: ClientMessage;
    try {
      if (isBinary) throw new Error('binary');
      const json: unknown = JSON.parse(raw.toString());
      const event = (json as { event?: unknown } | null)?.event;
      if (typeof event === 'string' && event.startsWith('client-')) {
        ws.send(errorFrame(PusherCode.clientEventRejected, 'Client events are not accepted'));
        return;
      }
      parsed = ClientMessage.parse(json);
    } catch {
      // Not fatal: the socket stays, as Pusher answers an unreadable message.
      ws.send(errorFrame(null, 'Invalid message'));
      return;
    }
    switch (parsed.event) {
      case 'pusher:ping':
        ws.send(frame('pusher:pong', '{}'));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        subscribe(ws, state, parsed.data);
        return;
      case 'pusher:unsubscribe':
        unsubscribe(ws, state, parsed.data.channel);
        return;
    }
  }

  function onConnection(ws: WebSocket, request: IncomingMessage): void {
    const address = addressKey(request.socket.remoteAddress ?? 'unknown');
    const url = new URL(request.url ?? '/', 'http://hub');
    const match = /^\/app\/([^/]+)$/.exec(url.pathname);
    const origin = request.headers.origin;
    if (!match) return refuse(ws, PusherCode.pathNotFound, 'Path not found');
    const app = appsByKey.get(decodeURIComponent(match[1]!));
    if (!app) return refuse(ws, PusherCode.appNotFound, 'App key does not exist');
    const protocol = url.searchParams.get('protocol');
    if (!protocol) return refuse(ws, PusherCode.noProtocol, 'No protocol version supplied');
    if (Number(protocol) !== protocolVersion) return refuse(ws, PusherCode.unsupportedProtocol, `Unsupported protocol version ${protocol.slice(0, 10)}`);
    if (origin !== undefined && !allowedOrigins.has(origin)) return refuse(ws, PusherCode.unauthorizedConnection, 'Origin not allowed');
    if (sockets.size >= maxConnections) return refuse(ws, PusherCode.overCapacity, 'Over capacity');
    if ((perAddress.get(address) ?? 0) >= limits.maxConnectionsPerAddress) return refuse(ws, PusherCode.overQuota, 'Too many connections from this address');

    const state: SocketState = {
      id: `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`,
      app,
      address,
      channels: new Set(),
      lastSeen: now(),
      pingSentAt: 0,
      connectedAt: now(),
      authorised: false,
    };
    sockets.set(ws, state);
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    ws.on('message', (raw, isBinary) => onMessage(ws, state, raw, isBinary));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      for (const channel of [...state.channels]) unsubscribe(ws, state, channel);
      sockets.delete(ws);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    ws.send(frame('pusher:connection_established', { socket_id: state.id, activity_timeout: limits.activityTimeoutSeconds }));
  }

  async function onApiRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://hub');
    const match = /^\/apps\/([^/]+)\/(events|batch_events|channels)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return sendJson(response, 404, { error: 'Not found' });
    const [, appId, action, channel] = match;
    const app = appsById.get(appId!);
    if (!app) return sendJson(response, 404, { error: 'Unknown app' });
    const expectedMethod = action === 'channels' ? 'GET' : 'POST';
    if (request.method !== expectedMethod || (action !== 'channels' && channel)) return sendJson(response, 405, { error: 'Method not allowed' });
    const body = await readBody(request, apiBodyLimit);
    if (body === undefined) return sendJson(response, 413, { error: 'Body too large' });
    const check = checkSignedRequest(app, { method: request.method, path: url.pathname, query: url.searchParams, body }, Math.floor(now() / 1000));
    if (!check.ok) return sendJson(response, check.status, { error: check.message });

    if (action === 'channels') {
      const all = await adapter.channels(app.id);
      if (channel !== undefined) {
        const count = all.get(decodeURIComponent(channel)) ?? 0;
        return sendJson(response, 200, { occupied: count > 0, subscription_count: count });
      }
      const prefix = url.searchParams.get('filter_by_prefix') ?? '';
      const withCount = (url.searchParams.get('info') ?? '').split(',').includes('subscription_count');
      const channels: Record<string, { subscription_count?: number }> = {};
      for (const [name, count] of all) if (name.startsWith(prefix)) channels[name] = withCount ? { subscription_count: count } : {};
      return sendJson(response, 200, { channels });
    }

    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return sendJson(response, 400, { error: 'Body is not JSON' });
    }
    const events: { channel: string; name: string; data: string; socket_id?: string | undefined }[] = [];
    if (action === 'events') {
      const parsed = TriggerBody.safeParse(json);
      if (!parsed.success) return sendJson(response, 400, { error: parsed.error.issues[0]?.message ?? 'Invalid event' });
      for (const name of parsed.data.channels ?? [parsed.data.channel!]) events.push({ ...parsed.data, channel: name });
    } else {
      const parsed = BatchBody.safeParse(json);
      if (!parsed.success) return sendJson(response, 400, { error: parsed.error.issues[0]?.message ?? 'Invalid batch' });
      events.push(...parsed.data.batch);
    }
    await Promise.all(
      events.map((e) => adapter.publish(app.id, e.channel, e.name === revokeEventName ? revokeMarker : frame(e.name, e.data, e.channel), e.socket_id)),
    );
    return sendJson(response, 200, action === 'events' ? {} : { batch: events.map(() => ({})) });
  }

  const server = http.createServer((request, response) => {
    onApiRequest(request, response).catch(() => {
      if (!response.headersSent) sendJson(response, 500, { error: 'Internal error' });
      else response.destroy();
    });
  });
  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, request));
  }
  server.on('upgrade', handleUpgrade);
  server.on('clientError', (_error, socket) => socket.destroy());

  // Idle sockets get a ping after the activity timeout and are closed when no answer comes.
  const activityMs = limits.activityTimeoutSeconds * 1000;
  const sweep = setInterval(() => {
    const t = now();
    for (const [ws, state] of sockets) {
      if (!state.authorised && t - state.connectedAt > privateWithinMs && ws.readyState === WebSocket.OPEN) {
        // Back-off range, not 'never': a page whose channel authorisation was slow comes back.
        refuse(ws, PusherCode.noPrivateChannel, 'No private channel subscribed in time');
        continue;
      }
      if (state.pingSentAt && t - state.pingSentAt > pongTimeoutMs) {
        ws.close(PusherCode.pongNotReceived, 'Pong reply not received');
        continue;
      }
      if (!state.pingSentAt && t - state.lastSeen > activityMs) {
        state.pingSentAt = t;
        ws.send(frame('pusher:ping', '{}'));
      }
    }
  }, Math.max(100, Math.min(5000, Math.floor(Math.min(activityMs, pongTimeoutMs, privateWithinMs) / 4))));
  sweep.unref();

  return {
    async listen(port, host) {
      await adapter.start({ deliver, channels: localChannels });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address();
      return typeof address === 'object' && address ? address.port : port;
    },
    handleUpgrade,
    connectionCount: () => sockets.size,
    deliveryCount: () => deliveries,
    async close() {
      clearInterval(sweep);
      for (const ws of sockets.keys()) ws.close(PusherCode.reconnect, 'Server restarting');
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      for (const ws of sockets.keys()) ws.terminate();
      await adapter.close();
    },
  };
}
