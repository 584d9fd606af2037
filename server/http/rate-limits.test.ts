// The one store of every limit (decision 276) counts requests with `hit` and amounts with `spend` (the
// milliseconds of search a person spent, decision 242), in memory on the app's clock and in Redis
// shared by every API process.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClock } from '../test/harness.ts';
import { connectRedis, MemoryCounterStore, RedisCounterStore } from './rate-limits.ts';

describe('spending an amount in memory', () => {
  it('adds whole amounts within one window, and starts again when it is over', async () => {
    const clock = new TestClock();
    const store = new MemoryCounterStore(clock);
    expect(await store.spend('search-ms:1', 4_000.2, 60_000)).toEqual({ count: 4_001, resetInMs: 60_000 });
    clock.advance(10_000);
    expect(await store.spend('search-ms:1', 3_999, 60_000)).toEqual({ count: 8_000, resetInMs: 50_000 });
    expect(await store.hit('search-ms:1', 60_000)).toEqual({ count: 8_001, resetInMs: 50_000 });
    expect(await store.peek('search-ms:2')).toEqual({ count: 0, resetInMs: 0 });
    clock.advance(50_000);
    expect(await store.peek('search-ms:1')).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.spend('search-ms:1', 5, 60_000)).toEqual({ count: 5, resetInMs: 60_000 });
  });

  it('counts a spend of nothing, or of what is not a number, as one', async () => {
    const store = new MemoryCounterStore(new TestClock());
    await store.spend('k', 0, 1_000);
    await store.spend('k', -5, 1_000);
    await store.spend('k', Number.NaN, 1_000);
    expect((await store.peek('k')).count).toBe(3);
  });
});

describe('spending an amount in Redis', () => {
  const redis = connectRedis(process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379');
  const prefix = `profiles:test:${randomUUID()}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('adds the amounts of two processes into one budget, with the window of the first', async () => {
    const one = new RedisCounterStore(redis, prefix);
    const two = new RedisCounterStore(redis, prefix);
    const first = await one.spend('search-ms:7', 6_000, 60_000);
    expect(first.count).toBe(6_000);
    expect(first.resetInMs).toBeGreaterThan(55_000);
    const second = await two.spend('search-ms:7', 4_500, 60_000);
    expect(second.count).toBe(10_500);
    expect(second.resetInMs).toBeLessThanOrEqual(first.resetInMs);
    expect((await one.peek('search-ms:7')).count).toBe(10_500);
    expect((await two.hit('search-ms:7', 60_000)).count).toBe(10_501);
  });
});
