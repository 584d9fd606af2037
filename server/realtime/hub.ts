// The embedded Pusher-protocol server (ARCHITECTURE "Realtime"): WebSockets at /app/{key} and the
// Channels HTTP API (hub-api.ts) on one port, for one machine or several behind Redis. Proven with the
// official clients (pusher-js, laravel-echo, the pusher SDK) in hub.test.ts; production may use soketi
// instead. createHub puts the named pieces below together: who may connect, who may subscribe, the
// local channels, and the sweep of idle sockets.
import { randomInt } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { reauthoriseCloseCode } from '../../contract/realtime.ts';
import type { RealtimeAppConfig, RealtimeConfig } from '../shared/realtime/config.ts';
import { createLocalAdapter, type HubAdapter } from './adapter.ts';
import { createChannelsApi, revokeMarker, sendJson } from './hub-api.ts';
import { channelNamePattern, ClientMessage, errorFrame, frame, protocolVersion, PusherCode, subscriptionErrorFrame } from './protocol.ts';
import { isValidChannelAuth } from './signatures.ts';
import { addressKey } from '../http/addresses.ts';
import { capConnectionsPerAddress, enforceBodyRate, timeoutOptions, type ConnectionLimits } from '../http/connection-limits.ts';
import { openFileLimit, socketCap } from './socket-limits.ts';

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
   * Sockets of one account on this hub: how many may hold its private user channel at once (one free
   * account held every slot). A socket past it is refused the channel and, holding
   * no private channel, closed after the grace period. Default 20 (tabs and devices to spare).
   */
  maxSocketsPerAccount?: number;
  /**
   * How long a socket may stay without a private channel before it is closed with 4101 (a client of
   * the site subscribes to its private channel at once). Default 10 s.
   */
  privateSubscriptionWithinMs?: number;
  /**
   * A hub run as its own process answers GET /metrics with this: the scrape's status,
   * headers and body for the request's authorization header. The embedded hub leaves it out: the API
   * process's /metrics covers it.
   */
  metrics?: (authorization: string | undefined) => Promise<{ status: number; headers: Record<string, string>; body: string }>;
  /** The process's open-file limit, to derive the socket cap from (read from the system by default). */
  descriptorLimit?: number;
  /**
   * The deadlines and the per-address cap of the hub's HTTP connections, as the API's (decision 231):
   * its events API takes bodies, so a slow-body flood on the hub's port would hold the descriptors of
   * the process the embedded hub shares with the API. Node's defaults without it.
   */
  connections?: ConnectionLimits;
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
  /** The accounts whose private channels it holds (`appId:userId`), each counted against its cap. */
  accounts: Set<string>;
  /** When the earliest of its grants ends by itself (the signed `until` of a channel's data), in ms; then it is closed. */
  grantEndsAt: number | undefined;
}

type Refusal = { code: PusherCode; message: string };

/** A person's private channel (contract/realtime.ts's `user`): its name is the account's. */
const accountChannel = /^private-user\.(\d+)$/;

/**
 * The account a private subscription belongs to: its own channel's number, or the user id the API
 * signed into the channel data of any other private channel (decision 267); undefined when neither.
 */
