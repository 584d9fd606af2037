// A TCP relay to the machine's Redis that stands for a Redis going away and coming back, for the tests
// of what the hub and the API do meanwhile.
import net from 'node:net';

export interface RedisRelay {
  /** The relay's address, for REDIS_URL. */
  url: string;
  /** Closes its connections and refuses new ones, as a Redis that went away. */
  cut(): void;
  /** Keeps its connections open but passes nothing, as a Redis that hangs or a network that drops packets. */
  silence(): void;
  /** Redis back: passes again, and takes connections again. */
  restore(): Promise<void>;
  close(): void;
}

/** A relay to the Redis at `redisUrl`, on an ephemeral port of 127.0.0.1. */
export async function relayToRedis(redisUrl: string): Promise<RedisRelay> {
  const target = new URL(redisUrl);
  const sockets = new Set<net.Socket>();
  let silent = false;
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('error', () => {});
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
      from.on('data', (chunk: Buffer) => void (silent || to.write(chunk)));
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  const cut = () => {
    proxy.close();
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut,
    silence() {
      silent = true;
    },
    async restore() {
      silent = false;
      if (!proxy.listening) await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
    },
    close: cut,
  };
}
