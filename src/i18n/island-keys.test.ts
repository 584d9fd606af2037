// The strings a page ships its island are read from the island's code (island-messages.ts, decision
// 304), so a key the island names is never left out of its page: this proves the reading (a key in an
// imported component, in a lazily imported form, a key built by a template, the library's own words left
// to the page's data block) and holds the screens and the islands to the two rules it needs: every
// island a screen mounts takes its strings from islandMessages for the file it mounts, and no key is
// built in a way the reading cannot follow.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dictionaries } from './index.ts';
import { islandMessageKeys, islandMessages, keysNamedBy, unreadableKeys } from './island-messages.ts';

const root = path.resolve(import.meta.dirname, '../..');
const screens = path.join(root, 'src/screens');
const known = new Set(['a.title', 'a.save', 'b.form.name', 'b.form.email', 'c.status.open', 'c.status.closed', 'd.lib', 'e.unused']);

interface Mount {
  screen: string;
  island: string;
  imported: string;
  messages: string;
}

/** Each island a screen mounts with the file it imports it from and what it passes as `messages`. */
function mounts(): Mount[] {
  return readdirSync(screens)
    .filter((name) => name.endsWith('.astro'))
    .flatMap((screen) => {
      const source = readFileSync(path.join(screens, screen), 'utf8');
      return [...source.matchAll(/<(\w+)\s+client:[^>]*?\bmessages=\{([^}]*\))\}/g)].map(([, island, messages]) => ({
        screen,
        island: island!,
        imported: new RegExp(`import\\s+${island}\\s+from\\s+'\\.\\./islands/([^']+)'`).exec(source)?.[1] ?? '',
        messages: messages!,
      }));
    });
}

describe('the keys an island names (island-messages.ts)', () => {
  const sources = {
    'src/islands/a/App.tsx': "import Form from '../../components/Form.tsx';\nconst Lazy = lazy(() => import('./Lazy.tsx'));\nt('a.title');",
    'src/islands/a/Lazy.tsx': 't(`c.status.${status}`);',
    'src/components/Form.tsx': "import { word } from '../lib/word.ts';\nconst labels = { name: 'b.form.name' };",
    'src/lib/word.ts': "export const word = (locale) => libText(locale, 'd.lib');",
    'src/islands/a/Other.tsx': "t('e.unused');",
  };

  it('are the keys written in the files it reaches, lazy imports and key tables included', () => {
    expect([...keysNamedBy('src/islands/a/App.tsx', sources, known).keys].sort()).toEqual([
      'a.title',
      'b.form.name',
      'c.status.closed',
      'c.status.open',
    ]);
  });

  it('leave out the library’s own words and files the island does not import', () => {
    const { keys } = keysNamedBy('src/islands/a/App.tsx', sources, known);
    expect(keys.has('d.lib')).toBe(false);
    expect(keys.has('e.unused')).toBe(false);
  });

  it('report a key built with nothing written before its first hole', () => {
    const { unreadable } = keysNamedBy('src/islands/a/App.tsx', { 'src/islands/a/App.tsx': 't(`${base}.${name}`);' }, known);
    expect(unreadable).toEqual(['src/islands/a/App.tsx: t(`${base}.${name}`)']);
  });

  it('are what the page ships, in its language', () => {
    const keys = islandMessageKeys('auth/LoginForm.tsx');
    expect(keys).toContain('account.field.password');
    const uk = islandMessages('uk_UA', 'auth/LoginForm.tsx');
    expect(Object.keys(uk)).toEqual(keys);
    expect(uk['account.field.password']).toBe(dictionaries.uk_UA['account.field.password']);
  });
});

describe('the strings a page ships its island', () => {
  const found = mounts();

  it('are found for every island the screens mount', () => {
    expect(found.length).toBeGreaterThanOrEqual(20);
  });

  it.each(found.map((mount) => [`${mount.screen} ${mount.island}`, mount] as const))(
    '%s: are the keys the mounted island names',
    (_, mount) => {
      expect(mount.imported, `${mount.screen} imports ${mount.island} from src/islands`).not.toBe('');
      expect(mount.messages).toBe(`islandMessages(locale, '${mount.imported}')`);
      expect(unreadableKeys(mount.imported), `${mount.island} builds keys the build cannot read`).toEqual([]);
    },
  );
});
