// A 100 MB upload to a real server process: its memory must grow by less than 50 MB, because the
// upload streams to disk instead of being held in memory (profile issue), and from there to the
// bucket in multipart parts when uploads live in one (s3rver started here, decision 195).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../test/s3-server.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

function bodyOf(totalFileBytes: number, boundary: string): Readable {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let remaining = totalFileBytes - 9;
  return Readable.from(
    (function* () {
      yield head;
      while (remaining > 0) {
        const size = Math.min(remaining, chunk.length);
        remaining -= size;
        yield chunk.subarray(0, size);
      }
      yield tail;
    })(),
  );
}

let s3: TestS3 | undefined;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => s3?.close());

describe.runIf(process.platform === 'linux').each(['local', 's3'])('a 100 MB upload to the %s store', (store) => {
  it("grows the server's memory by less than 50 MB", async () => {
    const port = 4900 + Math.floor(Math.random() * 90);
    const child = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'profiles-mem-')),
        LOG_LEVEL: 'warn',
        SITE_DIR: tmpdir(),
        REALTIME_PORT: '0',
        ...(store === 's3' ? s3!.env : {}),
      },
      stdio: 'ignore',
    });
    try {
      const base = `http://localhost:${port}`;
      // A loaded two-core machine (every helper's tests at once) has taken 80 s to start PGlite.
      const deadline = Date.now() + 180_000;
      for (;;) {
        try {
          if ((await fetch(`${base}/api/health`)).ok) break;
        } catch {
          // starting
        }
        if (Date.now() > deadline) throw new Error('server did not start');
        await new Promise((r) => setTimeout(r, 200));
      }
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'demo@profiles.test', password: 'Demo-Passw0rd' }),
      });
      const { data } = (await login.json()) as { data: { token: string } };

      const send = (bytes: number) =>
        new Promise<number>((resolve, reject) => {
          const boundary = 'memoryboundary';
          const request = http.request(`${base}/api/uploads/media`, {
            method: 'POST',
            headers: { authorization: `Bearer ${data.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
          });
          request.on('response', (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          });
          request.on('error', reject);
          bodyOf(bytes, boundary).pipe(request);
        });

      // Warm up the upload path so code loading and first allocations are not counted.
      expect(await send(1024 * 1024)).toBe(201);
      await new Promise((r) => setTimeout(r, 500));
      const baseline = rssBytes(child.pid!);
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssBytes(child.pid!));
      }, 20);
      const status = await send(100 * 1024 * 1024 - 4096);
      clearInterval(sampler);
      peak = Math.max(peak, rssBytes(child.pid!));
      expect(status).toBe(201);
      const grownMb = (peak - baseline) / 1024 / 1024;
      console.log(
        `server RSS ${Math.round(baseline / 1024 / 1024)} MB -> peak ${Math.round(peak / 1024 / 1024)} MB (+${grownMb.toFixed(1)} MB) during a 100 MB upload to the ${store} store`,
      );
      expect(grownMb).toBeLessThan(50);
    } finally {
      child.kill('SIGINT');
    }
  }, 300_000);
});
