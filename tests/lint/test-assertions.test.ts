// Proves the test-file rule of eslint.config.js: an assertion inside a catch (which passes when
// nothing throws) is rejected, and the form that fails when nothing throws passes.
import { beforeAll, describe, expect, it } from 'vitest';
import { lintAt } from './lint-at.ts';

beforeAll(async () => {
  await lintAt('contract/warm-up.ts', 'export {};\n');
}, 60_000);

async function syntaxErrors(filePath: string, source: string): Promise<string[]> {
  return (await lintAt(filePath, source)).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const header = "import { expect, it } from 'vitest';\nconst act = async (): Promise<void> => {};\n";

describe('a test file', () => {
  it.each(['server/fixture.test.ts', 'src/lib/fixture.test.ts', 'tests/e2e/fixture.spec.ts'])(
    '%s may not assert inside a catch',
    async (file) => {
      const source = `${header}it('x', async () => {\n  try {\n    await act();\n  } catch (error) {\n    expect(error).toMatchObject({ status: 404 });\n  }\n});\n`;
      expect(await syntaxErrors(file, source)).toEqual([
        'An assertion in a catch passes when nothing throws: use expect(...).rejects or toThrow.',
      ]);
    },
    60_000,
  );

  it('may assert that a promise rejects', async () => {
    const source = `${header}it('x', async () => {\n  await expect(act()).rejects.toMatchObject({ status: 404 });\n});\n`;
    expect(await syntaxErrors('server/fixture.test.ts', source)).toEqual([]);
  }, 60_000);
});
