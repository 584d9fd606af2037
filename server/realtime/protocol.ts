// The Pusher protocol 7 as the hub speaks it: close and error codes in one table, the client's
// messages checked with zod, and the frames the hub sends. pusher-js decides from the close code
// whether to reconnect: 4000-4099 never, 4100-4199 after a back-off, 4200-4299 at once.
import { z } from 'zod';

/** Pusher's close and error codes (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol). */
export const PusherCode = {
  /** 4001: no app has this key; the client must not reconnect. */
  appNotFound: 4001,
  /** 4004: this address holds too many connections already. */
  overQuota: 4004,
  /** 4005: the path is not /app/{key}. */
  pathNotFound: 4005,
  /** 4007: the protocol query parameter names a version this hub does not speak. */
  unsupportedProtocol: 4007,
  /** 4008: no protocol query parameter. */
  noProtocol: 4008,
  /** 4009: the page's origin is not allowed to connect. */
  unauthorizedConnection: 4009,
  /** 4100: the hub is at its connection limit; retry after a back-off. */
  overCapacity: 4100,
  /** 4101: no private channel subscribed in time (a slow sign-in may come back after a back-off). */
  noPrivateChannel: 4101,
  /**
   * 4102: the client read too slowly, so the hub held too much unsent for it. Back-off range, not
   * 'at once': a client on a choked network that came straight back would choke again.
   */
  tooSlow: 4102,
  /** 4200: the hub is restarting; reconnect at once. */
  reconnect: 4200,
  /** 4201: the client did not answer our ping in time. */
  pongNotReceived: 4201,
  /** 4301: a client event (`client-*`): this hub accepts none. */
  clientEventRejected: 4301,
} as const;
export type PusherCode = (typeof PusherCode)[keyof typeof PusherCode];

/** The only protocol version the hub speaks (what pusher-js 8 sends). */
export const protocolVersion = 7;

/** Pusher's channel name rule: up to 164 of these characters. */
export const channelNamePattern = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

/** Everything a client may send; anything else gets a `pusher:error`. */
export const ClientMessage = z.discriminatedUnion('event', [
  z.object({ event: z.literal('pusher:ping'), data: z.unknown().optional() }),
  z.object({ event: z.literal('pusher:pong'), data: z.unknown().optional() }),
  z.object({
    event: z.literal('pusher:subscribe'),
    data: z.object({ channel: z.string(), auth: z.string().optional(), channel_data: z.string().optional() }),
  }),
  z.object({ event: z.literal('pusher:unsubscribe'), data: z.object({ channel: z.string() }) }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** A frame: `data` is a JSON string, as Pusher sends it (pusher-js parses it again). */
export function frame(event: string, data: unknown, channel?: string): string {
  const body: { event: string; data: string; channel?: string } = {
    event,
    data: typeof data === 'string' ? data : JSON.stringify(data),
  };
  if (channel !== undefined) body.channel = channel;
  return JSON.stringify(body);
}

/** `pusher:error` without closing (a refused message; the connection stays). */
export function errorFrame(code: PusherCode | null, message: string): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } });
}

/** `pusher:subscription_error`, as pusher-js reports it to `subscription_error` handlers. */
export function subscriptionErrorFrame(channel: string, type: string, error: string, status: number): string {
  return JSON.stringify({ event: 'pusher:subscription_error', channel, data: { type, error, status } });
}
