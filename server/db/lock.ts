// PGlite takes no lock of its own: two processes on one data directory corrupt it (ARCHITECTURE,
// "The embedded database"). This lock file holds the owner's pid and when that process started; a live
// owner makes start fail fast. A pid alone is not enough: after a crash and a reboot the recorded pid
// may belong to an unrelated process, which must not keep the server from starting.
import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  readonly lockFile: string;
  readonly pid: number;

  constructor(lockFile: string, pid: number) {
    super(
      `Another Profiles server (pid ${pid}) is using ${path.dirname(lockFile)}. ` + 'Stop it first, or set DATA_DIR to another folder.',
    );
    this.lockFile = lockFile;
    this.pid = pid;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When process `pid` started, in clock ticks since boot (Linux /proc), or undefined where /proc is
 * not there. A pid reused by another process has another start time.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in brackets may hold spaces and brackets: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19];
  } catch {
    return undefined;
  }
}

interface LockRecord {
  pid: number;
  start?: string;
}

function readLock(lockFile: string): LockRecord | undefined {
  const raw = readFileSync(lockFile, 'utf8').trim();
  try {
    const parsed = JSON.parse(raw) as Partial<LockRecord>;
    if (typeof parsed === 'number') return { pid: parsed };
    if (Number.isInteger(parsed.pid) && (parsed.pid ?? 0) > 0) return { pid: parsed.pid!, start: parsed.start };
  } catch {
    // Not JSON: garbage, treated as a stale lock.
  }
  return undefined;
}

/** Whether the lock's owner is still the process that wrote it (not just any process with its pid). */
function isHeld(record: LockRecord): boolean {
  if (record.pid === process.pid || !isAlive(record.pid)) return false;
  if (record.start === undefined) return true;
  const start = processStartTime(record.pid);
  return start === undefined || start === record.start;
}

/** Takes the data directory lock or throws DataDirLockedError; returns the release function. */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, start: processStartTime(process.pid) } satisfies LockRecord));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const record = readLock(lockFile);
      if (record && isHeld(record)) throw new DataDirLockedError(lockFile, record.pid);
      // A stale lock from a process that died without cleaning up, or whose pid now belongs to an
      // unrelated process: take it over.
      unlinkSync(lockFile);
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}
