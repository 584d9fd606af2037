// Every rate limit counts in one store (decision 276): the services' own limits (sign-in guessing,
// expensive writes) call it directly, and @fastify/rate-limit's per-route limits count in it through
// `routeLimitStore`. An in-process default on the app's clock, bounded in memory without dropping a
// counter at its limit, and a Redis store when REDIS_URL is set, so several API processes behind one
// address count together (decision 072).
import { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';

/** A counter's value and the milliseconds until it resets. */
export interface Count {
  count: number;
  resetInMs: number;
}

/**
 * How a store with bounded memory may treat a live key: a counter that has reached `keepFrom` hits (a
 * refused account or address) is never dropped to make room, nor is a key started with `keep`.
 */
export interface KeepOptions {
  keepFrom?: number;
  keep?: boolean;
}

export interface CounterStore {
  /** Adds one to `key`; its window of `windowMs` starts at the first hit. */
  hit(key: string, windowMs: number, options?: KeepOptions): Promise<Count>;
  /**
   * Adds `amount` (a whole number, at least 1) to `key`, as `hit` adds one: for a limit counted in
   * something other than requests, such as the milliseconds of search a person spent.
   */
  spend(key: string, amount: number, windowMs: number): Promise<Count>;
  /** The counter as it stands, without adding to it (count 0 when absent). */
  peek(key: string): Promise<Count>;
  /** Sets `key` to 1 for `ms` unless it is live already; whether this call set it. */
  start(key: string, ms: number, options?: KeepOptions): Promise<boolean>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  count: number;
  resetAt: number;
  /** Never dropped to make room while live (see KeepOptions). */
  kept: boolean;
  keepFrom: number;
}

/**
 * The default: counters in this process's memory, on the app's clock (tests move it). Memory is
 * bounded at `maxKeys`: when full, expired counters go first, then the oldest of those nobody asked
 * to keep. Kept counters (a blocked account, a refusing address) are never dropped while live, so a
 * flood of made-up keys cannot flush them (decision 163); they are few, as reaching a limit
 * takes many requests, and they are allowed past `maxKeys`.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, Entry>();
  private readonly clock: Clock;
  private readonly maxKeys: number;

  constructor(clock: Clock, options: { maxKeys?: number } = {}) {
    this.clock = clock;
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  /** How many counters are held now (tests). */
  get size(): number {
    return this.counters.size;
  }

  private live(key: string, now: number) {
    const entry = this.counters.get(key);
    if (entry && entry.resetAt <= now) {
      this.counters.delete(key);
      return undefined;
    }
    return entry;
  }

  async hit(key: string, windowMs: number, options: KeepOptions = {}): Promise<Count> {
    return this.add(key, 1, windowMs, options);
  }

  async spend(key: string, amount: number, windowMs: number): Promise<Count> {
    return this.add(key, wholeAmount(amount), windowMs, {});
  }

  private add(key: string, amount: number, windowMs: number, options: KeepOptions): Count {
    const now = this.clock.now().getTime();
    let entry = this.live(key, now);
    if (!entry) {
      if (this.counters.size >= this.maxKeys) this.sweep(now);
      entry = { count: 0, resetAt: now + windowMs, kept: options.keep ?? false, keepFrom: options.keepFrom ?? Infinity };
      this.counters.set(key, entry);
    }
    entry.count += amount;
    if (entry.count >= entry.keepFrom) entry.kept = true;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async peek(key: string): Promise<Count> {
    const now = this.clock.now().getTime();
    const entry = this.live(key, now);
    return entry ? { count: entry.count, resetInMs: entry.resetAt - now } : { count: 0, resetInMs: 0 };
  }

  async start(key: string, ms: number, options: KeepOptions = {}): Promise<boolean> {
    const now = this.clock.now().getTime();
    if (this.live(key, now)) return false;
    if (this.counters.size >= this.maxKeys) this.sweep(now);
    this.counters.set(key, { count: 1, resetAt: now + ms, kept: options.keep ?? false, keepFrom: options.keepFrom ?? Infinity });
    return true;
  }

  async clear(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async close(): Promise<void> {
    this.counters.clear();
  }

  // Bounded memory: expired counters go first, and if every one is live, the oldest tenth of those
  // not kept.
  private sweep(now: number): void {
    for (const [key, entry] of this.counters) if (entry.resetAt <= now) this.counters.delete(key);
    if (this.counters.size < this.maxKeys) return;
    const drop = Math.ceil(this.maxKeys / 10);
    let dropped = 0;
    for (const [key, entry] of this.counters) {
      if (dropped >= drop) break;
      if (entry.kept) continue;
      this.counters.delete(key);
      dropped++;
    }
  }
}

/** What `spend` adds: a whole number of at least one. */
function wholeAmount(amount: number): number {
  return Number.isFinite(amount) ? Math.max(1, Math.ceil(amount)) : 1;
}

// INCRBY and its expiry in one step, so two processes never both start a window.
const hitScript = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }`;

/**
 * Counters in Redis, shared by every API process that uses the same REDIS_URL. While a connection that
 * was up is lost, a count fails at once (the request is answered as an error, as before) rather than
 * waiting in ioredis's offline queue for its reconnections: each request held its connection for up
 * to seconds, and /api/ready already takes the process out of the balancer meanwhile.
 */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;
  private readonly prefix: string;
  /** Whether the connection has been up: before that (the process starting), commands wait for it. */
  private wasReady: boolean;

  constructor(redis: Redis, prefix = 'profiles:limit:') {
    this.redis = redis;
    this.prefix = prefix;
    this.wasReady = redis.status === 'ready';
    redis.on('ready', () => (this.wasReady = true));
  }

  /** The connection, or an error at once when it was up and is lost. */
  private connection(): Redis {
    if (this.wasReady && this.redis.status !== 'ready') throw new Error('Redis unreachable');
    return this.redis;
  }

  // Redis expires keys by their own windows and drops none to make room: `KeepOptions` need nothing.
  async hit(key: string, windowMs: number): Promise<Count> {
    return this.add(key, 1, windowMs);
  }

  async spend(key: string, amount: number, windowMs: number): Promise<Count> {
    return this.add(key, wholeAmount(amount), windowMs);
  }

  private async add(key: string, amount: number, windowMs: number): Promise<Count> {
    const [count, ttl] = (await this.connection().eval(hitScript, 1, this.prefix + key, String(windowMs), String(amount))) as [
      number,
      number,
    ];
    return { count, resetInMs: ttl };
  }

  async peek(key: string): Promise<Count> {
    const [value, ttl] = await this.connection()
      .multi()
      .get(this.prefix + key)
      .pttl(this.prefix + key)
      .exec()
      .then((replies) => [replies?.[0]?.[1] as string | null, replies?.[1]?.[1] as number] as const);
    return value === null ? { count: 0, resetInMs: 0 } : { count: Number(value), resetInMs: Math.max(0, ttl) };
  }

  async start(key: string, ms: number): Promise<boolean> {
    return (await this.connection().set(this.prefix + key, '1', 'PX', Math.max(1, Math.ceil(ms)), 'NX')) === 'OK';
  }

  async clear(key: string): Promise<void> {
    await this.connection().del(this.prefix + key);
  }

  async close(): Promise<void> {
    // The connection belongs to whoever opened it (the app closes it once for every user).
  }
}

type RouteCount = { current: number; ttl: number };
type RouteCallback = (error: Error | null, result?: RouteCount) => void;

/**
 * @fastify/rate-limit's store interface over `counters`: the plugin keeps its route config, its 429
 * answer and its headers, and counts where every other limit counts. One key space per route, as the
 * plugin's own stores keep; a key that reached its route's limit is kept when memory makes room.
 */
export function routeLimitStore(counters: CounterStore) {
  return class RouteLimitStore {
    private readonly prefix: string;

    constructor(_globalParams?: unknown, prefix = 'route:') {
      this.prefix = prefix;
    }

    incr(key: string, done: RouteCallback, timeWindow: number, max: number): void {
      counters.hit(this.prefix + key, timeWindow, { keepFrom: max + 1 }).then(
        ({ count, resetInMs }) => done(null, { current: count, ttl: resetInMs }),
        (error: Error) => done(error),
      );
    }

    read(key: string, done: RouteCallback): void {
      counters.peek(this.prefix + key).then(
        ({ count, resetInMs }) => done(null, { current: count, ttl: resetInMs }),
        (error: Error) => done(error),
      );
    }

    // The plugin passes its merged route params, the route under `routeInfo` (its types say otherwise).
    child(routeOptions: object): RouteLimitStore {
      const { method, url } = (routeOptions as { routeInfo: { method?: string | string[]; url?: string } }).routeInfo;
      return new RouteLimitStore(undefined, `${this.prefix}${String(method)}${url}:`);
    }
  };
}

/** A Redis connection for shared limits; fails fast rather than queueing requests while Redis is down. */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one store of every limit (decision 276), for the limits a route counts itself. */
    counters: CounterStore;
  }
}
