// Hardening figures: the hot read against a bare Fastify+PGlite route (point 12), other
// people's read p99 while one person imports in a loop (point 5), and how many sign-in attempts get
// through per account and per address before a 429 (point 4). Each starts the real server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { sectionEntryLimit } from '../contract/profile-sections.ts';
import { demoToken, startServer } from './api-load.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env['BENCH_PORT'] ?? 4398);

async function startBare(at: number): Promise<() => void> {
  const child = spawn(process.execPath, [path.join(root, 'bench', 'bare-read-server.ts'), String(at)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve()));
  return () => child.kill('SIGTERM');
}

/** Requests a second of our GET /api/profile/show and of the bare route, run alternately; the ratio. */
export async function measureHotRead(rounds = 2, duration = 8) {
  const stopBare = await startBare(port + 10);
  const server = await startServer(port);
  try {
    const token = await demoToken(server.url);
    const ours: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      bare.push((await autocannon({ url: `http://127.0.0.1:${port + 10}/show`, connections: 10, duration })).requests.average);
      ours.push(
        (
          await autocannon({
            url: `${server.url}/api/profile/show`,
            connections: 10,
            duration,
            headers: { authorization: `Bearer ${token}` },
          })
        ).requests.average,
      );
    }
    const best = (values: number[]) => Math.max(...values);
    return { ours: best(ours), bare: best(bare), ratio: best(ours) / best(bare) };
  } finally {
    await server.stop();
    stopBare();
  }
}

const json = (url: string, init: { method?: string; token?: string; body?: unknown; address?: string }) =>
  fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.address ? { 'x-forwarded-for': init.address } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

/** Wrong-password sign-ins at the demo account, each from a new address; and unknown accounts from one address. */
export async function measureSignInLimits(cap = 200) {
  const server = await startServer(port, { TRUST_PROXY: 'true' });
  try {
    let perAccount = 0;
    for (let i = 0; i < cap; i += 1) {
      const res = await json(`${server.url}/api/login`, {
        method: 'POST',
        body: { login: 'demo@profiles.test', password: `Wrong-${i}-Passw0rd` },
        address: `10.1.${i >> 8}.${i & 255}`,
      });
      if (res.status === 429) break;
      perAccount += 1;
    }
    let perAddress = 0;
    for (let i = 0; i < cap; i += 1) {
      const res = await json(`${server.url}/api/login`, {
        method: 'POST',
        body: { login: `guess-${i}@example.test`, password: 'Spray-Passw0rd1' },
        address: '10.2.0.1',
      });
      if (res.status === 429) break;
      perAddress += 1;
    }
    return { perAccount, perAddress };
  } finally {
    await server.stop();
  }
}

/** Another person's GET /api/profile/page latency while the demo account imports 350 entries in a loop. */
export async function measureReadsDuringImports(duration = 10) {
  const server = await startServer(port + 20, { TRUST_PROXY: 'true' });
  try {
    const importer = await demoToken(server.url);
    const signUp = await json(`${server.url}/api/register`, {
      method: 'POST',
      address: '10.3.0.1',
      body: {
        kind: 'personal',
        first_name: 'Bench',
        last_name: 'Reader',
        email: 'reader@bench.test',
        phone: '+380501112233',
        password: 'Bench-Passw0rd1',
        password_confirmation: 'Bench-Passw0rd1',
        terms: true,
      },
    });
    const reader = ((await signUp.json()) as { data: { token: string } }).data.token;
    // As much as one import may carry: a full section of jobs and of projects (decision 157).
    const entries = Array.from({ length: sectionEntryLimit }, (_, i) => ({
      position: `Role ${i}`,
      company_name: `Company ${i}`,
      start_date: '2020-01-01',
      end_date: null,
      is_current: true,
    }));
    const payload = { employments: entries, projects: entries.map((e) => ({ title: e.position, description: 'x'.repeat(500) })) };
    let running = true;
    let imports = 0;
    let limited = 0;
    const loop = (async () => {
      while (running) {
        const res = await json(`${server.url}/api/profile/import`, { method: 'POST', token: importer, body: payload });
        if (res.status === 429) {
          // The per-person limit: this is the attacker's ceiling, so keep pressing as they would.
          limited += 1;
          await new Promise((r) => setTimeout(r, 200));
        } else imports += 1;
        await res.arrayBuffer();
      }
    })();
    const reads = await autocannon({
      url: `${server.url}/api/profile/page`,
      connections: 4,
      duration,
      headers: { authorization: `Bearer ${reader}` },
    });
    running = false;
    await loop;
    return { p50: reads.latency.p50, p99: reads.latency.p99, reads: reads.requests.total, imports, limited };
  } finally {
    await server.stop();
  }
}

export async function printHardening(): Promise<void> {
  const hot = await measureHotRead();
  console.log(
    `hot read GET /api/profile/show: ${hot.ours.toFixed(0)} req/s; bare Fastify+PGlite SELECT: ${hot.bare.toFixed(0)} req/s; ratio ${hot.ratio.toFixed(2)} (target >= 0.8)`,
  );
  const reads = await measureReadsDuringImports();
  console.log(
    `other person's GET /api/profile/page during a looping import: p50 ${reads.p50} ms, p99 ${reads.p99} ms (target <= 100) over ${reads.reads} reads; ${reads.imports} imports done, ${reads.limited} refused 429`,
  );
  const limits = await measureSignInLimits();
  console.log(
    `sign-in attempts before a 429: ${limits.perAccount} at one account from new addresses each time; ${limits.perAddress} from one address at new accounts each time`,
  );
}

if (import.meta.main) await printHardening();
