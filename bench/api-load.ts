// Starts the real server over a throwaway data directory on loopback, signs in as the demo user and
// measures GET /api/profile/show with autocannon for a fixed time. Bounded in time; stops by itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers other than the scenario expects: non-2xx by default, anything but 401 for unknown sign-ins. */
  unexpected: number;
}

/**
 * The real server on `port` over a throwaway data directory, once /api/health answers. `nodeArgs` go
 * before the script (`--import` a recorder); `host` is the address the bench calls it at; `startSeconds`
 * bounds the wait (three minutes: on a two-core machine shared with other work a start has taken
 * over one). A process that exits before it answers fails at once.
 */
export async function startServer(
  port: number,
  extraEnv: Record<string, string> = {},
  options: { nodeArgs?: string[]; host?: string; startSeconds?: number } = {},
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'profiles-bench-'));
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      REALTIME_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://${options.host ?? 'localhost'}:${port}`;
  const startSeconds = options.startSeconds ?? 180;
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      // Stopped, or it would hold the port (and its data folder) after the bench has given up.
      child.kill('SIGINT');
      throw new Error(
        child.exitCode !== null
          ? `server on ${port} exited (code ${child.exitCode}) before it answered`
          : `server on ${port} did not start within ${startSeconds} s`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function demoToken(url: string, login = 'demo@profiles.test'): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: 'Demo-Passw0rd' }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

/** The demo person's verified Northwind job, and a workspace session of its owner (who reviews her) for the company host. */
export async function demoCompanySession(url: string): Promise<{ jobId: number; companyId: number; companyToken: string }> {
  const jobs = (
    (await (await fetch(`${url}/api/careers`, { headers: { authorization: `Bearer ${await demoToken(url)}` } })).json()) as {
      data: { jobs: { id: number; verified: boolean; company: { id: number | null } }[] };
    }
  ).data.jobs;
  const job = jobs.find((j) => j.verified)!;
  const companyId = job.company.id!;
  const owner = { authorization: `Bearer ${await demoToken(url, 'andrii.melnyk@northwind.test')}`, 'content-type': 'application/json' };
  const issued = (await (
    await fetch(`${url}/api/company-access`, { method: 'POST', headers: owner, body: JSON.stringify({ company_id: companyId }) })
  ).json()) as { data: { code: string } };
  const exchanged = (await (
    await fetch(`${url}/api/company-access/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: issued.data.code }),
    })
  ).json()) as { data: { token: string } };
  return { jobId: job.id, companyId, companyToken: exchanged.data.token };
}

export async function load(name: string, options: autocannon.Options & { expectedStatus?: number }): Promise<LoadResult> {
  const { expectedStatus, ...rest } = options as autocannon.Options & { expectedStatus?: number };
  const result = await autocannon({ connections: 10, duration: 10, ...rest });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    unexpected: expectedStatus
      ? result.requests.total - (result.statusCodeStats?.[`${expectedStatus}`]?.count ?? 0) - result.errors
      : result.non2xx,
  };
}

export function printLoad(results: LoadResult[]): void {
  console.log(
    'endpoint'.padEnd(44),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'errors'.padStart(7),
    'unexpected'.padStart(11),
  );
  for (const r of results) {
    console.log(
      r.name.padEnd(44),
      r.requestsPerSecond.toFixed(0).padStart(9),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      String(r.errors).padStart(7),
      String(r.unexpected).padStart(11),
    );
  }
}

/** A fresh `profiles_bench` database on the local PostgreSQL, or undefined when none answers. */
export async function benchPostgresUrl(): Promise<string | undefined> {
  const admin = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('DROP DATABASE IF EXISTS profiles_bench WITH (FORCE)');
    await client.query('CREATE DATABASE profiles_bench');
    const url = new URL(admin);
    url.pathname = '/profiles_bench';
    return url.toString();
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Sign-in attempts a second, well under what Argon2id allows on two cores (about 12 ms a hash). */
const loginRate = 50;

/** Measures the API endpoints on PGlite and, when reachable, on PostgreSQL. */
export async function runApiBenchmarks(): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  const targets: [string, Record<string, string>][] = [['PGlite', {}]];
  const postgres = await benchPostgresUrl();
  if (postgres) targets.push(['PostgreSQL', { DATABASE_URL: postgres }]);
  else console.log('(PostgreSQL not reachable: measuring PGlite only)');
  for (const [label, env] of targets) {
    // Behind a proxy, so each sign-in below can come from its own address (the per-address limit
    // would otherwise answer 429 to a benchmark from one machine; decision 072).
    const server = await startServer(Number(process.env['BENCH_PORT'] ?? 4398), { ...env, TRUST_PROXY: 'true' });
    try {
      const token = await demoToken(server.url);
      results.push(
        await load(`GET /api/profile/show [${label}]`, {
          url: `${server.url}/api/profile/show`,
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      // Sign-in at a fixed rate. Each request names its own (unknown) account: the throttle keys on
      // account and address, and an unknown account costs the same Argon2id check as a wrong password.
      let n = 0;
      results.push(
        await load(`POST /api/login at ${loginRate}/s [${label}]`, {
          url: `${server.url}/api/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          overallRate: loginRate,
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                headers: { ...request.headers, 'x-forwarded-for': `10.9.${(n >> 8) & 255}.${n & 255}` },
                body: JSON.stringify({ login: `bench-${Date.now()}-${n++}@example.test`, password: 'Bench-Passw0rd' }),
              }),
            },
          ],
          expectedStatus: 401,
        }),
      );
    } finally {
      await server.stop();
    }
  }
  return results;
}

if (import.meta.main) printLoad(await runApiBenchmarks());
