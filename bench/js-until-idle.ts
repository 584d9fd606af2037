// Issue 9's budgets as a person meets them: every JavaScript file a page really loads until the network
// is idle, in headless Chromium against the built site: /login and /create-account signed out, the
// profile page signed in (with its realtime connection). Sizes are the gzip of each file as built,
// like the static columns of site-size.ts, so the two can be compared (decision 063).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { demoToken, startServer } from './api-load.ts';
import { shellAndKitChunk } from './site-size.ts';

const dist = path.resolve(import.meta.dirname, '..', 'dist');

export interface LoadedJs {
  page: string;
  signedIn: boolean;
  files: { file: string; gzip: number }[];
  gzip: number;
}

/** The budgeted pages, and whether each is measured signed in. */
export const idleBudgetPages: { page: string; signedIn: boolean; maxKb: number }[] = [
  { page: '/login/', signedIn: false, maxKb: 90 },
  { page: '/create-account/', signedIn: false, maxKb: 90 },
  { page: '/', signedIn: true, maxKb: 120 },
];

function gzipOf(urlPath: string): number {
  return gzipSync(readFileSync(path.join(dist, urlPath)), { level: 9 }).length;
}

export async function measureJsUntilIdle(port = Number(process.env['BENCH_IDLE_PORT'] ?? 4397)): Promise<LoadedJs[]> {
  const server = await startServer(port);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const token = await demoToken(server.url);
    const results: LoadedJs[] = [];
    for (const { page: pagePath, signedIn } of idleBudgetPages) {
      // A new context each time: a cold cache, as on a first visit.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (signedIn) await context.addCookies([{ name: 's-token', value: token, url: server.url }]);
      const page = await context.newPage();
      const loaded = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === server.url && url.pathname.endsWith('.js')) loaded.add(url.pathname);
      });
      await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' });
      // Idle: nothing new for a second more (chunks a page asks for once its first code has run).
      let count = -1;
      while (count !== loaded.size) {
        count = loaded.size;
        await page.waitForTimeout(1000);
      }
      const files = [...loaded].map((file) => ({ file, gzip: gzipOf(file) })).sort((a, b) => b.gzip - a.gzip);
      results.push({ page: pagePath, signedIn, files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function printJsUntilIdle(results: LoadedJs[], verbose = false): void {
  console.log('JavaScript budgets (gzip, every file the page loads until the network is idle, headless Chromium):');
  const shellOrKit = shellAndKitChunk();
  for (const result of results) {
    const budget = idleBudgetPages.find((b) => b.page === result.page)!;
    const verdict = result.gzip <= budget.maxKb * 1024 ? 'within' : 'OVER';
    const who = result.signedIn ? 'signed in' : 'signed out';
    console.log(`  ${result.page.padEnd(18)} ${kb(result.gzip).padStart(9)} of ${budget.maxKb} KB  ${verdict}  (${result.files.length} files, ${who})`);
    // Issue 9: the shell and the kit add at most 10 KB to any page.
    const kit = result.files.filter((f) => shellOrKit.test(path.basename(f.file))).reduce((total, f) => total + f.gzip, 0);
    console.log(`  ${''.padEnd(18)} ${kb(kit).padStart(9)} of 10 KB  ${kit <= 10 * 1024 ? 'within' : 'OVER'}  (the shell's and the kit's own chunks)`);
    if (verbose) for (const f of result.files) console.log(`      ${kb(f.gzip).padStart(9)}  ${f.file}`);
  }
}

if (import.meta.main) printJsUntilIdle(await measureJsUntilIdle(), process.argv.includes('--files'));
