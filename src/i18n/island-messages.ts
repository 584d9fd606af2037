// The strings a page ships its island, read from the island's own code at build time (decision 304):
// every dictionary key written in the files the island reaches through its imports (its folder, the
// components, src/lib, the key tables of src/i18n), lazy imports included, and nothing else. No list
// is kept by hand, so a key an island starts to use is shipped by the next build.
//
// How a key is written so it can be read here:
// - as a literal ('profile.save'), anywhere in a reached file (a table of keys counts too);
// - a key built at run time is a template with its first words written out (`profile.status.${status}`):
//   the page ships every key the template can stand for. A template that starts with a hole
//   (`${base}.${name}`) cannot be read and is reported (`unreadableKeys`; a test keeps it empty).
// The library's own words (`libText(locale, 'error.some')`) are not the island's: every page ships those
// in its data block (src/lib/base/lib-messages.ts). Only screens and tests use this module: its sources are
// read as text by the build and never reach a browser.
import type { Locale } from '../../contract/locale.ts';
import { dictionaries, pickMessages, type MessageKey } from './index.ts';

/** Source files by their path from the project's root (`src/islands/profile/ProfileApp.tsx`). */
export type Sources = Readonly<Record<string, string>>;

const globbed = import.meta.glob<string>(
  ['../islands/**/*.{ts,tsx}', '../components/**/*.{ts,tsx}', '../lib/**/*.ts', './*-keys.ts', '!**/*.test.{ts,tsx}'],
  { query: '?raw', import: 'default', eager: true },
);
const siteSources: Sources = Object.fromEntries(Object.entries(globbed).map(([file, code]) => [joinPath('src/i18n', file), code]));

const importPattern = /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const keyLiteral = /['"`]([\w-]+(?:\.[\w-]+)+)['"`]/g;
// A template with its first words written out; its holes are one word of a key each.
const keyTemplate = /`((?:[\w-]+\.)+(?:[\w.-]|\$\{[^}`]*\})*)`/g;
const hole = /\$\{[^}`]*\}/;
// A key a translate call builds with nothing written before its first hole.
const holeFirst = /\bt\(\s*`\$\{/g;
// The library's own words: shipped on every page in its data block, not the island's. The block's
// table of keys, and any key written as `libText`'s argument.
const libTable = 'src/lib/base/lib-messages.ts';
const libWords = /\blibText\(\s*[^,]+?,\s*(['"`])(?:(?!\1)[^\n])*\1/g;

function joinPath(dir: string, relative: string): string {
  const parts = dir.split('/');
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

function dirOf(file: string): string {
  return file.slice(0, file.lastIndexOf('/'));
}

/** What `entry` and every file it reaches name: the keys, and the templates that start with a hole (file: code). */
export function keysNamedBy(entry: string, sources: Sources, known: ReadonlySet<string>): { keys: Set<string>; unreadable: string[] } {
  const keys = new Set<string>();
  const unreadable: string[] = [];
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = sources[file];
    if (source === undefined || file === libTable) continue;
    const code = source.replace(libWords, '');
    for (const match of code.matchAll(keyLiteral)) if (known.has(match[1]!)) keys.add(match[1]!);
    for (const match of code.matchAll(keyTemplate)) {
      if (!hole.test(match[1]!)) continue;
      const written = match[1]!.split(/\$\{[^}`]*\}/).map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'));
      const pattern = new RegExp(`^${written.join('[\\w-]+')}$`);
      for (const key of known) if (pattern.test(key)) keys.add(key);
    }
    for (const match of code.matchAll(holeFirst))
      unreadable.push(`${file}: ${code.slice(match.index, code.indexOf(')', match.index) + 1)}`);
    for (const match of code.matchAll(importPattern)) queue.push(joinPath(dirOf(file), match[1] ?? match[2]!));
  }
  return { keys, unreadable };
}

const knownKeys = new Set(Object.keys(dictionaries.en_GB));
const keysByEntry = new Map<string, MessageKey[]>();

/** The island file under src/islands/ (`profile/ProfileApp.tsx`) as a path from the project's root. */
function islandPath(island: string): string {
  return `src/islands/${island}`;
}

/**
 * Every key the island at `island` (`profile/ProfileApp.tsx`, under src/islands/) names, in the order
 * its files name them (neighbouring keys compress well together).
 */
export function islandMessageKeys(island: string): MessageKey[] {
  let keys = keysByEntry.get(island);
  if (!keys) {
    const entry = islandPath(island);
    if (siteSources[entry] === undefined) throw new Error(`No island at ${entry}`);
    keys = [...keysNamedBy(entry, siteSources, knownKeys).keys] as MessageKey[];
    keysByEntry.set(island, keys);
  }
  return keys;
}

/** The keys built in a way this module cannot read, in the files `island` reaches (empty when all is well). */
export function unreadableKeys(island: string): string[] {
  return keysNamedBy(islandPath(island), siteSources, knownKeys).unreadable;
}

/**
 * The strings the island at `island` (`profile/ProfileApp.tsx`) names, in `locale`: what its page
 * passes it as `messages`. Typed as the whole dictionary because every key the island's code names is in it.
 */
export function islandMessages(locale: Locale, island: string): Record<MessageKey, string> {
  return pickMessages(locale, islandMessageKeys(island)) as Record<MessageKey, string>;
}
