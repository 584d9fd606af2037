// The API's limits while its Redis is away (decision 196): they count in Redis, so a request that
// counts is answered as an error meanwhile (and /api/ready takes the process out of the balancer), but
// at once: each count waited in ioredis's offline queue through its reconnections (a wrong sign-in
// took 0.6 to 2.6 s to be answered 500), holding the request's connection. The outage is logged once,
// and its end once. Needs the machine's Redis.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestContext } from '../test/harness.ts';
import { relayToRedis, type RedisRelay } from '../test/redis-relay.ts';
import { connectRedis, RedisCounterStore } from './rate-limits.ts';
import type { Redis } from 'ioredis';

const redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const opened: { relay: RedisRelay; redis: Redis }[] = [];
afterEach(() => {
  for (const { relay, redis } of opened.splice(0)) {
    redis.disconnect();
    relay.close();
  }
});

/** How long a count took, in ms, and whether it failed. */
async function timedHit(counters: RedisCounterStore, key: string): Promise<{ ms: number; failed: boolean }> {
  const from = performance.now();
  const failed = await counters.hit(key, 60_000).then(
    () => false,
    () => true,
  );
  return { ms: performance.now() - from, failed };
}

describe('the counters in Redis', () => {
  it('fail at once while Redis is away, never count a request through, and count again once it is back', async () => {
    const relay = await relayToRedis(redisUrl);
    const redis = connectRedis(relay.url);
    opened.push({ relay, redis });
    // The API listens for the connection's errors (app.ts); so does the test.
    redis.on('error', () => {});
    const counters = new RedisCounterStore(redis, `profiles-test-${Math.random()}:`);
    expect((await counters.hit('a', 60_000)).count).toBe(1);

    relay.cut();
    // Past several reconnection attempts.
    await new Promise((r) => setTimeout(r, 1_500));
    const during = [await timedHit(counters, 'a'), await timedHit(counters, 'a'), await timedHit(counters, 'a')];
    expect(during.every((count) => count.failed)).toBe(true);
    // Milliseconds (1.26 s before); the margin is for a loaded machine.
    expect(Math.max(...during.map((count) => count.ms))).toBeLessThan(250);

    await relay.restore();
    const deadline = Date.now() + 10_000;
    while (redis.status !== 'ready') {
      if (Date.now() > deadline) throw new Error('Redis did not come back within 10 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await counters.hit('a', 60_000)).count).toBe(2);
  }, 30_000);
});

/** Waits until `condition` holds, within `ms`. */
async function until(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('an API process whose Redis goes away and comes back', () => {
  it('logs the outage once and its end once', async () => {
    const relay = await relayToRedis(redisUrl);
    const ctx = await createTestContext({ REDIS_URL: relay.url });
    try {
      const warn = vi.spyOn(ctx.app.log, 'warn');
      const info = vi.spyOn(ctx.app.log, 'info');
      const said = (spy: typeof warn, message: string) => spy.mock.calls.filter((call) => call.includes(message)).length;
      relay.cut();
      await until(() => said(warn, 'Redis unreachable') > 0, 5_000);
      // Past several reconnection attempts.
      await new Promise((r) => setTimeout(r, 1_500));
      await relay.restore();
      await until(() => said(info, 'Redis answers again') > 0, 10_000);
      expect(said(warn, 'Redis unreachable')).toBe(1);
      expect(said(info, 'Redis answers again')).toBe(1);
    } finally {
      await ctx.close();
      relay.close();
    }
  }, 30_000);
});
