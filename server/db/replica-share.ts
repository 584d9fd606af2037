// Read-your-writes across processes (decision 254): with REDIS_URL, each process tells the others
// through Redis whose write it has just answered, so a person's next read on any process goes to the
// primary until the replica has replayed past it. The channel is named after the primary, so only the
// processes sharing a database share it. Redis unreachable: each process knows its own writes only.
import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export interface WriteShare {
  announce(person: number): void;
  close(): Promise<void>;
}

/** Subscribes to the writes other processes on `databaseUrl` announce, calling `heard` for each. */
export function shareWritesThroughRedis(redisUrl: string, databaseUrl: string, heard: (person: number) => void): WriteShare {
  const channel = `profiles:replica:wrote:${createHash('sha256').update(databaseUrl).digest('hex').slice(0, 16)}`;
  const self = randomUUID();
  // No queue while Redis is away: an announcement is worth its moment or nothing.
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  subscriber.on('message', (_channel: string, message: string) => {
    const [from, person] = message.split(' ');
    if (from !== self && person && /^\d+$/.test(person)) heard(Number(person));
  });
  // Subscribed on every (re)connection: a Redis away at start or restarted since loses nothing for long.
  subscriber.on('ready', () => void subscriber.subscribe(channel).catch(() => {}));
  return {
    announce(person) {
      publisher.publish(channel, `${self} ${person}`).catch(() => {});
    },
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
