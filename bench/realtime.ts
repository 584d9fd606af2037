// Realtime figures: publish → browser delivery over 1,000 events (the `pusher` SDK to the
// embedded hub to pusher-js in headless Chromium, all on loopback), then the hub's memory with 5,000
// idle connections subscribed to one channel, and the time to fan one event out to all of them.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import Pusher from 'pusher';
import { WebSocket } from 'ws';
import type { RealtimeAppConfig } from '../server/shared/realtime/config.ts';

const root = path.resolve(import.meta.dirname, '..');
const app: RealtimeAppConfig = { name: 'jobs', id: '2002', key: 'bench-key', secret: 'bench-secret' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message as T);
    };
    child.on('message', onMessage);
    if (type !== 'port') child.send({ type });
  });
}

async function startHub(origin: string): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(root, 'bench', 'realtime-hub.ts'), [], {
    env: { ...process.env, BENCH_APPS: JSON.stringify([app]), BENCH_ORIGINS: JSON.stringify([origin]) },
    execArgv: ['--expose-gc'],
  });
  const { port } = await ask<{ port: number }>(child, 'port');
  return { child, port };
}

export interface RealtimeFigures {
  deliveryP50Ms: number;
  deliveryP90Ms: number;
  deliveryP99Ms: number;
  over10Ms: number;
  deliveryMaxMs: number;
  events: number;
  idleConnections: number;
  baseRssMb: number;
  idleRssMb: number;
  idleHeapMb: number;
  fanOutMs: number;
}

export async function measureRealtime(events = 1000, idle = 5000): Promise<RealtimeFigures> {
  // A page on its own origin, so the hub's origin check passes as it would for the site.
  const pusherJs = readFileSync(path.join(root, 'node_modules/pusher-js/dist/web/pusher.min.js'));
  const site = http.createServer((request, response) => {
    if (request.url === '/pusher.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(pusherJs);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title><script src="/pusher.js"></script>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  const { child, port } = await startHub(origin);
  const sdk = new Pusher({
    appId: app.id,
    key: app.key,
    secret: app.secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
    agent: new http.Agent({ keepAlive: true }),
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(origin);
    await page.evaluate(
      ({ key, port }) =>
        new Promise<void>((resolve) => {
          const w = window as unknown as {
            Pusher: new (
              key: string,
              options: object,
            ) => { subscribe(name: string): { bind(e: string, cb: (d: { i: number }) => void): void } };
            received: number[];
          };
          w.received = [];
          const client = new w.Pusher(key, {
            cluster: 'mt1',
            wsHost: '127.0.0.1',
            wsPort: port,
            wssPort: port,
            forceTLS: false,
            enabledTransports: ['ws'],
            disableStats: true,
          });
          const channel = client.subscribe('bench');
          channel.bind('pusher:subscription_succeeded', () => resolve());
          channel.bind('tick', (data) => {
            w.received[data.i] = performance.timeOrigin + performance.now();
          });
        }),
      { key: app.key, port },
    );
    // Warm the HTTP connection and the page's handlers; not counted.
    for (let i = 0; i < 20; i++) await sdk.trigger('bench', 'warm', { i });
    const sent: number[] = [];
    for (let i = 0; i < events; i++) {
      sent[i] = performance.timeOrigin + performance.now();
      await sdk.trigger('bench', 'tick', { i });
    }
    await page.waitForFunction((n) => (window as unknown as { received: number[] }).received.filter(Boolean).length >= n, events, {
      timeout: 30_000,
    });
    const received = await page.evaluate(() => (window as unknown as { received: number[] }).received);
    const latencies = sent.map((at, i) => received[i]! - at).sort((a, b) => a - b);

    const base = await ask<{ rss: number; heapUsed: number }>(child, 'memory');
    // Idle connections: raw protocol clients, each subscribed to one channel, as 5,000 open tabs would be.
    const sockets: WebSocket[] = [];
    let delivered = 0;
    let allDelivered: () => void = () => {};
    for (let opened = 0; opened < idle; opened += 250) {
      await Promise.all(
        Array.from(
          { length: Math.min(250, idle - opened) },
          () =>
            new Promise<void>((resolve, reject) => {
              const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${app.key}?protocol=7&client=bench&version=1`);
              ws.on('message', (raw) => {
                const text = raw.toString();
                if (text.includes('connection_established'))
                  ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'everyone' } }));
                else if (text.includes('subscription_succeeded')) resolve();
                else if (text.includes('"fanout"') && ++delivered === idle) allDelivered();
              });
              ws.on('error', reject);
              sockets.push(ws);
            }),
        ),
      );
    }
    const loaded = await ask<{ rss: number; heapUsed: number; connections: number }>(child, 'memory');
    const everyone = new Promise<void>((resolve) => (allDelivered = resolve));
    const start = performance.now();
    await sdk.trigger('everyone', 'fanout', { hello: 'all' });
    await everyone;
    const fanOutMs = performance.now() - start;
    for (const ws of sockets) ws.terminate();

    return {
      events,
      deliveryP50Ms: percentile(latencies, 50),
      deliveryP90Ms: percentile(latencies, 90),
      deliveryP99Ms: percentile(latencies, 99),
      over10Ms: latencies.filter((ms) => ms > 10).length,
      deliveryMaxMs: latencies.at(-1)!,
      idleConnections: loaded.connections,
      baseRssMb: base.rss / 2 ** 20,
      idleRssMb: loaded.rss / 2 ** 20,
      idleHeapMb: loaded.heapUsed / 2 ** 20,
      fanOutMs,
    };
  } finally {
    await browser.close();
    child.send({ type: 'stop' });
    site.close();
  }
}

export function printRealtime(f: RealtimeFigures): void {
  console.log(
    `publish → browser delivery over ${f.events} events: p50 ${f.deliveryP50Ms.toFixed(2)} ms, p90 ${f.deliveryP90Ms.toFixed(2)} ms, p99 ${f.deliveryP99Ms.toFixed(2)} ms, max ${f.deliveryMaxMs.toFixed(2)} ms; ${f.over10Ms} over 10 ms (target p99 ≤ 10 ms)`,
  );
  console.log(
    `machine load average while measuring: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  console.log(
    `hub memory: ${f.baseRssMb.toFixed(0)} MB RSS at rest, ${f.idleRssMb.toFixed(0)} MB RSS (${f.idleHeapMb.toFixed(0)} MB heap) with ${f.idleConnections} idle connections (target ≤ 200 MB)`,
  );
  console.log(`fan-out of one event to all ${f.idleConnections}: ${f.fanOutMs.toFixed(1)} ms (publish call to the last socket's receipt)`);
}

if (import.meta.main) printRealtime(await measureRealtime());
