// The hub's sockets on this process (hub.ts puts them behind its server): who holds which channel,
// each account's sockets against its cap (the slots the adapter keeps, over every hub process with
// Redis), delivery of a published frame to local subscribers, and the sweep of idle sockets and grants
// that ended. No network here: hub.ts admits and reads the sockets.
import { WebSocket } from 'ws';
import { reauthoriseCloseCode } from '../../contract/realtime.ts';
import type { RealtimeAppConfig } from '../shared/realtime/config.ts';
import { revokeMarker } from './hub-api.ts';
import { channelNamePattern, errorFrame, frame, PusherCode, subscriptionErrorFrame } from './protocol.ts';
import { isValidChannelAuth } from './signatures.ts';

export interface SocketState {
  id: string;
  app: RealtimeAppConfig;
  address: string;
  channels: Set<string>;
  lastSeen: number;
  pingSentAt: number;
  /**
   * Since when it has held no private channel: its connection, or its unsubscription from the last
   * one. It must hold one again within the grace period, or it is closed.
   */
  unclaimedSince: number;
  /** The accounts whose private channels it holds (`appId:userId`), each holding one of its slots. */
  accounts: Set<string>;
  /** Each private channel it holds (signed by the API, so it is someone's), with the account it counts for. */
  channelAccounts: Map<string, string>;
  /** Its subscriptions in the order sent: one waiting for its account's slot holds back the next. */
  queue: Promise<void>;
  /** When the earliest of its grants ends by itself (the signed `until` of a channel's data), in ms; then it is closed. */
  grantEndsAt: number | undefined;
}

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

/** How long a socket may idle, wait for a pong, or go without a private channel. */
export interface Timings {
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
  if (!state.channelAccounts.size && isOpen && t - state.unclaimedSince > timings.privateWithinMs) return 'no-private-channel';
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

/** A subscription request as the client sent it. */
type Subscription = { channel: string; auth?: string | undefined; channel_data?: string | undefined };

/** Sends the `pusher:error` frame and closes the socket with its code. */
export function refuse(ws: WebSocket, code: PusherCode, message: string): void {
  ws.send(errorFrame(code, message));
  ws.close(code, message);
}

/** Each account's socket slots (the adapter's: in process, or in Redis for every hub process). */
interface AccountSlots {
  /** Takes one of the account's slots for the socket; false when the account holds its cap. */
  hold(account: string, socketId: string): Promise<boolean>;
  release(account: string, socketId: string): Promise<void>;
}

interface HubSocketsOptions {
  maxChannelsPerSocket: number;
  /** Bytes the hub may hold unsent for one socket; past it the socket is closed (4102). */
  maxBufferedBytes: number;
  slots: AccountSlots;
  timings: Timings;
  now: () => number;
}

/** Every socket of this process with its state, its channels and its account. */
export class HubSockets {
  readonly #options: HubSocketsOptions;
  readonly #sockets = new Map<WebSocket, SocketState>();
  readonly #perAddress = new Map<string, number>();
  readonly #channels = new LocalChannels();
  #deliveries = 0;

  constructor(options: HubSocketsOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#sockets.size;
  }

  get deliveries(): number {
    return this.#deliveries;
  }

  /** Open sockets from `address` (its key: an IPv6 address by its /64). */
  fromAddress(address: string): number {
    return this.#perAddress.get(address) ?? 0;
  }

  /** Every open socket, for closing them all. */
  all(): IterableIterator<WebSocket> {
    return this.#sockets.keys();
  }

  /** Occupied channels of the app with their local subscriber counts. */
  channelCounts(appId: string): Map<string, number> {
    return this.#channels.counts(appId);
  }

  /** A socket admitted to `app` from `address`: its state, with a new socket id. */
  opened(ws: WebSocket, app: RealtimeAppConfig, address: string, id: string): SocketState {
    const t = this.#options.now();
    const state: SocketState = {
      id,
      app,
      address,
      channels: new Set(),
      lastSeen: t,
      pingSentAt: 0,
      unclaimedSince: t,
      accounts: new Set(),
      channelAccounts: new Map(),
      queue: Promise.resolve(),
      grantEndsAt: undefined,
    };
    this.#sockets.set(ws, state);
    this.#perAddress.set(address, this.fromAddress(address) + 1);
    return state;
  }

  /** A socket that closed: out of its channels, its accounts and its address's count. */
  closed(ws: WebSocket, state: SocketState): void {
    for (const channel of [...state.channels]) this.#leave(ws, state, channel);
    for (const account of state.accounts) void this.#options.slots.release(account, state.id);
    state.accounts.clear();
    this.#sockets.delete(ws);
    const left = this.fromAddress(state.address) - 1;
    if (left > 0) this.#perAddress.set(state.address, left);
    else this.#perAddress.delete(state.address);
  }

