// Cacheable reads (decision 197): requests a second of the hot profile read answered 200,
// of the same read revalidated (If-None-Match with its ETag, answered 304), and of the bare Fastify
// route (bench/bare-read-server.ts) in one run, alternately. `node bench/cacheable-reads.ts`.
import autocannon from 'autocannon';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { demoToken, startServer } from './api-load.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env['BENCH_PORT'] ?? 4398);
const duration = Number(process.env['BENCH_SECONDS'] ?? 8);
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 2);

const bareChild = spawn(process.execPath, [path.join(root, 'bench', 'bare-read-server.ts'), String(port + 10)], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) => bareChild.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve()));
const server = await startServer(port).catch((error: unknown) => {
  bareChild.kill('SIGTERM');
  throw error;
});
try {
  const token = await demoToken(server.url);
  const url = `${server.url}/api/profile/show`;
  const etag = (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).headers.get('etag') ?? '';
  const runs = { bare: [] as number[], full: [] as number[], revalidated: [] as number[] };
  const p99 = { bare: [] as number[], full: [] as number[], revalidated: [] as number[] };
  for (let i = 0; i < rounds; i += 1) {
    const bare = await autocannon({ url: `http://127.0.0.1:${port + 10}/show`, connections: 10, duration });
    const full = await autocannon({ url, connections: 10, duration, headers: { authorization: `Bearer ${token}` } });
    const revalidated = await autocannon({
      url,
      connections: 10,
      duration,
      headers: { authorization: `Bearer ${token}`, 'if-none-match': etag },
    });
    if (revalidated.non2xx !== revalidated.requests.total) throw new Error('the revalidated read did not answer 304 throughout');
    for (const [key, result] of [
      ['bare', bare],
      ['full', full],
      ['revalidated', revalidated],
    ] as const) {
      runs[key].push(result.requests.average);
      p99[key].push(result.latency.p99);
    }
  }
  const best = (values: number[]) => Math.max(...values);
  const bare = best(runs.bare);
  console.log(`bare Fastify+PGlite SELECT:            ${bare.toFixed(0)} req/s (p99 ${Math.min(...p99.bare)} ms)`);
  console.log(
    `GET /api/profile/show, 200:            ${best(runs.full).toFixed(0)} req/s (p99 ${Math.min(...p99.full)} ms), ${(best(runs.full) / bare).toFixed(2)} of bare`,
  );
  console.log(
    `GET /api/profile/show, 304 (If-None-Match): ${best(runs.revalidated).toFixed(0)} req/s (p99 ${Math.min(...p99.revalidated)} ms), ${(best(runs.revalidated) / bare).toFixed(2)} of bare`,
  );
} finally {
  await server.stop();
  bareChild.kill('SIGTERM');
}
