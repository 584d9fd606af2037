// Builds the site (timed) and prints, per prerendered page, the HTML bytes and the gzip bytes of the
// JavaScript the page loads at start: its module scripts and islands plus their static imports.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

export interface PageSize {
  page: string;
  htmlBytes: number;
  htmlGzip: number;
  jsFiles: number;
  /** Gzip bytes of the JS a page loads at start (entries and their static imports). */
  jsGzip: number;
  /** The same plus every dynamically imported chunk it can go on to load (lazy forms, page steps). */
  jsGzipWithLazy: number;
}

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...htmlFiles(full));
    else if (entry.endsWith('.html')) out.push(full);
  }
  return out;
}

const staticImport = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'`]([^"'`]+\.js)["'`]/g;

const dynamicImport = /\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;

function jsClosure(entries: string[], followDynamic = false): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const match of source.matchAll(staticImport)) {
      queue.push(path.resolve(path.dirname(file), match[1]!));
    }
    if (followDynamic) {
      for (const match of source.matchAll(dynamicImport)) queue.push(path.resolve(path.dirname(file), match[1]!));
    }
  }
  return seen;
}

/** JS entry files a page references: module scripts, module preloads, island components and renderers. */
function jsEntriesOf(html: string): string[] {
  const urls = new Set<string>();
  const patterns = [
    /<script[^>]*\bsrc="([^"]+\.js)"/g,
    /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g,
    /\bcomponent-url="([^"]+)"/g,
    /\brenderer-url="([^"]+)"/g,
    /\bimport\s*\(?\s*["'](\/_astro\/[^"']+\.js)["']/g,
    /from\s*["'](\/_astro\/[^"']+\.js)["']/g,
  ];
  for (const pattern of patterns) for (const match of html.matchAll(pattern)) urls.add(match[1]!);
  return [...urls].filter((u) => u.startsWith('/')).map((u) => path.join(dist, u));
}

function gzipTotal(files: Set<string>): number {
  let total = 0;
  for (const f of files) {
    try {
      total += gzipSync(readFileSync(f), { level: 9 }).length;
    } catch {
      // A referenced file that does not exist is reported by the browser tests, not here.
    }
  }
  return total;
}

export function measurePages(): PageSize[] {
  return htmlFiles(dist)
    .map((file) => {
      const html = readFileSync(file);
      const entries = jsEntriesOf(html.toString('utf8'));
      const js = jsClosure(entries);
      const page = `/${path.relative(dist, file)}`.replace(/index\.html$/, '').replace(/\.html$/, '');
      return {
        page,
        htmlBytes: html.length,
        htmlGzip: gzipSync(html, { level: 9 }).length,
        jsFiles: js.size,
        jsGzip: gzipTotal(js),
        jsGzipWithLazy: gzipTotal(jsClosure(entries, true)),
      };
    })
    .sort((a, b) => a.page.localeCompare(b.page));
}

export function buildSite(): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('astro build failed');
  return (performance.now() - started) / 1000;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function printPages(pages: PageSize[]): void {
  console.log(
    'page'.padEnd(46),
    'HTML'.padStart(9),
    'HTML gz'.padStart(9),
    'JS files'.padStart(9),
    'JS gz start'.padStart(12),
    'JS gz +lazy'.padStart(12),
  );
  for (const p of pages) {
    console.log(
      p.page.padEnd(46),
      kb(p.htmlBytes).padStart(9),
      kb(p.htmlGzip).padStart(9),
      String(p.jsFiles).padStart(9),
      kb(p.jsGzip).padStart(12),
      kb(p.jsGzipWithLazy).padStart(12),
    );
  }
}

/**
 * Every chunk a page could ever load (its lazy chunks included, whether or not that page's state asks
 * for them), gzip. The budgets themselves are measured in the browser (js-until-idle.ts, decision 162).
 */
export const jsBudgets: { page: string; maxKb: number }[] = [
  { page: '/login/', maxKb: 90 },
  { page: '/create-account/', maxKb: 90 },
  { page: '/', maxKb: 120 },
];

/** A chunk of the kit or the shell: every component of src/components (a chunk is named after its first module), and the shell's own. */
export function shellAndKitChunk(): RegExp {
  const kit = readdirSync(path.join(root, 'src', 'components'))
    .filter((name) => name.endsWith('.tsx') && !name.includes('.test.'))
    .map((name) => name.replace(/\.tsx$/, ''));
  return new RegExp(
    `^(${[...kit, 'AccountMenu', 'accounts', 'notification-badge', 'shell', 'Default\\.astro_astro_type_script[^.]*'].join('|')})\\.`,
  );
}

/** Gzip bytes of the kit's and the shell's own chunks a page loads at start, or in any state (every lazy chunk too). */
export function shellAndKitGzip(page: string, withLazy = true): number {
  const html = readFileSync(path.join(dist, page, 'index.html'), 'utf8');
  const files = jsClosure(jsEntriesOf(html), withLazy);
  const ours = shellAndKitChunk();
  return gzipTotal(new Set([...files].filter((file) => ours.test(path.basename(file)))));
}

export function printBudgets(pages: PageSize[]): void {
  console.log('\nJavaScript a page could ever load (gzip, static imports plus every lazy chunk, any state):');
  for (const budget of jsBudgets) {
    const measured = pages.find((p) => p.page === budget.page);
    if (!measured) continue;
    console.log(`  ${budget.page.padEnd(18)} ${kb(measured.jsGzipWithLazy).padStart(9)}  (at start ${kb(measured.jsGzip)})`);
  }
  // The budget itself is judged in the browser, on what a page loads until idle, as the page budgets are
  // (js-until-idle.ts); these are the build's bounds: the first script's graph, and every lazy chunk.
  for (const page of ['/login/', '/']) {
    console.log(
      `  shell + kit chunks on ${page.padEnd(8)} at start ${kb(shellAndKitGzip(page, false))}, with every lazy chunk ${kb(shellAndKitGzip(page))}`,
    );
  }
}

if (import.meta.main) {
  const seconds = buildSite();
  console.log(`build time: ${seconds.toFixed(1)} s`);
  const pages = measurePages();
  printPages(pages);
  printBudgets(pages);
}
