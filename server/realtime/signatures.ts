// The two signatures of the Pusher protocol, computed and checked in one place: private-channel
// authorisation (`key:HMAC-SHA256(secret, "socket_id:channel")`) and the HTTP API's request signing.
// Every comparison is timing-safe.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  // Compare against itself when lengths differ, so the time does not reveal the length match either.
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/**
 * The `auth` value for `socketId` on a private `channel`: what /broadcasting/auth answers. With
 * `channelData` (as presence channels sign it: "socket_id:channel:channel_data") the signature covers
 * it too, so the hub may trust what it says (whose socket it is; decision 267).
 */
export function channelAuth(key: string, secret: string, socketId: string, channel: string, channelData?: string): string {
  return `${key}:${hmacHex(secret, channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`)}`;
}

/** Whether a subscription's `auth` is the app's signature of this socket and channel (and its channel data, when sent). */
export function isValidChannelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  auth: string,
  channelData?: string,
): boolean {
  return safeEqual(auth, channelAuth(key, secret, socketId, channel, channelData));
}

/**
 * The signed channel data of a company channel: the account whose socket it is (decision 267), and,
 * when the grant ends by itself (a company session's hours, a member's leaving day), when: the hub
 * closes the socket then, so its client authorises again, since no revocation marks that moment.
 */
export function accountChannelData(userId: number, until?: Date): string {
  return JSON.stringify(until ? { user_id: String(userId), until: Math.floor(until.getTime() / 1000) } : { user_id: String(userId) });
}

/** MD5 hex of a request body, as `body_md5` carries it. */
export function bodyMd5(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

/** The string Pusher signs: method, path and the sorted query without the signature. */
export function requestSigningText(method: string, path: string, query: URLSearchParams): string {
  const pairs = [...query.entries()]
    .filter(([key]) => key !== 'auth_signature')
    .map(([key, value]) => [key.toLowerCase(), value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`);
  return [method.toUpperCase(), path, pairs.join('&')].join('\n');
}

/** Signs a request as the `pusher` SDK does (tests and the bench use it to craft requests). */
export function signRequest(secret: string, method: string, path: string, query: URLSearchParams): string {
  return hmacHex(secret, requestSigningText(method, path, query));
}

export type RequestCheck = { ok: true } | { ok: false; status: 401 | 400; message: string };

/** Maximum clock difference Pusher allows for `auth_timestamp`. */
export const requestTimestampWindowSeconds = 600;

/** Checks a signed HTTP API request: key, version, timestamp window, body MD5 and signature. */
export function checkSignedRequest(
  app: { key: string; secret: string },
  request: { method: string; path: string; query: URLSearchParams; body: Buffer },
  nowSeconds: number,
): RequestCheck {
  const q = request.query;
  const key = q.get('auth_key');
  const timestamp = q.get('auth_timestamp');
  const signature = q.get('auth_signature');
  if (!key || !timestamp || !signature || q.get('auth_version') !== '1.0') {
    return { ok: false, status: 401, message: 'Missing or invalid auth parameters' };
  }
  if (!safeEqual(key, app.key)) return { ok: false, status: 401, message: 'Unknown auth_key' };
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > requestTimestampWindowSeconds) {
    return { ok: false, status: 401, message: 'Timestamp expired: outside 600 s of the server time' };
  }
  if (request.body.length > 0) {
    const md5 = q.get('body_md5');
    if (!md5 || !safeEqual(md5, bodyMd5(request.body))) return { ok: false, status: 401, message: 'body_md5 does not match the body' };
  }
  if (!safeEqual(signature, signRequest(app.secret, request.method, request.path, q))) {
    return { ok: false, status: 401, message: 'Invalid signature' };
  }
  return { ok: true };
}
