// The account slots the adapters keep (decision 298): in process without Redis, and in Redis for
// every hub process with it, where a hub that loses Redis still holds the cap with its own count, at
// once rather than after ioredis's reconnections, and says so once. Needs the machine's Redis.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { relayToRedis as relayToMachineRedis, type RedisRelay } from '../test/redis-relay.ts';
import { createLocalAdapter, createRedisAdapter, type HubAdapter, type OutageLog } from './adapter.ts';

const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const hub = { deliver: () => {}, channels: () => new Map<string, number>() };
const started: HubAdapter[] = [];
const relays: RedisRelay[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((adapter) => adapter.close()));
  for (const relay of relays.splice(0)) relay.close();
});

async function start(adapter: HubAdapter): Promise<HubAdapter> {
  await adapter.start(hub);
  started.push(adapter);
  return adapter;
}

/** A relay to the machine's Redis, closed after the test. */
async function relayToRedis(): Promise<RedisRelay> {
  const relay = await relayToMachineRedis(redisUrl);
  relays.push(relay);
  return relay;
}

/** An outage log that keeps what it was told. */
function keptLog(): OutageLog & { warnings: string[]; notes: string[] } {
  const warnings: string[] = [];
  const notes: string[] = [];
  return { warnings, notes, warn: (message) => void warnings.push(message), info: (message) => void notes.push(message) };
}

/** How long `call` took, in ms, with what it answered. */
async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const from = performance.now();
  const value = await call();
  return { ms: performance.now() - from, value };
}

async function until(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('account slots', () => {
  it('in one process: the cap per account, a held slot taken again, a released one free', async () => {
    const adapter = await start(createLocalAdapter());
    expect(await adapter.holdAccountSlot('1:7', 'a', 2)).toBe(true);
    expect(await adapter.holdAccountSlot('1:7', 'a', 2)).toBe(true);
    expect(await adapter.holdAccountSlot('1:7', 'b', 2)).toBe(true);
    expect(await adapter.holdAccountSlot('1:7', 'c', 2)).toBe(false);
    expect(await adapter.holdAccountSlot('1:8', 'c', 2)).toBe(true);
    await adapter.releaseAccountSlot('1:7', 'a');
    expect(await adapter.holdAccountSlot('1:7', 'c', 2)).toBe(true);
  });

  it('over Redis: one cap for two processes, taken by one at a time when both ask for the last slot', async () => {
    const prefix = `profiles-test-${randomUUID()}`;
    const first = await start(createRedisAdapter(redisUrl, { prefix }));
    const second = await start(createRedisAdapter(redisUrl, { prefix }));
    expect(await first.holdAccountSlot('1:7', 'a', 3)).toBe(true);
    expect(await second.holdAccountSlot('1:7', 'b', 3)).toBe(true);
    const race = await Promise.all([first.holdAccountSlot('1:7', 'c', 3), second.holdAccountSlot('1:7', 'd', 3)]);
    expect(race.filter(Boolean)).toHaveLength(1);
    await first.releaseAccountSlot('1:7', 'a');
    expect(await second.holdAccountSlot('1:7', 'e', 3)).toBe(true);
    // A process closing gives back what it still held.
    const held = race[0] ? 'c' : 'd';
    await (race[0] ? first : second).close();
    started.splice(started.indexOf(race[0] ? first : second), 1);
    const other = race[0] ? second : first;
    expect(await other.holdAccountSlot('1:7', `${held}-again`, 3)).toBe(true);
  });

  it('over Redis that went away: the process still holds the cap with its own count', async () => {
    const relay = await relayToRedis();
    const adapter = await start(createRedisAdapter(relay.url, { prefix: `profiles-test-${randomUUID()}`, log: keptLog() }));
    expect(await adapter.holdAccountSlot('1:7', 'a', 2)).toBe(true);
    relay.cut();
    expect(await adapter.holdAccountSlot('1:7', 'b', 2)).toBe(true);
    expect(await adapter.holdAccountSlot('1:7', 'c', 2)).toBe(false);
    await adapter.releaseAccountSlot('1:7', 'b');
    expect(await adapter.holdAccountSlot('1:7', 'c', 2)).toBe(true);
  }, 30_000);

  // A subscription waits for its slot: each waited for ioredis's reconnections (seconds) while Redis
  // was away, and every failed reconnection printed "[ioredis] Unhandled error event".
  it('over Redis that refuses: each slot is counted here at once, the outage said once and its end once, and the slots go back into Redis', async () => {
    const relay = await relayToRedis();
    const log = keptLog();
    const prefix = `profiles-test-${randomUUID()}`;
    // Renewed every 200 ms, so the slots counted here during the outage are back in Redis soon after it.
    const adapter = await start(createRedisAdapter(relay.url, { prefix, log, slotTtlMs: 600 }));
    expect(await adapter.holdAccountSlot('1:7', 'a', 2)).toBe(true);
    relay.cut();
    // Past several reconnection attempts.
    await new Promise((r) => setTimeout(r, 1_500));
    const during = [await timed(() => adapter.holdAccountSlot('1:7', 'b', 2)), await timed(() => adapter.holdAccountSlot('1:7', 'c', 2))];
    expect(during.map((call) => call.value)).toEqual([true, false]);
    // Without a wait for Redis: milliseconds (1.3 s and more before); the margin is for a loaded machine.
    for (const call of during) expect(call.ms).toBeLessThan(250);
    expect((await timed(() => adapter.releaseAccountSlot('1:7', 'b'))).ms).toBeLessThan(250);
    expect(await adapter.holdAccountSlot('1:7', 'b', 2)).toBe(true);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toMatch(/Redis unreachable/);

    await relay.restore();
    await until(() => log.notes.length > 0, 10_000);
    expect(log.notes).toEqual(['realtime hub: Redis answers again']);
    expect(log.warnings).toHaveLength(1);
    // The two slots counted here are renewed into Redis: another process sees the account's cap full.
    const other = await start(createRedisAdapter(redisUrl, { prefix, slotTtlMs: 600 }));
    await new Promise((r) => setTimeout(r, 400));
    expect(await other.holdAccountSlot('1:7', 'x', 2)).toBe(false);
  }, 30_000);

  it('over Redis that holds the connection but answers nothing: a slot is counted here within a fraction of a second', async () => {
    const relay = await relayToRedis();
    const adapter = await start(
      createRedisAdapter(relay.url, { prefix: `profiles-test-${randomUUID()}`, log: keptLog(), slotTimeoutMs: 300, slotPauseMs: 5_000 }),
    );
    expect(await adapter.holdAccountSlot('1:7', 'a', 2)).toBe(true);
    relay.silence();
    const first = await timed(() => adapter.holdAccountSlot('1:7', 'b', 2));
    expect(first.value).toBe(true);
    expect(first.ms).toBeGreaterThanOrEqual(250);
    expect(first.ms).toBeLessThan(900);
    // After a call that went unanswered the slots skip Redis for a while: the next ones answer at once.
    const next = await timed(() => adapter.holdAccountSlot('1:7', 'c', 2));
    expect(next.value).toBe(false);
    expect(next.ms).toBeLessThan(250);
  }, 30_000);
});
