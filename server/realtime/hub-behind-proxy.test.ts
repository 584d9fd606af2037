// A hub behind the proxy deploy/ puts in front of it (decision 296): every socket comes from the
// proxy's address, so the per-address cap counted all the site's clients as one and refused the
// hundred-and-first (found by a security re-test). With TRUST_PROXY a socket counts under the
// X-Forwarded-For entry the proxy appended; what the client wrote before it is not read.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { loadConfig } from '../config.ts';
import type { RealtimeConfig } from '../shared/realtime/config.ts';
import { createHub, type Hub } from './hub.ts';
import { PusherCode } from './protocol.ts';

const limits: RealtimeConfig['limits'] = {
  maxConnections: 50,
  maxConnectionsPerAddress: 3,
  maxHttpConnections: 50,
  maxSocketsPerAccount: 20,
  maxMessageBytes: 4096,
  activityTimeoutSeconds: 120,
};
const apps = Object.values(loadConfig({ NODE_ENV: 'test' }).realtime.apps);
const hubs: Hub[] = [];
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await Promise.all(hubs.splice(0).map((hub) => hub.close()));
});

async function hubWith(proxyHops: number): Promise<number> {
  const hub = createHub({ apps, limits, allowedOrigins: [], proxyHops });
  hubs.push(hub);
  return hub.listen(0, '127.0.0.1');
}

/** A socket through the proxy with this X-Forwarded-For: 'open' once established, or the code it was closed with. */
function connect(port: number, forwardedFor: string): Promise<'open' | number> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${apps[0]!.key}?protocol=7`, { headers: { 'x-forwarded-for': forwardedFor } });
  sockets.push(ws);
  return new Promise((resolve) => {
    ws.on('message', (raw) => {
      if ((JSON.parse(raw.toString()) as { event: string }).event === 'pusher:connection_established') resolve('open');
    });
    ws.on('close', (code) => resolve(code));
  });
}

describe('a hub behind a proxy', () => {
  it('counts each client under the address the proxy appended, so clients do not share one cap', async () => {
    const port = await hubWith(1);
    const clients = await Promise.all(Array.from({ length: 6 }, (_, i) => connect(port, `203.0.113.${i + 1}`)));
    expect(clients).toEqual(Array(6).fill('open'));
  });

  it('holds one client to the cap whatever it writes before the address the proxy appended', async () => {
    const port = await hubWith(1);
    const answers: ('open' | number)[] = [];
    for (let i = 0; i < limits.maxConnectionsPerAddress + 1; i += 1) answers.push(await connect(port, `198.51.100.${i + 1}, 203.0.113.50`));
    expect(answers).toEqual([...Array(limits.maxConnectionsPerAddress).fill('open'), PusherCode.overQuota]);
  });

  it('without a trusted proxy reads no header: the connection’s own address', async () => {
    const port = await hubWith(0);
    const answers: ('open' | number)[] = [];
    for (let i = 0; i < limits.maxConnectionsPerAddress + 1; i += 1) answers.push(await connect(port, `203.0.113.${i + 1}`));
    expect(answers.at(-1)).toBe(PusherCode.overQuota);
  });
});
