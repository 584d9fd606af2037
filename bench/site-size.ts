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
  jsGzip: number;
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

const staticImport = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["']([^"']+\.js)["']/g;

function jsClosure(entries: string[]): Set<string> {
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

export function measurePages(): PageSize[] {
  return htmlFiles(dist)
    .map((file) => {
      const html = readFileSync(file);
      const js = jsClosure(jsEntriesOf(html.toString('utf8')));
      let jsGzip = 0;
      for (const f of js) {
        try {
          jsGzip += gzipSync(readFileSync(f), { level: 9 }).length;
        } catch {
          // A referenced file that does not exist is reported by the browser tests, not here.
        }
      }
      const page = `/${path.relative(dist, file)}`.replace(/index\.html$/, '').replace(/\.html$/, '');
      return { page, htmlBytes: html.length, htmlGzip: gzipSync(html, { level: 9 }).length, jsFiles: js.size, jsGzip };
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
  console.log('page'.padEnd(40), 'HTML'.padStart(10), 'HTML gz'.padStart(10), 'JS files'.padStart(9), 'JS gz'.padStart(10));
  for (const p of pages) {
    console.log(p.page.padEnd(40), kb(p.htmlBytes).padStart(10), kb(p.htmlGzip).padStart(10), String(p.jsFiles).padStart(9), kb(p.jsGzip).padStart(10));
  }
}

if (import.meta.main) {
  const seconds = buildSite();
  console.log(`build time: ${seconds.toFixed(1)} s`);
  printPages(measurePages());
}
