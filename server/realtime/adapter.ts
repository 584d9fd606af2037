// How a publish reaches every hub process (the shape of soketi's adapters): in process by default,
// through Redis pub/sub when REDIS_URL is set, so several hubs share one set of channels. The adapter
// also keeps each account's socket slots (decision 298): counted in process by default, in Redis
// across every hub process when REDIS_URL is set.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';

/** What the hub asks of an adapter. */
export interface HubAdapter {
  /** Delivers `message` to the channel's subscribers on every hub process (this one included). */
  publish(appId: string, channel: string, message: string, exceptSocketId?: string): Promise<void>;
  /** Channels with subscribers on any hub process, with their subscription counts. */
  channels(appId: string): Promise<Map<string, number>>;
  /**
   * Takes one of `account`'s `cap` socket slots for the socket `socketId`, over every hub process the
   * adapter joins; false when the account holds them all. Taking a slot the socket holds is true.
   */
  holdAccountSlot(account: string, socketId: string, cap: number): Promise<boolean>;
  /** Gives the socket's slot of `account` back. */
  releaseAccountSlot(account: string, socketId: string): Promise<void>;
  /** Starts delivering; `deliver` sends to this process's local sockets. */
  start(local: {
    deliver(appId: string, channel: string, message: string, exceptSocketId?: string): void;
    channels(appId: string): Map<string, number>;
  }): Promise<void>;
  close(): Promise<void>;
}

/** The sockets (by id) holding each account's slots on this process. */
class LocalSlots {
  readonly #held = new Map<string, Set<string>>();

  count(account: string): number {
    return this.#held.get(account)?.size ?? 0;
  }

  has(account: string, socketId: string): boolean {
    return this.#held.get(account)?.has(socketId) ?? false;
  }

  add(account: string, socketId: string): void {
    const held = this.#held.get(account);
    if (held) held.add(socketId);
    else this.#held.set(account, new Set([socketId]));
  }

  delete(account: string, socketId: string): void {
    const held = this.#held.get(account);
    held?.delete(socketId);
    if (held && !held.size) this.#held.delete(account);
  }

  entries(): IterableIterator<[string, Set<string>]> {
    return this.#held.entries();
  }

  /** Takes a slot when the account holds fewer than `cap` here. */
  hold(account: string, socketId: string, cap: number): boolean {
    if (this.has(account, socketId)) return true;
    if (this.count(account) >= cap) return false;
    this.add(account, socketId);
    return true;
  }
}

/** One process: a publish is a local delivery, and the account slots are counted here. */
export function createLocalAdapter(): HubAdapter {
  let local: Parameters<HubAdapter['start']>[0] | undefined;
  const slots = new LocalSlots();
  return {
    async holdAccountSlot(account, socketId, cap) {
      return slots.hold(account, socketId, cap);
    },
    async releaseAccountSlot(account, socketId) {
      slots.delete(account, socketId);
    },
    async start(hub) {
      local = hub;
    },
    async publish(appId, channel, message, except) {
      local?.deliver(appId, channel, message, except);
    },
    async channels(appId) {
      return local?.channels(appId) ?? new Map();
    },
    async close() {
      local = undefined;
    },
  };
}

const BusMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('publish'), appId: z.string(), channel: z.string(), message: z.string(), except: z.string().optional() }),
  z.object({ type: z.literal('channels'), id: z.string(), appId: z.string(), replyTo: z.string() }),
  z.object({ type: z.literal('channels-reply'), id: z.string(), channels: z.array(z.tuple([z.string(), z.number()])) }),
]);

/**
 * How long an account slot in Redis lasts without its process renewing it: a hub that crashes
 * leaves its sockets' slots behind, and they free themselves after this. Each process renews its
 * own every third of it.
 */
const defaultSlotTtlMs = 60_000;

// The slots of one account are a sorted set in Redis, each socket's id scored by when its slot runs
// out (Redis's own clock, so processes whose clocks differ agree). Taking one drops the ones that ran
// out first, all in one script, so two processes cannot both take the last slot.
const holdSlotScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

// Renews the slots this process holds for one account (and puts back any Redis lost: they are open).
const renewSlotsScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[1])
for i = 2, #ARGV do
  redis.call('ZADD', KEYS[1], now + ttl, ARGV[i])
