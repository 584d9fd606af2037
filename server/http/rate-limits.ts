// Counters behind every rate limit the services keep themselves (sign-in guessing, expensive writes):
// one interface, an in-process default and a Redis store when REDIS_URL is set, so several API
// processes behind one address count together (hardening issue, points 4 and 11; decision 072).
import { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';

/** A counter's value and the milliseconds until it resets. */
export interface Count {
  count: number;
  resetInMs: number;
}

export interface CounterStore {
  /** Adds one to `key`; its window of `windowMs` starts at the first hit. */
  hit(key: string, windowMs: number): Promise<Count>;
  /** The counter as it stands, without adding to it (count 0 when absent). */
  peek(key: string): Promise<Count>;
  /** Sets `key` to 1 for `ms` unless it is live already; whether this call set it. */
  start(key: string, ms: number): Promise<boolean>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The default: counters in this process's memory, on the app's clock (tests move it). */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  private readonly clock: Clock;
  private static readonly maxKeys = 100_000;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  private live(key: string, now: number) {
    const entry = this.counters.get(key);
    if (entry && entry.resetAt <= now) {
      this.counters.delete(key);
      return undefined;
    }
    return entry;
  }

  async hit(key: string, windowMs: number): Promise<Count> {
    const now = this.clock.now().getTime();
    let entry = this.live(key, now);
    if (!entry) {
      if (this.counters.size >= MemoryCounterStore.maxKeys) this.sweep(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.counters.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async peek(key: string): Promise<Count> {
    const now = this.clock.now().getTime();
    const entry = this.live(key, now);
    return entry ? { count: entry.count, resetInMs: entry.resetAt - now } : { count: 0, resetInMs: 0 };
  }

  async start(key: string, ms: number): Promise<boolean> {
    const now = this.clock.now().getTime();
    if (this.live(key, now)) return false;
    this.counters.set(key, { count: 1, resetAt: now + ms });
    return true;
  }

  async clear(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async close(): Promise<void> {
    this.counters.clear();
  }

  // Bounded memory: expired counters go first, and if every one is live, the oldest windows.
  private sweep(now: number): void {
    for (const [key, entry] of this.counters) if (entry.resetAt <= now) this.counters.delete(key);
    if (this.counters.size < MemoryCounterStore.maxKeys) return;
    const drop = Math.ceil(MemoryCounterStore.maxKeys / 10);
    let dropped = 0;
    for (const key of this.counters.keys()) {
      if (dropped++ >= drop) break;
      this.counters.delete(key);
    }
  }
}

// INCR and its expiry in one step, so two processes never both start a window.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }`;

/** Counters in Redis, shared by every API process that uses the same REDIS_URL. */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(redis: Redis, prefix = 'profiles:limit:') {
    this.redis = redis;
    this.prefix = prefix;
  }

  async hit(key: string, windowMs: number): Promise<Count> {
    const [count, ttl] = (await this.redis.eval(hitScript, 1, this.prefix + key, String(windowMs))) as [number, number];
    return { count, resetInMs: ttl };
  }

  async peek(key: string): Promise<Count> {
    const [value, ttl] = await this.redis.multi().get(this.prefix + key).pttl(this.prefix + key).exec().then((replies) => [
      replies?.[0]?.[1] as string | null,
      replies?.[1]?.[1] as number,
    ] as const);
    return value === null ? { count: 0, resetInMs: 0 } : { count: Number(value), resetInMs: Math.max(0, ttl) };
  }

  async start(key: string, ms: number): Promise<boolean> {
    return (await this.redis.set(this.prefix + key, '1', 'PX', Math.max(1, Math.ceil(ms)), 'NX')) === 'OK';
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    // The connection belongs to whoever opened it (the app closes it once for every user).
  }
}

/** A Redis connection for shared limits; fails fast rather than queueing requests while Redis is down. */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
}
