// Every key an island's own code names is in what its page ships (decision 261): a key the page did
// not pick would show as the key itself. The pairs come from the screens (`<Island … messages=
// {pickMessages(locale, list)}>`), the keys from the island's files, following its imports inside
// src/islands/. Shared components (src/components/) are not followed: a file there serves islands
// that use only part of it, so its keys are the lists' to name.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dictionaries } from './index.ts';

const root = path.resolve(import.meta.dirname, '../..');
const screens = path.join(root, 'src/screens');
const known = new Set(Object.keys(dictionaries.en_GB));
const importPattern = /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const keyLiteral = /['"`]([\w-]+(?:\.[\w-]+)+)['"`]/g;

/** The dictionary keys named in `entry` and the island files it reaches. */
function keysNamedBy(entry: string): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(keyLiteral)) if (known.has(match[1]!)) keys.add(match[1]!);
    for (const match of code.matchAll(importPattern)) {
      const target = path.resolve(path.dirname(file), match[1] ?? match[2]!);
      if (target.startsWith(path.join(root, 'src/islands')) && /\.tsx?$/.test(target) && !target.includes('.test.')) queue.push(target);
    }
  }
  return keys;
}

interface Mount {
  screen: string;
  island: string;
  entry: string;
  list: string;
  listModule: string | undefined;
}

/** Each island a screen mounts with the list its page picks for it. */
function mounts(): Mount[] {
  return readdirSync(screens)
    .filter((name) => name.endsWith('.astro'))
    .flatMap((screen) => {
      const source = readFileSync(path.join(screens, screen), 'utf8');
      const importOf = (name: string) =>
        new RegExp(`import\\s+(?:${name}\\b|\\{[^}]*\\b${name}\\b[^}]*\\})\\s+from\\s+'([^']+)'`).exec(source)?.[1];
      return [...source.matchAll(/<(\w+)\s+client:[^>]*?messages=\{pickMessages\(locale, (\w+)\)\}/g)].map(([, island, list]) => {
        const listModule = importOf(list!);
        return {
          screen,
          island: island!,
          entry: path.resolve(screens, importOf(island!)!),
          list: list!,
          listModule: listModule && path.resolve(screens, listModule),
        };
      });
    });
}

describe('the strings a page ships its island', () => {
  const found = mounts();
  const checked = found.filter((mount) => mount.listModule);

  it('are found for every island the screens mount with an imported list', () => {
    expect(found.length).toBeGreaterThanOrEqual(20);
    expect(checked.length).toBeGreaterThanOrEqual(18);
  });

  it.each(checked.map((mount) => [`${mount.screen} ${mount.island}`, mount] as const))('hold every key %s names', async (_, mount) => {
    const shipped = new Set<string>((await import(mount.listModule!))[mount.list] as readonly string[]);
    const missing = [...keysNamedBy(mount.entry)].filter((key) => !shipped.has(key));
    expect(missing, `${mount.island} names keys ${mount.screen} does not pick`).toEqual([]);
  });
});
