import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { enforceBodyRate } from './connection-limits.ts';

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe('the least body rate', () => {
  it('leaves nothing behind on a kept-alive connection once each body has come', async () => {
    const sockets = new Set<Socket>();
    server = http.createServer((request, response) => {
      sockets.add(request.socket);
      request.resume();
      request.on('end', () => response.end('ok'));
    });
    enforceBodyRate(server, 60_000, 1);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = () =>
      new Promise<void>((resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port, method: 'POST', path: '/', agent, headers: { 'content-length': '2' } },
          (response) => {
            response.resume();
            response.on('end', resolve);
          },
        );
        request.on('error', reject);
        request.end('{}');
      });
    await post();
    const [socket] = sockets;
    const after1 = socket!.listenerCount('close');
    for (let i = 0; i < 20; i++) await post();
    // One connection served every request, and each request's watch went with its body.
    expect(sockets.size).toBe(1);
    expect(socket!.listenerCount('close')).toBe(after1);
    agent.destroy();
  });
});
