// How a publish reaches every hub process (the shape of soketi's adapters): in process by default,
// through Redis pub/sub when REDIS_URL is set, so several hubs share one set of channels.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';

/** What the hub asks of an adapter. */
export interface HubAdapter {
  /** Delivers `message` to the channel's subscribers on every hub process (this one included). */
  publish(appId: string, channel: string, message: string, exceptSocketId?: string): Promise<void>;
  /** Channels with subscribers on any hub process, with their subscription counts. */
  channels(appId: string): Promise<Map<string, number>>;
  /** Starts delivering; `deliver` sends to this process's local sockets. */
  start(local: {
    deliver(appId: string, channel: string, message: string, exceptSocketId?: string): void;
    channels(appId: string): Map<string, number>;
  }): Promise<void>;
  close(): Promise<void>;
}

/** One process: a publish is a local delivery. */
export function createLocalAdapter(): HubAdapter {
  let local: Parameters<HubAdapter['start']>[0] | undefined;
  return {
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
 * Several processes over Redis pub/sub. Each publish goes to every process (the publishing one
 * delivers from the bus too, so ordering is the bus's). The channel list asks every process and
 * waits for as many replies as PUBLISH reported receivers, or 500 ms.
 */
export function createRedisAdapter(url: string, prefix = 'profiles-realtime'): HubAdapter {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  const busChannel = `${prefix}#bus`;
  const replyChannel = `${prefix}#reply#${randomUUID()}`;
  const pending = new Map<string, (channels: [string, number][]) => void>();
  let local: Parameters<HubAdapter['start']>[0] | undefined;

  return {
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
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
