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
  // Sources at paths that exist nowhere on disk are in no TypeScript program: the type-aware rule is
  // proven by `lintTypedAt`, and every other rule is read without types, as fast as before.
  eslint ??= new ESLint({
    cwd: root,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parserOptions: { projectService: false } },
        rules: { '@typescript-eslint/no-floating-promises': 'off' },
      },
    ],
  });
  const [result] = await eslint.lintText(source, { filePath: path.join(root, filePath) });
  return result?.messages ?? [];
}

/**
 * Type-aware rules need the file in a TypeScript program, and the sources these tests lint exist
 * nowhere on disk: the project service takes them as files outside tsconfig's program, by these
 * paths only. Everything else is the project's own config.
 */
export const typedFixturePaths = ['server/lint-fixture.ts', 'src/islands/lint-fixture.tsx', 'server/lint-fixture.test.ts'] as const;
let typedEslint: ESLint | undefined;

/** `lintAt` for the type-aware rules, for a source standing at one of `typedFixturePaths`. */
export async function lintTypedAt(filePath: (typeof typedFixturePaths)[number], source: string): Promise<Linter.LintMessage[]> {
  typedEslint ??= new ESLint({
    cwd: root,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parserOptions: { projectService: { allowDefaultProject: [...typedFixturePaths] } } },
      },
    ],
  });
  const [result] = await typedEslint.lintText(source, { filePath: path.join(root, filePath) });
  return result?.messages ?? [];
}