end
redis.call('PEXPIRE', KEYS[1], ttl)
return 1`;

/** Where a Redis outage and its end are said: once each, not at every reconnection attempt. */
export interface OutageLog {
  warn(message: string): void;
  info(message: string): void;
}

const stderrLog: OutageLog = {
  warn: (message) => void process.stderr.write(`${message}\n`),
  info: (message) => void process.stderr.write(`${message}\n`),
};

interface RedisAdapterOptions {
  prefix?: string;
  /** How long a slot lasts in Redis without its process renewing it. */
  slotTtlMs?: number;
  /**
   * How long a slot's call may wait for Redis before the process counts the slot itself; after such
   * a wait the slots skip Redis for `slotPauseMs`. A subscription waits for its slot, so a Redis that
   * is away must cost it no more than this.
   */
  slotTimeoutMs?: number;
  slotPauseMs?: number;
  log?: OutageLog;
}

/**
 * Says once that Redis is unreachable when the first of `clients` fails, and once that it answers
 * again when all of them are ready. ioredis prints "Unhandled error event" at every failed
 * reconnection of a client without an 'error' listener.
 */
function watchOutage(clients: Record<string, Redis>, log: OutageLog): void {
  const down = new Set<string>();
  for (const [name, client] of Object.entries(clients)) {
    client.on('error', (error: Error) => {
      if (!down.size) log.warn(`realtime hub: Redis unreachable (${error.message}); account slots are counted in this process meanwhile`);
      down.add(name);
    });
    client.on('ready', () => {
      if (!down.delete(name) || down.size) return;
      log.info('realtime hub: Redis answers again');
    });
  }
}

/**
 * Several processes over Redis pub/sub. Each publish goes to every process (the publishing one
 * delivers from the bus too, so ordering is the bus's). The channel list asks every process and
 * waits for as many replies as PUBLISH reported receivers, or 500 ms.
 */
export function createRedisAdapter(
  url: string,
  {
    prefix = 'profiles-realtime',
    slotTtlMs = defaultSlotTtlMs,
    slotTimeoutMs = 300,
    slotPauseMs = 5_000,
    log = stderrLog,
  }: RedisAdapterOptions = {},
): HubAdapter {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  watchOutage({ publisher, subscriber }, log);
  /** Until when the slots skip Redis after a call that did not answer in time. */
  let slotsPausedUntil = 0;
  /**
   * A slot's call to Redis, or a rejection at once when Redis is not connected (the command would wait
   * in the offline queue for ioredis's reconnections, seconds) or within `slotTimeoutMs` when it is
   * connected but silent; such a silence pauses the slots' calls for a while. `late` gets an answer
   * that came after the wait was given up.
   */
  function slotCall<T>(call: () => Promise<T>, late: (value: T) => void = () => {}): Promise<T> {
    if (publisher.status !== 'ready' || Date.now() < slotsPausedUntil) return Promise.reject(new Error('Redis unavailable'));
    return new Promise<T>((resolve, reject) => {
      let waited = true;
      const timer = setTimeout(() => {
        waited = false;
        slotsPausedUntil = Date.now() + slotPauseMs;
        reject(new Error('Redis did not answer in time'));
      }, slotTimeoutMs);
      call().then(
        (value) => {
          clearTimeout(timer);
          if (waited) resolve(value);
          else late(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
  const busChannel = `${prefix}#bus`;
  const replyChannel = `${prefix}#reply#${randomUUID()}`;
  const pending = new Map<string, (channels: [string, number][]) => void>();
  let local: Parameters<HubAdapter['start']>[0] | undefined;
  /** The slots this process's sockets hold: renewed while they are open, given back when they close. */
  const slots = new LocalSlots();
  const slotKey = (account: string) => `${prefix}#account#${account}`;
  const renewal = setInterval(
    () => {
      for (const [account, sockets] of slots.entries()) {
        publisher.eval(renewSlotsScript, 1, slotKey(account), slotTtlMs, ...sockets).catch(() => undefined);
      }
    },
    Math.max(100, Math.floor(slotTtlMs / 3)),
  );
  renewal.unref();

  return {
    async holdAccountSlot(account, socketId, cap) {
      if (slots.has(account, socketId)) return true;
      let held: boolean;
      try {
        held =
          (await slotCall(
            () => publisher.eval(holdSlotScript, 1, slotKey(account), socketId, cap, slotTtlMs),
            // Taken after this process counted the slot itself: kept if it counted it held, else given back.
            (late) => void (late === 1 && !slots.has(account, socketId) && publisher.zrem(slotKey(account), socketId).catch(() => 0)),
          )) === 1;
      } catch {
        // Redis unreachable: this process's own count still holds the cap here, as without Redis; the
        // renewal puts the slot into Redis once it answers again.
        return slots.hold(account, socketId, cap);
      }
      if (held) slots.add(account, socketId);
      return held;
    },
    async releaseAccountSlot(account, socketId) {
      slots.delete(account, socketId);
      // While Redis is away the slot stays there until it runs out: it is no longer renewed.
      await slotCall(() => publisher.zrem(slotKey(account), socketId)).catch(() => undefined);
    },
    async start(hub) {
      local = hub;
      await Promise.all([publisher.connect(), subscriber.connect()]);
      subscriber.on('message', (redisChannel: string, raw: string) => {
        let parsed: z.infer<typeof BusMessage>;
        try {
          parsed = BusMessage.parse(JSON.parse(raw));
        } catch {
          return;
        }
        if (parsed.type === 'publish') local?.deliver(parsed.appId, parsed.channel, parsed.message, parsed.except);
        else if (parsed.type === 'channels') {
          const channels = [...(local?.channels(parsed.appId) ?? new Map<string, number>())];
          void publisher.publish(parsed.replyTo, JSON.stringify({ type: 'channels-reply', id: parsed.id, channels }));
        } else if (redisChannel === replyChannel) {
          pending.get(parsed.id)?.(parsed.channels);
        }
      });
      await subscriber.subscribe(busChannel, replyChannel);
    },
    async publish(appId, channel, message, except) {
      await publisher.publish(busChannel, JSON.stringify({ type: 'publish', appId, channel, message, except }));
    },
    async channels(appId) {
      const totals = new Map<string, number>();
      const id = randomUUID();
      let replies = 0;
      let expected = Infinity;
      let finish = () => {};
      const done = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 500);
        finish = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      pending.set(id, (channels) => {
        for (const [name, count] of channels) totals.set(name, (totals.get(name) ?? 0) + count);
        replies += 1;
        if (replies >= expected) finish();
      });
      expected = await publisher.publish(busChannel, JSON.stringify({ type: 'channels', id, appId, replyTo: replyChannel }));
      if (replies >= expected) finish();
      await done;
      pending.delete(id);
      return totals;
    },
    async close() {
      local = undefined;
      clearInterval(renewal);
      // The slots still held go back now rather than when they run out; a second at most.
      const held = [...slots.entries()].map(([account, sockets]) => publisher.zrem(slotKey(account), ...sockets).catch(() => 0));
      await Promise.race([Promise.all(held), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
