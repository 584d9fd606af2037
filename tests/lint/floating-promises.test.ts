// Proves the type-aware rule of eslint.config.js: a promise nobody awaits is rejected wherever it
// stands (a test's unawaited `expect(…).rejects` passes whatever happens), and the forms that keep its
// failure, or say with `void` that nobody waits on purpose, pass.
import { beforeAll, describe, expect, it } from 'vitest';
import { lintTypedAt, type typedFixturePaths } from './lint-at.ts';

// The first typed lint builds the project's whole TypeScript program: about 10 s on a quiet machine,
// past 70 s in a run beside other work on two cores. Its bound is what a loaded machine needs; the hook
// ends as soon as the program is built.
const programBuild = 300_000;
const typedLint = 120_000;

beforeAll(async () => {
  await lintTypedAt('server/lint-fixture.ts', 'export {};\n');
}, programBuild);

async function floating(filePath: (typeof typedFixturePaths)[number], source: string): Promise<number[]> {
  const messages = await lintTypedAt(filePath, source);
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(fatal.message);
  return messages.filter((m) => m.ruleId === '@typescript-eslint/no-floating-promises').map((m) => m.line);
}

const save = 'export async function save(): Promise<void> {}\n';

describe('a promise nobody awaits', () => {
  it.each(['server/lint-fixture.ts', 'src/islands/lint-fixture.tsx'] as const)(
    'is refused in %s',
    async (file) => {
      expect(await floating(file, `${save}export function onClick(): void {\n  save();\n}\n`)).toEqual([3]);
    },
    typedLint,
  );

  it(
    'is refused in a test, where an unawaited rejects passes whatever happens',
    async () => {
      const source = `import { expect, it } from 'vitest';\n${save}it('x', () => {\n  expect(save()).rejects.toThrow();\n});\n`;
      expect(await floating('server/lint-fixture.test.ts', source)).toEqual([4]);
    },
    typedLint,
  );

  it(
    'passes when awaited, caught, or left with void on purpose',
    async () => {
      const source = `${save}export async function a(): Promise<void> {\n  await save();\n}\nexport function b(): void {\n  save().catch(() => undefined);\n}\nexport function c(): void {\n  void save();\n}\n`;
      expect(await floating('server/lint-fixture.ts', source)).toEqual([]);
    },
    typedLint,
  );
});
