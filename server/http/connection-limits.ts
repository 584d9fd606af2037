// What keeps slow or idle connections from taking the API offline (decisions 231, 268):
// the headers must arrive within a deadline, a request that goes silent mid-way (a stalled body) is
// cut, the whole request has an outer deadline, and one address holds at most so many connections at
// once. All in the server itself, so `npm start` with nothing in front survives a slow-body flood.
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from './addresses.ts';

export interface ConnectionLimits {
  /** The request line and headers must have arrived this long after the connection or the last answer. */
  headersTimeoutMs: number;
  /** A connection silent this long while a request is under way (a stalled body) is closed. */
  idleTimeoutMs: number;
  /** The whole request, headers and body, must have arrived by then (a body that trickles). */
  requestTimeoutMs: number;
  /** Connections one address (an IPv6 /64) may hold at once; 0 for no cap (a proxy in front limits). */
  perAddress: number;
  /**
   * The least a body must bring in each `idleTimeoutMs` window while it arrives: a body that trickles
   * a byte at a time is never silent, so only this cuts it before the request's deadline (without it such
   * bodies stayed open for the whole hour).
   */
  minBodyBytesPerWindow: number;
  /** Connections the whole server holds at once (all addresses together); past it new ones wait in the backlog. */
  total: number;
}

/**
 * Cuts a request whose body arrives slower than `minBytes` per `windowMs` (counted on the socket's
 * bytes read), answering 408 as Node's own deadlines do. A body that completes stops the watch.
 */
export function enforceBodyRate(server: Server, windowMs: number, minBytes: number): void {
  if (minBytes <= 0) return;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody || request.complete) return;
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (request.complete || socket.destroyed) return stop();
      const read = socket.bytesRead;
      if (read - seen >= minBytes) {
        seen = read;
        return;
      }
      stop();
      // Answered already (a refusal that did not wait for the body): only the connection goes.
      if (response.headersSent) return socket.destroy();
      socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroySoon();
    }, windowMs);
    timer.unref();
    // A kept-alive connection carries many requests: each one's watch leaves with its body, or the
    // socket would gather a close listener per request (Node warned past ten in the browser tests).
    function stop() {
      clearInterval(timer);
      request.off('end', stop);
      socket.off('close', stop);
    }
    request.once('end', stop);
    socket.once('close', stop);
  });
}

/**
 * Fastify's options for the timeouts. Node checks the headers and request deadlines every
 * `connectionsCheckingInterval` (30 s by default, which would double a 30 s deadline), so the check
 * runs at least every second, and more often for the short deadlines tests use.
 */
export function timeoutOptions(limits: ConnectionLimits): { connectionTimeout: number; requestTimeout: number; http: ServerOptions } {
  const checkEveryMs = Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4)));
  return {
    connectionTimeout: limits.idleTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: checkEveryMs,
    },
  };
}

/**
 * Closes at once every connection past `perAddress` from one address (an IPv4 address, an IPv6 /64:
 * the hub counts the same way). Counted on the socket's own address: behind a proxy every connection
 * has the proxy's, which is why TRUST_PROXY turns the default cap off.
 */
export function capConnectionsPerAddress(server: Server, perAddress: number, onRefused: (address: string) => void = () => {}): void {
  if (perAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
    const key = addressKey(address);
    const count = open.get(key) ?? 0;
    if (count >= perAddress) {
      onRefused(key);
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