function accountOf(channel: string, channelData: string | undefined): string | undefined {
  const own = accountChannel.exec(channel);
  if (own) return own[1];
  if (channelData === undefined) return undefined;
  try {
    const userId = (JSON.parse(channelData) as { user_id?: unknown } | null)?.user_id;
    return typeof userId === 'string' && /^\d+$/.test(userId) ? userId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When the grant behind a private subscription ends by itself, in ms: the `until` (seconds) the API
 * signed into the channel data (a company session's hours, a member's leaving day); undefined when none.
 */
function grantEndOf(channelData: string | undefined): number | undefined {
  if (channelData === undefined) return undefined;
  try {
    const until = (JSON.parse(channelData) as { until?: unknown } | null)?.until;
    return typeof until === 'number' && Number.isFinite(until) ? until * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** What a new socket's request is checked against, and how many sockets there are already. */
interface Admission {
  appsByKey: Map<string, RealtimeAppConfig>;
  allowedOrigins: Set<string>;
  maxConnections: number;
  maxConnectionsPerAddress: number;
  open: number;
  fromAddress: number;
}

/** The app a new socket joins, or why it is refused (the path, the key, the protocol, the origin, capacity). */
function admit(request: IncomingMessage, a: Admission): { app: RealtimeAppConfig } | Refusal {
  const url = new URL(request.url ?? '/', 'http://hub');
  const match = /^\/app\/([^/]+)$/.exec(url.pathname);
  const origin = request.headers.origin;
  if (!match) return { code: PusherCode.pathNotFound, message: 'Path not found' };
  const app = a.appsByKey.get(decodeURIComponent(match[1]!));
  if (!app) return { code: PusherCode.appNotFound, message: 'App key does not exist' };
  const protocol = url.searchParams.get('protocol');
  if (!protocol) return { code: PusherCode.noProtocol, message: 'No protocol version supplied' };
  if (Number(protocol) !== protocolVersion)
    return { code: PusherCode.unsupportedProtocol, message: `Unsupported protocol version ${protocol.slice(0, 10)}` };
  if (origin !== undefined && !a.allowedOrigins.has(origin))
    return { code: PusherCode.unauthorizedConnection, message: 'Origin not allowed' };
  if (a.open >= a.maxConnections) return { code: PusherCode.overCapacity, message: 'Over capacity' };
  if (a.fromAddress >= a.maxConnectionsPerAddress) return { code: PusherCode.overQuota, message: 'Too many connections from this address' };
  return { app };
}

/** The subscription error frame for a channel the socket may not join, or undefined when it may. */
function subscriptionRefusal(
  state: SocketState,
  data: { channel: string; auth?: string | undefined; channel_data?: string | undefined },
  maxChannels: number,
): string | undefined {
  const { channel } = data;
  if (!channelNamePattern.test(channel))
    return subscriptionErrorFrame(channel.slice(0, 164), 'InvalidChannel', 'Invalid channel name', 400);
  if (channel.startsWith('presence-') || channel.startsWith('private-encrypted-'))
    return subscriptionErrorFrame(channel, 'UnsupportedChannel', 'Presence and encrypted channels are not offered', 400);
  if (channel.startsWith('private-')) {
    if (!data.auth || !isValidChannelAuth(state.app.key, state.app.secret, state.id, channel, data.auth, data.channel_data))
      return subscriptionErrorFrame(channel, 'AuthError', 'Invalid signature', 401);
    // Every private socket is someone's: the channel's name or its signed data says whose.
    if (accountOf(channel, data.channel_data) === undefined)
      return subscriptionErrorFrame(channel, 'AuthError', 'The channel data names no account', 401);
  }
  if (!state.channels.has(channel) && state.channels.size >= maxChannels)
    return subscriptionErrorFrame(channel, 'LimitReached', 'Too many channels on one connection', 400);
  return undefined;
}

/** A client's message, or the `pusher:error` frame that answers an unreadable or refused one. */
function readClientMessage(raw: WebSocket.RawData, isBinary: boolean): { message: ClientMessage } | { answer: string } {
  try {
    if (isBinary) throw new Error('binary');
    const json: unknown = JSON.parse(raw.toString());
    const event = (json as { event?: unknown } | null)?.event;
    if (typeof event === 'string' && event.startsWith('client-'))
      return { answer: errorFrame(PusherCode.clientEventRejected, 'Client events are not accepted') };
    return { message: ClientMessage.parse(json) };
  } catch {
    // Not fatal: the socket stays, as Pusher answers an unreadable message.
    return { answer: errorFrame(null, 'Invalid message') };
  }
}

/** How long a socket may idle, wait for a pong, or go without a private channel. */
interface Timings {
  activityMs: number;
  pongTimeoutMs: number;
  privateWithinMs: number;
}

/** What the sweep does to a socket at `t`: close it (no private channel in time, no pong), ping it, or nothing. */
function idleVerdict(
  state: SocketState,
  isOpen: boolean,
  t: number,
  timings: Timings,
): 'grant-ended' | 'no-private-channel' | 'pong-missed' | 'ping' | undefined {
  if (state.grantEndsAt !== undefined && t >= state.grantEndsAt) return 'grant-ended';
  if (!state.authorised && isOpen && t - state.connectedAt > timings.privateWithinMs) return 'no-private-channel';
  if (state.pingSentAt && t - state.pingSentAt > timings.pongTimeoutMs) return 'pong-missed';
  if (!state.pingSentAt && t - state.lastSeen > timings.activityMs) return 'ping';
  return undefined;
}

/** Local sockets by app and channel: whom a published frame reaches on this process. */
class LocalChannels {
  readonly #byApp = new Map<string, Map<string, Set<WebSocket>>>();

  add(appId: string, channel: string, ws: WebSocket): void {
    let channels = this.#byApp.get(appId);
    if (!channels) this.#byApp.set(appId, (channels = new Map()));
    let set = channels.get(channel);
    if (!set) channels.set(channel, (set = new Set()));
    set.add(ws);
  }

  remove(appId: string, channel: string, ws: WebSocket): void {
    const channels = this.#byApp.get(appId);
    const set = channels?.get(channel);
    set?.delete(ws);
    if (set && !set.size) channels!.delete(channel);
  }

  subscribers(appId: string, channel: string): Set<WebSocket> | undefined {
    return this.#byApp.get(appId)?.get(channel);
  }

  /** Occupied channels of the app with their local subscriber counts. */
  counts(appId: string): Map<string, number> {
    const result = new Map<string, number>();
    for (const [name, set] of this.#byApp.get(appId) ?? []) if (set.size) result.set(name, set.size);
    return result;
  }
}

export function createHub(options: HubOptions): Hub {
  const now = options.now ?? Date.now;
  const adapter = options.adapter ?? createLocalAdapter();
  const limits = options.limits;
  const maxChannelsPerSocket = options.maxChannelsPerSocket ?? 100;
  const maxSocketsPerAccount = options.maxSocketsPerAccount ?? 20;
  const timings: Timings = {
    activityMs: limits.activityTimeoutSeconds * 1000,
    pongTimeoutMs: options.pongTimeoutMs ?? 30_000,
    privateWithinMs: options.privateSubscriptionWithinMs ?? 10_000,
  };
  // Well below the descriptors the process may open, so sockets cannot starve the API of them.
  const maxConnections = socketCap(limits.maxConnections, options.descriptorLimit ?? openFileLimit());
  const appsByKey = new Map(options.apps.map((app) => [app.key, app]));
  const allowedOrigins = new Set(options.allowedOrigins);
  const sockets = new Map<WebSocket, SocketState>();
  const perAddress = new Map<string, number>();
  const channels = new LocalChannels();
  /** The sockets of each account (`appId:userId`) on this hub, for the per-account cap. */
  const accountSockets = new Map<string, Set<WebSocket>>();
  let deliveries = 0;
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, perMessageDeflate: false });

  function deliver(appId: string, channel: string, message: string, except?: string): void {
    const subscribers = channels.subscribers(appId, channel);
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

  function refuse(ws: WebSocket, code: PusherCode, message: string): void {
    ws.send(errorFrame(code, message));
    ws.close(code, message);
  }

  function unsubscribe(ws: WebSocket, state: SocketState, channel: string): void {
    if (state.channels.delete(channel)) channels.remove(state.app.id, channel, ws);
  }

  function subscribe(
    ws: WebSocket,
    state: SocketState,
    data: { channel: string; auth?: string | undefined; channel_data?: string | undefined },
  ): void {
    const refusal = subscriptionRefusal(state, data, maxChannelsPerSocket);
    if (refusal) return ws.send(refusal);
    // Every private channel counts its socket against its account's cap, whichever channel it is (a
    // company's too: decision 267).
    const userId = data.channel.startsWith('private-') ? accountOf(data.channel, data.channel_data) : undefined;
    if (userId !== undefined) {
      const account = `${state.app.id}:${userId}`;
      if (!state.accounts.has(account)) {
        const held = accountSockets.get(account);
        if ((held?.size ?? 0) >= maxSocketsPerAccount)
          return ws.send(subscriptionErrorFrame(data.channel, 'LimitReached', 'Too many connections for one account', 400));
        if (held) held.add(ws);
        else accountSockets.set(account, new Set([ws]));
        state.accounts.add(account);
      }
    }
    if (!state.channels.has(data.channel)) {
      state.channels.add(data.channel);
      if (data.channel.startsWith('private-')) state.authorised = true;
      channels.add(state.app.id, data.channel, ws);
    }
    // Signed with the channel (checked above), so a client cannot move it.
    const grantEnd = data.channel.startsWith('private-') ? grantEndOf(data.channel_data) : undefined;
    if (grantEnd !== undefined) state.grantEndsAt = Math.min(state.grantEndsAt ?? grantEnd, grantEnd);
    ws.send(frame('pusher_internal:subscription_succeeded', '{}', data.channel));
  }

  function onMessage(ws: WebSocket, state: SocketState, raw: WebSocket.RawData, isBinary: boolean): void {
    state.lastSeen = now();
    state.pingSentAt = 0;
    const read = readClientMessage(raw, isBinary);
    if ('answer' in read) return ws.send(read.answer);
    const message = read.message;
    switch (message.event) {
      case 'pusher:ping':
        ws.send(frame('pusher:pong', '{}'));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        subscribe(ws, state, message.data);
        return;
      case 'pusher:unsubscribe':
        unsubscribe(ws, state, message.data.channel);
        return;
    }
  }

  function onConnection(ws: WebSocket, request: IncomingMessage): void {
    const address = addressKey(request.socket.remoteAddress ?? 'unknown');
    const admission = admit(request, {
      appsByKey,
      allowedOrigins,
      maxConnections,
      maxConnectionsPerAddress: limits.maxConnectionsPerAddress,
      open: sockets.size,
      fromAddress: perAddress.get(address) ?? 0,
    });
    if (!('app' in admission)) return refuse(ws, admission.code, admission.message);
    const state: SocketState = {
      id: `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`,
      app: admission.app,
      address,
      channels: new Set(),
      lastSeen: now(),
      pingSentAt: 0,
      connectedAt: now(),
      authorised: false,
      accounts: new Set(),
      grantEndsAt: undefined,
    };
    sockets.set(ws, state);
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    ws.on('message', (raw, isBinary) => onMessage(ws, state, raw, isBinary));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      for (const channel of [...state.channels]) unsubscribe(ws, state, channel);
      for (const account of state.accounts) {
        const held = accountSockets.get(account);
        held?.delete(ws);
        if (held && !held.size) accountSockets.delete(account);
      }
      sockets.delete(ws);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    ws.send(frame('pusher:connection_established', { socket_id: state.id, activity_timeout: limits.activityTimeoutSeconds }));
  }

  // Idle sockets get a ping after the activity timeout and are closed when no answer comes.
  function sweepIdle(): void {
    const t = now();
    for (const [ws, state] of sockets) {
      switch (idleVerdict(state, ws.readyState === WebSocket.OPEN, t, timings)) {
        case 'grant-ended':
          // As a revocation does: the client authorises again, and a grant that ended is refused.
          state.grantEndsAt = undefined;
          ws.close(reauthoriseCloseCode, 'Authorise again');
          break;
        case 'no-private-channel':
          // Back-off range, not 'never': a page whose channel authorisation was slow comes back.
          refuse(ws, PusherCode.noPrivateChannel, 'No private channel subscribed in time');
          break;
        case 'pong-missed':
          ws.close(PusherCode.pongNotReceived, 'Pong reply not received');
          break;
        case 'ping':
          state.pingSentAt = t;
          ws.send(frame('pusher:ping', '{}'));
          break;
      }
    }
  }

  const api = createChannelsApi({
    appsById: new Map(options.apps.map((app) => [app.id, app])),
    adapter,
    maxMessageBytes: limits.maxMessageBytes,
    now,
    metrics: options.metrics,
  });
  const connectionLimits = options.connections;
  const timeouts = connectionLimits ? timeoutOptions(connectionLimits) : undefined;
  const server = http.createServer(timeouts?.http ?? {}, (request, response) => {
    api(request, response).catch(() => {
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
  if (timeouts && connectionLimits) {
    // A socket that upgrades is then the WebSocket's, which clears the idle timeout (ws does).
    server.setTimeout(timeouts.connectionTimeout);
    capConnectionsPerAddress(server, connectionLimits.perAddress);
    // A body that trickles is never silent: cut at the least rate, as the API's (decision 268).
    enforceBodyRate(server, connectionLimits.idleTimeoutMs, connectionLimits.minBodyBytesPerWindow);
  }
  const sweep = setInterval(
    sweepIdle,
    Math.max(100, Math.min(5000, Math.floor(Math.min(timings.activityMs, timings.pongTimeoutMs, timings.privateWithinMs) / 4))),
  );
  sweep.unref();

  return {
    async listen(port, host) {
      await adapter.start({ deliver, channels: (appId) => channels.counts(appId) });
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
