import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, processStartTime } from './lock.ts';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'profiles-lock-'));

describe('the data directory lock', () => {
  it('writes the owner pid and removes the file on release', () => {
    const dir = freshDir();
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'server.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('refuses a second owner while the first process lives, naming it', async () => {
    const dir = freshDir();
    // A real owner: another process that took the lock itself.
    const lockModule = new URL('./lock.ts', import.meta.url).href;
    const other = spawn(process.execPath, [
      '--input-type=module',
      '-e',
      `const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)}); acquireDataDirLock(${JSON.stringify(dir)}); console.log('locked'); setTimeout(() => {}, 10000);`,
    ]);
    try {
      await new Promise<void>((resolve, reject) => {
        other.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
        other.on('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
      });
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`pid ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it.runIf(processStartTime(process.pid) !== undefined)(
    'takes over a lock whose pid now belongs to an unrelated process (hardening issue, point 7)',
    async () => {
      const dir = freshDir();
      // The recorded owner started at another time than the live process with its pid: a reused pid.
      const unrelated = spawn('sleep', ['10']);
      try {
        await new Promise((resolve) => unrelated.on('spawn', resolve));
        const start = Number(processStartTime(unrelated.pid!)) - 1000;
        writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: unrelated.pid, start: String(start) }));
        const release = acquireDataDirLock(dir);
        expect(JSON.parse(readFileSync(path.join(dir, 'server.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
        release();
      } finally {
        unrelated.kill();
      }
    },
  );

  it('takes over a stale lock left by a process that died', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'server.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });

  it('takes over a lock file with garbage in it', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'server.lock'), 'not a pid');
    acquireDataDirLock(dir)();
  });
});
