// What a read costs, apart from what the machine is busy with: requests sent one at a time
// to one API process, each request's time (p50, p99), and the CPU the API process and the PostgreSQL
// backends serving it spent, per request. The CPU is read from /proc (Linux; the PostgreSQL server on
// this machine): the process's and the backends' CPU time (schedstat, in ns) before and after each request.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

/**
 * The CPU time `pid` has spent, in ms; 0 once it has gone. Read from each thread's schedstat (ns: a
 * cheap read costs a few ms, less than the 10 ms tick of /proc/<pid>/stat's user and system time),
 * or from the ticks where the kernel keeps no schedstat.
 */
function cpuMs(pid: number): number {
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`))
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return ns / 1e6;
  } catch {
    // no schedstat (or the process went): the ticks
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's closing bracket: state is field 3, utime 14 and stime 15 (1-based).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/** One input: what is asked for, and the request that asks it. */
export interface Input {
  label: string;
  send: () => Promise<number>;
}

export interface OneAtATime {
  label: string;
  requests: number;
  p50: number;
  p99: number;
  cpuPerRequest: number;
  /** The API process's share of it (the rest is PostgreSQL's). */
  apiCpuPerRequest: number;
  unexpected: number;
  /** Each request's time, ms, in ascending order. */
  times: number[];
}

export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * Sends each input `rounds` times, one request at a time (after two warm-ups), and reads the CPU the API
 * process `apiPid` and the backends connected to `databaseUrl`'s database spent meanwhile (a connection
 * of its own reads which backends those are, and is left out). Each process's time is read after every
 * request, so a backend the pool closes or opens during the run is counted for what it spent.
 */
export async function oneAtATime(apiPid: number, databaseUrl: string, inputs: Input[], rounds: number): Promise<OneAtATime[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seen = new Map<number, number>([[apiPid, cpuMs(apiPid)]]);
  const refreshBackends = async () => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) if (!seen.has(pid)) seen.set(pid, cpuMs(pid));
  };
  /** The CPU spent since the last look, by every process known, and by the API process of it. */
  const spent = () => {
    let sum = 0;
    let api = 0;
    for (const [pid, last] of seen) {
      const now = cpuMs(pid);
      if (now > last) sum += now - last;
      if (pid === apiPid && now > last) api += now - last;
      if (now === 0) seen.delete(pid);
      else seen.set(pid, now);
    }
    return { sum, api };
  };
  const results: OneAtATime[] = [];
  try {
    for (const input of inputs) {
      for (let i = 0; i < 2; i++) await input.send();
      await refreshBackends();
      spent();
      const times: number[] = [];
      let unexpected = 0;
      let cpu = 0;
      let apiCpu = 0;
      for (let i = 0; i < rounds; i++) {
        const start = performance.now();
        const status = await input.send();
        times.push(performance.now() - start);
        if (status !== 200) unexpected += 1;
        const { sum, api } = spent();
        cpu += sum;
        apiCpu += api;
        // A backend the pool opened for this request: from its start (its time before it served it is small).
        if (i % 10 === 9) await refreshBackends();
      }
      times.sort((a, b) => a - b);
      results.push({
        label: input.label,
        requests: rounds,
        p50: quantile(times, 0.5),
        p99: quantile(times, 0.99),
        cpuPerRequest: cpu / rounds,
        apiCpuPerRequest: apiCpu / rounds,
        unexpected,
        times,
      });
    }
  } finally {
    await client.end();
  }
  return results;
}

export function printOneAtATime(results: OneAtATime[], log: (line: string) => void): void {
  log(`${'input'.padEnd(72)} ${'CPU ms'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'not 200'.padStart(8)}`);
  for (const r of results)
    log(
      `${r.label.padEnd(72)} ${r.cpuPerRequest.toFixed(1).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.unexpected).padStart(8)}`,
    );
}
