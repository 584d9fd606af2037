// Proves the size limits of eslint.config.js (decision 253): a file over the line limit and a function
// over the function limit are rejected, blank lines and comments are not counted, tests are not
// measured, and no file is excepted.
import { beforeAll, describe, expect, it } from 'vitest';
import { lintAt } from './lint-at.ts';

beforeAll(async () => {
  await lintAt('contract/warm-up.ts', 'export {};\n');
}, 60_000);

async function sizeErrors(filePath: string, source: string): Promise<string[]> {
  return (await lintAt(filePath, source))
    .filter((m) => m.ruleId === 'max-lines' || m.ruleId === 'max-lines-per-function')
    .map((m) => m.ruleId!);
}

/** A function `lines` lines long, a statement a line. */
const functionOf = (lines: number, name = 'f') =>
  `export function ${name}(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(lines - 4)}  return n;\n}\n`;
/** A file of `functions` functions of 100 lines each, one blank line between them. */
const fileOf = (functions: number) => Array.from({ length: functions }, (_, i) => functionOf(100, `f${i}`)).join('\n');

describe('the size limits', () => {
  it('reject a function over 150 lines and pass one of 150', async () => {
    expect(await sizeErrors('server/fixture.ts', functionOf(151))).toEqual(['max-lines-per-function']);
    expect(await sizeErrors('src/lib/fixture.ts', functionOf(150))).toEqual([]);
  }, 60_000);

  it('reject a file over 400 lines and pass one of 400', async () => {
    // Four functions of 100 lines and three blank lines between them: 400 lines counted.
    expect(await sizeErrors('contract/fixture.ts', fileOf(4))).toEqual([]);
    expect(await sizeErrors('contract/fixture.ts', `${fileOf(4)}export const more = 1;\n`)).toEqual(['max-lines']);
  }, 60_000);

  it('count neither blank lines nor comments', async () => {
    const padded = functionOf(150).replace('  return n;', `${'  // why\n\n'.repeat(200)}  return n;`);
    expect(await sizeErrors('server/fixture.ts', padded)).toEqual([]);
  }, 60_000);

  it('do not measure tests', async () => {
    expect(await sizeErrors('server/fixture.test.ts', `${fileOf(5)}${functionOf(200, 'long')}`)).toEqual([]);
  }, 60_000);

  it('hold every file, those once excepted too', async () => {
    for (const file of ['src/islands/company/WorkspaceApp.tsx', 'server/realtime/hub.ts', 'src/islands/auth/LoginForm.tsx']) {
      expect(await sizeErrors(file, functionOf(151)), file).toEqual(['max-lines-per-function']);
      expect(await sizeErrors(file, `${fileOf(4)}export const more = 1;\n`), file).toEqual(['max-lines']);
    }
  }, 60_000);
});
