// The page's bootstrap in one chunk: every page runs the base layout's script, and what it imports
// came out of the bundler as some thirty files of a few hundred bytes each, which every page then
// downloaded one by one, each compressed alone (the same bytes in one file are about a quarter smaller
// gzipped). The group takes exactly what that script imports statically, so no page loads a byte it
// did not load before; the larger libraries keep their own chunks (their groups come first).
import type { Plugin } from 'vite';

/** The base layout's script, as Astro names its module. */
const bootstrapEntry = /[\\/]src[\\/]layouts[\\/]Base\.astro\?astro&type=script/;

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module `entry` imports statically, itself included. */
export function staticClosure(graph: ModuleGraph, entry: string): Set<string> {
  const found = new Set<string>();
  const next = [entry];
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    next.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/** The plugin that reads the bootstrap's modules once the graph is known, and the group's test. */
export function bootstrapChunk(entryId: RegExp = bootstrapEntry): { plugin: Plugin; test: (id: string) => boolean } {
  let modules = new Set<string>();
  const plugin: Plugin = {
    name: 'profiles:bootstrap-chunk',
    apply: 'build',
    buildStart() {
      modules = new Set();
    },
    buildEnd() {
      const entry = [...this.getModuleIds()].find((id) => entryId.test(id));
      if (entry) modules = staticClosure(this, entry);
    },
  };
  return { plugin, test: (id) => modules.has(id) };
}
