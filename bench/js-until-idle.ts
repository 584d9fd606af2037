// The JavaScript budgets as a person meets them (decision 162): every JavaScript file a page
// really loads until the network is idle, in headless Chromium against the built site: the sign-in and
// sign-up forms (both languages, and again after the form's first use) and /invitation signed out, the
// signed-in pages with their realtime connection. Sizes are the gzip of each file as built, like the
// static columns of site-size.ts, so the two can be compared.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { demoCompanySession, demoToken, startServer } from './api-load.ts';
import { shellAndKitChunk } from './site-size.ts';

const dist = path.resolve(import.meta.dirname, '..', 'dist');

/**
 * The budgeted pages (decision 162: the budgets as React really costs). `firstUseKb` is the
 * budget once the person has used the page's form (a focus and a keystroke), which loads its code.
 */
export interface IdleBudget {
  page: string;
  signedIn: boolean;
  maxKb: number;
  firstUseKb?: number;
  /** The company host, signed in to the demo company's workspace (the personal host otherwise). */
  companyHost?: boolean;
  /** Shown as the page in the figures when `page` holds a demo id resolved at run time. */
  label?: string;
}

const authForm = (page: string): IdleBudget => ({ page, signedIn: false, maxKb: 90, firstUseKb: 140 });
const signedInPage = (page: string): IdleBudget => ({ page, signedIn: true, maxKb: 180 });

export const idleBudgetPages: IdleBudget[] = [
  ...['/login/', '/uk/login/', '/create-account/', '/uk/create-account/', '/create-account/company/', '/uk/create-account/company/'].map(
    authForm,
  ),
  { page: '/invitation/', signedIn: false, maxKb: 90 },
  // The public verifier, signed out (its script and the credential checks, no framework).
  ...['/verify/', '/uk/verify/'].map((page) => ({ page, signedIn: false, maxKb: 90 })),
  // A made-up token: the page loads the same code for a valid one until the invitation's answer.
  { page: '/invitation/?token=bench-made-up-token', signedIn: false, maxKb: 130 },
  ...['/', '/careers/', '/settings/', '/notifications/', '/activities/', '/achievements/', '/uk/', '/search/', '/uk/search/'].map(
    signedInPage,
  ),
  // The demo person's verified job (its score history) and the workspace's employee detail
  // (Employees, then the first employee's Manage); `{job}` is her Northwind job's id.
  { ...signedInPage('/employment-details/{job}'), label: '/employment-details/{id}' },
  { ...signedInPage('/uk/employment-details/{job}'), label: '/uk/employment-details/{id}' },
  { page: '/#employees', signedIn: true, maxKb: 180, companyHost: true, label: 'workspace employee (company host)' },
  // The workspace's first tab, the brand page with its public page card (decision 211), as the owner.
  { page: '/#brand', signedIn: true, maxKb: 180, companyHost: true, label: 'workspace brand (company host)' },
];

export interface LoadedJs {
  page: string;
  signedIn: boolean;
  files: { file: string; gzip: number }[];
  gzip: number;
  /** Every file once the form was first used, where the page has a first-use budget. */
  afterFirstUse?: { files: number; gzip: number };
}

function gzipOf(urlPath: string): number {
  return gzipSync(readFileSync(path.join(dist, urlPath)), { level: 9 }).length;
}

const sizes = (loaded: Set<string>) => [...loaded].map((file) => ({ file, gzip: gzipOf(file) })).sort((a, b) => b.gzip - a.gzip);
const total = (files: { gzip: number }[]) => files.reduce((sum, f) => sum + f.gzip, 0);

/** Idle: nothing new for a second more (chunks a page asks for once its first code has run). */
async function untilQuiet(page: Page, loaded: Set<string>): Promise<void> {
  let count = -1;
  while (count !== loaded.size) {
    count = loaded.size;
    await page.waitForTimeout(1000);
  }
}

