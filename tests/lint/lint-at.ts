// The project's own lint config run over a source as if it stood at a path of the tree: what the tests
// of tests/lint use to prove a rule of eslint.config.js (the violation fails, its neighbour passes).
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint | undefined;

/**
 * The messages for `source` placed at `filePath` (from the project's root). The first call loads the
 * config and the TypeScript parser: seconds on a busy machine, so a test file makes it in `beforeAll`.
 */
export async function lintAt(filePath: string, source: string): Promise<Linter.LintMessage[]> {
  eslint ??= new ESLint({ cwd: root });
  const [result] = await eslint.lintText(source, { filePath: path.join(root, filePath) });
  return result?.messages ?? [];
}