  /**
   * Sends a frame, unless the socket stopped reading: what the client does not read waits in the
   * process (ws's bufferedAmount), so a client that subscribes and never reads would grow the hub's
   * memory with every publish. Past the cap the socket is closed with 4102; its close frame waits
   * behind what is unsent, so the socket is cut a second later if the client still reads nothing.
   */
  send(ws: WebSocket, data: string | Buffer): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    ws.send(data, { binary: false });
    if (ws.bufferedAmount <= this.#options.maxBufferedBytes) return;
    ws.close(PusherCode.tooSlow, 'Client too slow');
    setTimeout(() => ws.terminate(), 1000).unref();
  }

  /** A frame published on `channel` of `appId`, to this process's subscribers (but the socket `except`). */
  deliver(appId: string, channel: string, message: string, except?: string): void {
    const subscribers = this.#channels.subscribers(appId, channel);
    if (!subscribers) return;
    if (message === revokeMarker) {
      // The grant behind these subscriptions ended: the sockets go, and their clients authorise again.
      for (const ws of [...subscribers]) {
        const state = this.#sockets.get(ws);
        // Its close gives back the account slots it holds.
        if (state) this.#leave(ws, state, channel);
        ws.close(reauthoriseCloseCode, 'Authorise again');
      }
      return;
    }
    // Encoded once for all subscribers: the fan-out to thousands stays a loop of writes.
    const bytes = Buffer.from(message);
    for (const ws of subscribers) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      if (except !== undefined && this.#sockets.get(ws)?.id === except) continue;
      this.send(ws, bytes);
      this.#deliveries += 1;
    }
  }

  /**
   * The client left `channel`. The cap counts an account's sockets (decision 298): a socket that left
   * every private channel of an account is no longer the account's, so its slot goes back now rather
   * than when it closes; one left with no private channel at all must take one again within the grace
   * period, as a new socket must, or a socket could give its slot back and stay open uncounted.
   */
  async unsubscribe(ws: WebSocket, state: SocketState, channel: string): Promise<void> {
    const account = this.#leave(ws, state, channel);
    if (account === undefined || [...state.channelAccounts.values()].includes(account)) return;
    if (!state.accounts.delete(account)) return;
    await this.#options.slots.release(account, state.id);
  }

  /** Out of `channel`'s subscribers; the account the channel counted the socket for, if it was private. */
  #leave(ws: WebSocket, state: SocketState, channel: string): string | undefined {
    if (state.channels.delete(channel)) this.#channels.remove(state.app.id, channel, ws);
    const account = state.channelAccounts.get(channel);
    state.channelAccounts.delete(channel);
    if (account !== undefined && !state.channelAccounts.size) state.unclaimedSince = this.#options.now();
    return account;
  }

  /**
   * Runs a subscription or unsubscription once the socket's earlier ones are done, in the order sent:
   * taking an account's slot may wait for Redis, and an unsubscription must not overtake it.
   */
  enqueue(state: SocketState, step: () => void | Promise<void>): void {
    state.queue = state.queue.then(step).catch(() => undefined);
  }

  async subscribe(ws: WebSocket, state: SocketState, data: Subscription): Promise<void> {
    const refusal = subscriptionRefusal(state, data, this.#options.maxChannelsPerSocket);
    if (refusal) return this.send(ws, refusal);
    // Every private channel counts its socket against its account's cap, whichever channel it is (a
    // company's too: decision 267).
    const userId = data.channel.startsWith('private-') ? accountOf(data.channel, data.channel_data) : undefined;
    const account = userId === undefined ? undefined : `${state.app.id}:${userId}`;
    if (account !== undefined && !(await this.#holdAccount(ws, state, account)))
      return this.send(ws, subscriptionErrorFrame(data.channel, 'LimitReached', 'Too many connections for one account', 400));
    if (ws.readyState !== WebSocket.OPEN) return;
    if (!state.channels.has(data.channel)) {
      state.channels.add(data.channel);
      this.#channels.add(state.app.id, data.channel, ws);
    }
    if (account !== undefined) state.channelAccounts.set(data.channel, account);
    // Signed with the channel (checked above), so a client cannot move it.
    const grantEnd = data.channel.startsWith('private-') ? grantEndOf(data.channel_data) : undefined;
    if (grantEnd !== undefined) state.grantEndsAt = Math.min(state.grantEndsAt ?? grantEnd, grantEnd);
    this.send(ws, frame('pusher_internal:subscription_succeeded', '{}', data.channel));
  }

  /** Takes one of the account's slots for the socket; false when the account holds its cap already. */
  async #holdAccount(ws: WebSocket, state: SocketState, account: string): Promise<boolean> {
    if (state.accounts.has(account)) return true;
    if (!(await this.#options.slots.hold(account, state.id))) return false;
    // Closed while the slot was taken: its close gave back only the slots it held then.
    if (ws.readyState !== WebSocket.OPEN) {
      await this.#options.slots.release(account, state.id);
      return false;
    }
    state.accounts.add(account);
    return true;
  }

  /** Idle sockets get a ping after the activity timeout and are closed when no answer comes. */
  sweepIdle(): void {
    const t = this.#options.now();
    for (const [ws, state] of this.#sockets) {
      switch (idleVerdict(state, ws.readyState === WebSocket.OPEN, t, this.#options.timings)) {
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
          this.send(ws, frame('pusher:ping', '{}'));
          break;
      }
    }
  }
}
