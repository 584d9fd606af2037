// Proves the one way to hold server data (decisions 236 and 295): only src/lib/stores/query.ts makes
// fetcher stores, and no store keeps a read's answer in an atom of its own or a loading state by hand.
// Each rejected source has an allowed neighbour, so a rule that rejects everything fails.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintAt } from './lint-at.ts';

const root = path.resolve(import.meta.dirname, '../..');

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

  it('holds every store to it, those moved last included: no store is excepted', async () => {
    const byHand = "import { atom } from 'nanostores';\nexport const $x = atom({ status: 'idle' });\n";
    const stores = readdirSync(path.join(root, 'src/lib/stores'))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'query.ts')
      .map((file) => `src/lib/stores/${file}`);
    expect(stores).toEqual(
      expect.arrayContaining(['src/lib/stores/notifications.ts', 'src/lib/stores/search.ts', 'src/lib/stores/activities.ts']),
    );
    for (const store of stores) expect(await serverDataErrors(store, byHand), store).toHaveLength(1);
    // A store's test may arrange data by hand.
    expect(await serverDataErrors('src/lib/stores/notifications.test.ts', byHand)).toEqual([]);
  }, 60_000);
});
