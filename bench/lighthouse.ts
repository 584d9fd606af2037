// Lighthouse on the signed-out pages (mobile form factor, the CLI's default) against the built site
// served by a server this script starts, in Debian's Chromium. Prints the four category scores out of
// 100 and the largest contentful paint, the median of five runs (the target: 100 ×4, LCP ≤ 1.5 s).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startServer } from './api-load.ts';

const root = path.resolve(import.meta.dirname, '..');
const chromeFlags = '--headless=new --no-sandbox --disable-gpu --disable-background-networking';
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The pages held to 100 ×4 with LCP ≤ 1.5 s, and /verify (100 ×4), in both languages. */
export const lighthousePages = ['/login', '/create-account', '/invitation', '/verify', '/uk/verify'];

export interface LighthouseScores {
  page: string;
  /** Median largest contentful paint, in milliseconds. */
  lcpMs: number;
  /** Median of the runs, per category. */
  scores: Record<(typeof categories)[number], number>;
  runs: Record<string, number[]>;
}

function runLighthouse(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js'),
        url,
        '--form-factor=mobile',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--only-categories=${categories.join(',')}`,
        `--chrome-flags=${chromeFlags}`,
      ],
      {
        cwd: root,
        env: { ...process.env, CHROME_PATH: process.env['CHROME_PATH'] ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`lighthouse exited with ${code}`))));
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Starts a server on `port`, runs Lighthouse `runs` times on each page and stops the server. The
 * median per category is reported: simulated throttling on a shared two-core machine moves the
 * performance score by a few points from run to run.
 */
export async function runLighthouseBenchmarks(
  pages: string[] = lighthousePages,
  port = Number(process.env['LIGHTHOUSE_PORT'] ?? 4393),
  runs = Number(process.env['LIGHTHOUSE_RUNS'] ?? 5),
  prepare?: (url: string) => Promise<void>,
): Promise<LighthouseScores[]> {
  const server = await startServer(port);
  try {
    // What the pages need first, on this server's fresh data (a public profile turned on, say).
    await prepare?.(server.url);
    const results: LighthouseScores[] = [];
    for (const page of pages) {
      const samples: Record<string, number[]> = Object.fromEntries(categories.map((name) => [name, []]));
      const lcp: number[] = [];
      for (let run = 0; run < runs; run++) {
        // Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: one more try.
        const raw = await runLighthouse(`${server.url}${page}`).catch(() => runLighthouse(`${server.url}${page}`));
        const report = JSON.parse(raw) as {
          categories: Record<string, { score: number | null }>;
          audits: Record<string, { numericValue?: number }>;
        };
        lcp.push(report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
        for (const name of categories) samples[name]!.push(Math.round((report.categories[name]?.score ?? 0) * 100));
      }
      const scores = Object.fromEntries(categories.map((name) => [name, median(samples[name]!)])) as LighthouseScores['scores'];
      results.push({ page, scores, lcpMs: median(lcp), runs: samples });
    }
    return results;
  } finally {
    await server.stop();
  }
}

export function printLighthouse(results: LighthouseScores[]): void {
  console.log('page'.padEnd(20), ...categories.map((name) => name.padStart(15)), 'LCP'.padStart(9));
  for (const { page, scores, lcpMs } of results) {
    console.log(
      page.padEnd(20),
      ...categories.map((name) => String(scores[name]).padStart(15)),
      `${(lcpMs / 1000).toFixed(2)} s`.padStart(9),
    );
  }
  for (const { page, runs } of results) {
    console.log(`${page} performance runs: ${runs['performance']?.join(', ')} (median shown)`);
  }
}

if (import.meta.main) {
  printLighthouse(await runLighthouseBenchmarks(process.argv.slice(2).length ? process.argv.slice(2) : lighthousePages));
}
