// The account slots the adapters keep (decision 298): in process without Redis, and in Redis for
// every hub process with it, where a hub that loses Redis still holds the cap with its own count.
// Needs the machine's Redis.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalAdapter, createRedisAdapter, type HubAdapter } from './adapter.ts';

const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const hub = { deliver: () => {}, channels: () => new Map<string, number>() };
const started: HubAdapter[] = [];
const proxies: net.Server[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((adapter) => adapter.close()));
  for (const proxy of proxies.splice(0)) proxy.close();
});

async function start(adapter: HubAdapter): Promise<HubAdapter> {
  await adapter.start(hub);
  started.push(adapter);
  return adapter;
}

/** A TCP relay to the machine's Redis that `cut()` severs for good, as a Redis that goes away. */
async function relayToRedis(): Promise<{ url: string; cut(): void }> {
  const target = new URL(redisUrl);
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  proxies.push(proxy);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      proxy.close();
      for (const socket of sockets) socket.destroy();
    },
  };
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
    const adapter = await start(createRedisAdapter(relay.url, { prefix: `profiles-test-${randomUUID()}` }));
    expect(await adapter.holdAccountSlot('1:7', 'a', 2)).toBe(true);
    relay.cut();
    expect(await adapter.holdAccountSlot('1:7', 'b', 2)).toBe(true);
    expect(await adapter.holdAccountSlot('1:7', 'c', 2)).toBe(false);
    await adapter.releaseAccountSlot('1:7', 'b');
    expect(await adapter.holdAccountSlot('1:7', 'c', 2)).toBe(true);
  }, 30_000);
});
