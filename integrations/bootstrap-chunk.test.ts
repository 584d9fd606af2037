// The bootstrap's group: what the base script imports statically lands in one chunk with it, and
// nothing else does (a module only another entry imports, or one the script loads later, stays apart).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { bootstrapChunk, staticClosure } from './bootstrap-chunk.ts';

describe('the bootstrap chunk', () => {
  it('walks static imports only, through cycles', () => {
    const graph: Record<string, string[]> = { base: ['a', 'b'], a: ['b', 'base'], b: [], later: ['c'], c: [] };
    const closure = staticClosure(
      { getModuleIds: () => Object.keys(graph).values(), getModuleInfo: (id) => ({ importedIds: graph[id] ?? [] }) },
      'base',
    );
    expect([...closure].sort()).toEqual(['a', 'b', 'base']);
  });

  it('puts the base script and its static imports in one chunk, and leaves the rest apart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bootstrap-chunk-'));
    const file = (name: string, code: string) => writeFileSync(path.join(dir, name), code);
    file('base.js', "import { a } from './a.js';\nimport { b } from './b.js';\nconsole.log(a(), b());\nvoid import('./later.js');\n");
    file('page.js', "import { a } from './a.js';\nimport { c } from './c.js';\nconsole.log(a(), c());\n");
    file('a.js', "export function a() {\n  return document.title + 'a';\n}\n");
    file('b.js', "export function b() {\n  return document.title + 'b';\n}\n");
    file('c.js', "export function c() {\n  return document.title + 'c';\n}\n");
    file('later.js', "console.log('later');\n");
    const bootstrap = bootstrapChunk(/base\.js$/);
    const built = await build({
      configFile: false,
      logLevel: 'silent',
      root: dir,
      plugins: [bootstrap.plugin],
      build: {
        write: false,
        minify: false,
        rollupOptions: {
          input: { base: path.join(dir, 'base.js'), page: path.join(dir, 'page.js') },
          output: { codeSplitting: { groups: [{ name: 'bootstrap', test: bootstrap.test }] } },
        },
      },
    });
    const output = (Array.isArray(built) ? built : [built]).flatMap((result) => ('output' in result ? result.output : []));
    const chunkOf = (name: string) =>
      output.find((chunk) => chunk.type === 'chunk' && Object.keys(chunk.modules).some((id) => id.endsWith(`/${name}`)));
    // a is shared with the page: left to the bundler it would be a file of its own.
    expect(chunkOf('a.js')).toBe(chunkOf('base.js'));
    expect(chunkOf('b.js')).toBe(chunkOf('base.js'));
    expect(chunkOf('c.js')).not.toBe(chunkOf('base.js'));
    expect(chunkOf('later.js')).not.toBe(chunkOf('base.js'));
  });
});
