// A socket that subscribes and then stops reading: everything published to its channel waits unsent in
// the hub's process, so without a cap one such client grows the hub's memory with every publish. The
// hub closes it (4102, retry after a back-off) once it holds more than its cap unsent for it, while a
// client on the same channel that reads gets every frame.
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RealtimeAppConfig, RealtimeConfig } from '../shared/realtime/config.ts';
import { createLocalAdapter } from './adapter.ts';
import { createHub, type Hub } from './hub.ts';

const app: RealtimeAppConfig = { name: 'jobs', id: 'slow-app', key: 'slow-key', secret: 'slow-secret' };
const limits: RealtimeConfig['limits'] = {
  maxConnections: 50,
  maxConnectionsPerAddress: 20,
  maxHttpConnections: 50,
  maxSocketsPerAccount: 20,
  maxMessageBytes: 10_240,
  activityTimeoutSeconds: 120,
};
const channel = 'news';
const cap = 64 * 1024;

let hub: Hub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

async function subscriber(port: number) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${app.key}?protocol=7`);
  let received = 0;
  const subscribed = new Promise<void>((resolve) =>
    ws.on('message', (raw) => {
      const { event } = JSON.parse(raw.toString()) as { event: string };
      if (event === 'pusher:connection_established') ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
      if (event === 'pusher_internal:subscription_succeeded') resolve();
      if (event === 'update') received += 1;
    }),
  );
  await subscribed;
  return { ws, received: () => received };
}

describe('a socket that stops reading', () => {
  it('is closed once the hub holds more than its cap unsent for it; a reading one on the channel gets everything', async () => {
    const adapter = createLocalAdapter();
    hub = createHub({
      apps: [app],
      limits,
      allowedOrigins: [],
      adapter,
      privateSubscriptionWithinMs: 60_000,
      maxBufferedBytesPerSocket: cap,
    });
    const port = await hub.listen(0, '127.0.0.1');
    const reader = await subscriber(port);
    const stalled = await subscriber(port);
    // The client's socket stops reading: the kernel's buffers fill, then the hub's.
    (stalled.ws as unknown as { _socket: Socket })._socket.pause();
    expect(hub.connectionCount()).toBe(2);

    const message = JSON.stringify({ event: 'update', channel, data: 'x'.repeat(4000) });
    // 24 MB: far past what loopback's kernel buffers take on both sides.
    const publishes = 6000;
    for (let sent = 0; sent < publishes; sent += 50) {
      for (let i = 0; i < 50; i += 1) await adapter.publish(app.id, channel, message);
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Cut within a second of its close frame, which it never reads.
    await expect.poll(() => hub!.connectionCount(), { timeout: 5000 }).toBe(1);
    await expect.poll(() => reader.received(), { timeout: 20_000 }).toBe(publishes);
    reader.ws.close();
    stalled.ws.terminate();
  });
});
