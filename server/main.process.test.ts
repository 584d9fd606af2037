// The server as a newcomer runs it: a real process on a real port over a real data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from './test/migrated-data-dir.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'profiles-main-'));
const port = 4600 + Math.floor(Math.random() * 300);
const running: ChildProcess[] = [];

function startServer(extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      REALTIME_PORT: '0',
      LOG_LEVEL: 'warn',
      SITE_DIR: dataDir,
      NODE_ENV: 'development',
      ...extraEnv,
    },
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = async () => {
    // A first start compiles PGlite, migrates and seeds: over a minute on a loaded two-core machine,
    // and over 100 s with the machine loaded fifteen times over (the e2e server gets 300 s for the
    // same start). A ceiling, not a wait: a quick start returns as soon as it prints its address.
    const deadline = Date.now() + 280_000;
    while (!output.includes('Profiles is running at')) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, ready, output: () => output };
}

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('npm start against one data directory', () => {
  it('starts, prints the URL, the workspace and the demo account, and serves the API', async () => {
    // As `npm start` runs it: no LOG_LEVEL, so requests are not logged and codes stand out.
    const server = startServer({ LOG_LEVEL: '' });
    await server.ready();
    expect(server.output()).toContain(`Profiles is running at http://localhost:${port}`);
    expect(server.output()).toContain(`Company workspace: http://company.localhost:${port}`);
    expect(server.output()).toContain('Demo:     demo@profiles.test / Demo-Passw0rd (created now)');
    const login = await fetch(`http://localhost:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'demo@profiles.test', password: 'Demo-Passw0rd' }),
    });
    expect(login.status).toBe(200);
    const forgot = await fetch(`http://localhost:${port}/api/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'demo@profiles.test' }),
    });
    expect(forgot.status).toBeLessThan(300);
    const deadline = Date.now() + 10_000;
    while (!server.output().includes('▶ Code for demo@profiles.test') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // The code on a line of its own; no JSON records and no request lines in a developer's console.
    expect(server.output()).toMatch(/\n {2}▶ Code for demo@profiles\.test \(password reset\): \d{6}\n/);
    expect(server.output()).not.toContain('"msg"');
    expect(server.output()).not.toContain('/api/login');

    const second = startServer({ PORT: String(port + 1) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Another Profiles server \(pid \d+\) is using .*\. Stop it first, or set DATA_DIR to another folder\./);

    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 300_000);

  it('starts again on the same data with the demo account kept, not re-created', async () => {
    const server = startServer();
    await server.ready();
    expect(server.output()).toContain('Demo:     demo@profiles.test / Demo-Passw0rd');
    expect(server.output()).not.toContain('(created now)');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);

  it('refuses a bad variable at start, naming it', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'profiles-bad-')) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  }, 30_000);

  it('seeds no demo account in production', async () => {
    const server = startServer({
      NODE_ENV: 'production',
      PUSHER_ACHIEVEMENTS_APP_ID: '11',
      PUSHER_ACHIEVEMENTS_APP_KEY: 'ach-key',
      PUSHER_ACHIEVEMENTS_APP_SECRET: 'ach-secret',
      PUSHER_JOBS_APP_ID: '12',
      PUSHER_JOBS_APP_KEY: 'jobs-key',
      PUSHER_JOBS_APP_SECRET: 'jobs-secret',
      CREDENTIAL_KEY: 'a-production-credential-key-of-32-characters-or-more',
      TWO_FACTOR_KEY: 'cd'.repeat(32),
      // Migrated already (the first start over an empty folder is the first test's): no demo in it yet.
      DATA_DIR: await migratedDataDir('profiles-prod-'),
      PORT: String(port + 2),
    });
    await server.ready();
    expect(server.output()).not.toContain('Demo:');
    const login = await fetch(`http://localhost:${port + 2}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'demo@profiles.test', password: 'Demo-Passw0rd' }),
    });
    expect(login.status).toBe(401);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  }, 300_000);
});