/** `only`: measure just the pages whose path or label contains one of these (`--only=careers,workspace`). */
export async function measureJsUntilIdle(
  port = Number(process.env['BENCH_IDLE_PORT'] ?? 4397),
  only: readonly string[] = [],
): Promise<LoadedJs[]> {
  const server = await startServer(port);
  // Launched inside the try: a browser that fails to start must not leave the server running.
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const token = await demoToken(server.url);
    const demo = await demoCompanySession(server.url);
    const companyUrl = server.url.replace('://localhost', '://company.localhost');
    const results: LoadedJs[] = [];
    const chosen = idleBudgetPages.filter((b) => only.length === 0 || only.some((part) => `${b.page} ${b.label ?? ''}`.includes(part)));
    for (const { page: pagePath, signedIn, firstUseKb, companyHost } of chosen) {
      // A new context each time: a cold cache, as on a first visit.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const origin = companyHost ? companyUrl : server.url;
      if (signedIn) await context.addCookies([{ name: 's-token', value: companyHost ? demo.companyToken : token, url: origin }]);
      const page = await context.newPage();
      const loaded = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === origin && url.pathname.endsWith('.js')) loaded.add(url.pathname);
      });
      await page.goto(`${origin}${pagePath.replace('{job}', String(demo.jobId))}`, { waitUntil: 'networkidle' });
      if (companyHost && pagePath.endsWith('#brand')) {
        // The public page card, once its settings are read (its form loads only when opened).
        await page.locator('.company-public-status').waitFor();
        await page.waitForLoadState('networkidle');
      } else if (companyHost) {
        // The employee detail is where the score history shows: open the first employee.
        await page.locator('[data-employment] .company-row-actions button').first().click();
        await page.locator('[data-managed-employment]').waitFor();
        await page.waitForLoadState('networkidle');
      }
      await untilQuiet(page, loaded);
      const files = sizes(loaded);
      const result: LoadedJs = { page: pagePath, signedIn, files, gzip: total(files) };
      if (firstUseKb !== undefined) {
        // First use: the person focuses the form's first field and types.
        const field = page.locator('form input:not([type=hidden])').first();
        await field.click();
        await field.pressSequentially('a');
        await page.waitForLoadState('networkidle');
        await untilQuiet(page, loaded);
        const all = sizes(loaded);
        result.afterFirstUse = { files: all.length, gzip: total(all) };
      }
      results.push(result);
      await context.close();
    }
    return results;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function printJsUntilIdle(results: LoadedJs[], verbose = false): void {
  console.log('JavaScript budgets (gzip, every file the page loads until the network is idle, headless Chromium):');
  const shellOrKit = shellAndKitChunk();
  for (const result of results) {
    const budget = idleBudgetPages.find((b) => b.page === result.page)!;
    const verdict = (bytes: number, maxKb: number) => (bytes <= maxKb * 1024 ? 'within' : 'OVER');
    const who = result.signedIn ? 'signed in' : 'signed out';
    console.log(
      `  ${(budget.label ?? result.page).padEnd(40)} ${kb(result.gzip).padStart(9)} of ${budget.maxKb} KB  ${verdict(result.gzip, budget.maxKb)}  (${result.files.length} files, ${who})`,
    );
    if (result.afterFirstUse && budget.firstUseKb !== undefined) {
      const after = result.afterFirstUse;
      console.log(
        `  ${'  after the form’s first use'.padEnd(40)} ${kb(after.gzip).padStart(9)} of ${budget.firstUseKb} KB  ${verdict(after.gzip, budget.firstUseKb)}  (${after.files} files)`,
      );
    }
    // The shell and the kit add at most 10 KB to any page.
    const kit = result.files.filter((f) => shellOrKit.test(path.basename(f.file))).reduce((sum, f) => sum + f.gzip, 0);
    console.log(`  ${'  the shell’s and the kit’s own chunks'.padEnd(40)} ${kb(kit).padStart(9)} of 10 KB  ${verdict(kit, 10)}`);
    if (verbose) for (const f of result.files) console.log(`      ${kb(f.gzip).padStart(9)}  ${f.file}`);
  }
}

if (import.meta.main) {
  const only =
    process.argv
      .find((arg) => arg.startsWith('--only='))
      ?.slice('--only='.length)
      .split(',') ?? [];
  printJsUntilIdle(await measureJsUntilIdle(undefined, only), process.argv.includes('--files'));
}
