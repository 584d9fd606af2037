// Proves the one way to hold server data (decision 236): only src/lib/stores/query.ts makes fetcher
// stores, and a store that moved to it keeps no read's answer in an atom of its own and no loading
// state by hand. Each rejected source has an allowed neighbour, so a rule that rejects everything fails.
import { beforeAll, describe, expect, it } from 'vitest';
import { lintAt } from './lint-at.ts';

beforeAll(async () => {
  await lintAt('contract/warm-up.ts', 'export {};\n');
}, 60_000);

/** The messages of the rules decision 236 adds for `source` placed at `filePath`. */
async function serverDataErrors(filePath: string, source: string): Promise<string[]> {
  return (await lintAt(filePath, source))
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

const makesFetcherStores = "import { nanoquery } from '@nanostores/query';\nexport const made = nanoquery;\n";

describe('one way to hold server data', () => {
  it('lets only query.ts make fetcher stores: a store, an island, a component and the transport may not', async () => {
    expect(await serverDataErrors('src/lib/stores/query.ts', makesFetcherStores)).toEqual([]);
    for (const file of [
      'src/lib/stores/fixture.ts',
      'src/islands/careers/fixture.tsx',
      'src/components/fixture.tsx',
      'src/lib/api/fixture.ts',
    ]) {
      const errors = await serverDataErrors(file, makesFetcherStores);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]).toContain('decision 236');
    }
  }, 60_000);

  it('rejects a read’s answer kept in an atom by hand, and passes a write’s answer shown with put()', async () => {
    const byHand =
      "import { atom } from 'nanostores';\nconst $list = atom<number[]>([]);\nexport async function load(read: () => Promise<number[]>) {\n  $list.set(await read());\n}\n";
    const errors = await serverDataErrors('src/lib/stores/fixture.ts', byHand);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('kept in an atom by hand');
    const throughPut =
      "import { put } from './query.ts';\nexport async function save(write: () => Promise<number[]>) {\n  const saved = await write();\n  put('me/list', saved);\n}\n";
    expect(await serverDataErrors('src/lib/stores/fixture.ts', throughPut)).toEqual([]);
  }, 60_000);

  it('rejects a loading state kept by hand, and passes a status that is the data’s own', async () => {
    const byHand = "import { atom } from 'nanostores';\nexport const $list = atom({ status: 'loading', items: [] as number[] });\n";
    const errors = await serverDataErrors('src/lib/stores/fixture.ts', byHand);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('loading state kept by hand');
    const dataOwn = "export const decided = { status: 'accepted' } as const;\n";
    expect(await serverDataErrors('src/lib/stores/fixture.ts', dataOwn)).toEqual([]);
  }, 60_000);

  it('holds the moved stores to it, and lifts it only for a store not yet moved', async () => {
    const byHand = "import { atom } from 'nanostores';\nexport const $x = atom({ status: 'idle' });\n";
    for (const moved of [
      'src/lib/stores/workspace.ts',
      'src/lib/stores/workspace-careers.ts',
      'src/lib/stores/careers.ts',
      'src/lib/stores/profile.ts',
      'src/lib/stores/settings.ts',
      'src/lib/stores/security.ts',
    ]) {
      expect(await serverDataErrors(moved, byHand), moved).toHaveLength(1);
    }
    expect(await serverDataErrors('src/lib/stores/search.ts', byHand)).toEqual([]);
  }, 60_000);
});
