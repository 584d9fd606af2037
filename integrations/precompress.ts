// Writes a Brotli (.br) and a gzip (.gz) twin of every text file in dist/ at build end, so the
// embedded server (and nginx with gzip_static/brotli_static) sends compressed files without
// compressing on each request. CDNs compress on their own and ignore the twins.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';

export const compressibleExtensions = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.xml', '.txt', '.webmanifest']);
// Below this a compressed answer saves less than its headers cost.
const minimumBytes = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Writes the twins of every compressible file under `dir`; returns how many files got them. */
export async function precompressDirectory(dir: string): Promise<number> {
  let count = 0;
  for await (const file of filesUnder(dir)) {
    if (!compressibleExtensions.has(path.extname(file).toLowerCase())) continue;
    if ((await stat(file)).size < minimumBytes) continue;
    const body = await readFile(file);
    await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
    count += 1;
  }
  return count;
}

export function precompress(): AstroIntegration {
  return {
    name: 'profiles:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const count = await precompressDirectory(fileURLToPath(dir));
        logger.info(`wrote .br and .gz twins of ${count} files`);
      },
    },
  };
}
