// The embedded Pusher-protocol server (ARCHITECTURE "Realtime"): WebSockets at /app/{key} and the
// Channels HTTP API (hub-api.ts) on one port, for one machine or several behind Redis. Proven with the
// official clients (pusher-js, laravel-echo, the pusher SDK) in hub.test.ts; production may use soketi
// instead. createHub puts the pieces together: who may connect (below), the sockets with their
// channels, accounts and idle sweep (hub-sockets.ts), and the Channels HTTP API (hub-api.ts).
import { randomInt } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { RealtimeAppConfig, RealtimeConfig } from '../shared/realtime/config.ts';
import { createLocalAdapter, type HubAdapter } from './adapter.ts';
import { createChannelsApi, sendJson } from './hub-api.ts';
import { HubSockets, refuse, type SocketState, type Timings } from './hub-sockets.ts';
import { ClientMessage, errorFrame, frame, protocolVersion, PusherCode } from './protocol.ts';
import { addressKey, forwardedClient } from '../http/addresses.ts';
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
   * Bytes the hub may hold unsent for one socket (a client that stops reading); past it the socket is
   * closed with 4102. Default 256 KiB: a client keeping up never gets near it (frames are at most
   * maxMessageBytes), and ten thousand stalled sockets stay within 2.5 GB.
   */
  maxBufferedBytesPerSocket?: number;
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
  /**
   * The proxies in front of the hub's port (TRUST_PROXY, decision 296): a socket counts under the
   * X-Forwarded-For entry that many from the right. 0 (the default): the connection's own address.
   */
  proxyHops?: number;
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

type Refusal = { code: PusherCode; message: string };

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

export function createHub(options: HubOptions): Hub {
  const now = options.now ?? Date.now;
  const adapter = options.adapter ?? createLocalAdapter();
  const limits = options.limits;
  const timings: Timings = {
    activityMs: limits.activityTimeoutSeconds * 1000,
    pongTimeoutMs: options.pongTimeoutMs ?? 30_000,
    privateWithinMs: options.privateSubscriptionWithinMs ?? 10_000,
  };
  // Well below the descriptors the process may open, so sockets cannot starve the API of them.
  const maxConnections = socketCap(limits.maxConnections, options.descriptorLimit ?? openFileLimit());
  const appsByKey = new Map(options.apps.map((app) => [app.key, app]));
  const allowedOrigins = new Set(options.allowedOrigins);
  // Over every hub process sharing the adapter's Redis (decision 298). A socket past it is refused the
  // channel and, holding no private channel, closed after the grace period.
  const maxSocketsPerAccount = limits.maxSocketsPerAccount;
  const sockets = new HubSockets({
    maxChannelsPerSocket: options.maxChannelsPerSocket ?? 100,
    maxBufferedBytes: options.maxBufferedBytesPerSocket ?? 256 * 1024,
    slots: {
      hold: (account, socketId) => adapter.holdAccountSlot(account, socketId, maxSocketsPerAccount),
      release: (account, socketId) => adapter.releaseAccountSlot(account, socketId),
    },
    timings,
    now,
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, perMessageDeflate: false });

  function onMessage(ws: WebSocket, state: SocketState, raw: WebSocket.RawData, isBinary: boolean): void {
    state.lastSeen = now();
    state.pingSentAt = 0;
    const read = readClientMessage(raw, isBinary);
    // Answers too wait unsent for a client that sends and never reads.
    if ('answer' in read) return sockets.send(ws, read.answer);
    const message = read.message;
    switch (message.event) {
      case 'pusher:ping':
        sockets.send(ws, frame('pusher:pong', '{}'));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        sockets.enqueue(state, () => sockets.subscribe(ws, state, message.data));
        return;
      case 'pusher:unsubscribe':
        sockets.enqueue(state, () => sockets.unsubscribe(ws, state, message.data.channel));
        return;
    }
  }

  function onConnection(ws: WebSocket, request: IncomingMessage): void {
    // Behind a proxy every socket comes from its address: the client is the entry the proxy appended.
    const address = addressKey(
      forwardedClient(request.socket.remoteAddress ?? 'unknown', request.headers['x-forwarded-for'], options.proxyHops ?? 0),
    );
    const admission = admit(request, {
      appsByKey,
      allowedOrigins,
      maxConnections,
      maxConnectionsPerAddress: limits.maxConnectionsPerAddress,
      open: sockets.size,
      fromAddress: sockets.fromAddress(address),
    });
    if (!('app' in admission)) return refuse(ws, admission.code, admission.message);
    const state = sockets.opened(ws, admission.app, address, `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`);
    ws.on('message', (raw, isBinary) => onMessage(ws, state, raw, isBinary));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => sockets.closed(ws, state));
    ws.send(frame('pusher:connection_established', { socket_id: state.id, activity_timeout: limits.activityTimeoutSeconds }));
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
  // The port as a whole, as the API's MAX_CONNECTIONS bounds its own: the admitted sockets and, beside
  // them, the plain connections (Channels API calls, upgrades being answered, refused sockets closing).
  // Past it Node closes a new connection at once, so a flood from many addresses, each under the
  // per-address cap, cannot take every descriptor of the process (the API's too, when embedded).
  server.maxConnections = maxConnections + limits.maxHttpConnections;
  if (timeouts && connectionLimits) {
    // A socket that upgrades is then the WebSocket's, which clears the idle timeout (ws does).
    server.setTimeout(timeouts.connectionTimeout);
    capConnectionsPerAddress(server, connectionLimits.perAddress);
    // A body that trickles is never silent: cut at the least rate, as the API's (decision 268).
    enforceBodyRate(server, connectionLimits.idleTimeoutMs, connectionLimits.minBodyBytesPerWindow);
  }
  const sweep = setInterval(
    () => sockets.sweepIdle(),
    Math.max(100, Math.min(5000, Math.floor(Math.min(timings.activityMs, timings.pongTimeoutMs, timings.privateWithinMs) / 4))),
  );
  sweep.unref();

  return {
    async listen(port, host) {
      await adapter.start({
        deliver: (appId, channel, message, except) => sockets.deliver(appId, channel, message, except),
        channels: (appId) => sockets.channelCounts(appId),
      });
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
    deliveryCount: () => sockets.deliveries,
    async close() {
      clearInterval(sweep);
      for (const ws of sockets.all()) ws.close(PusherCode.reconnect, 'Server restarting');
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      for (const ws of sockets.all()) ws.terminate();
      await adapter.close();
    },
  };
}
