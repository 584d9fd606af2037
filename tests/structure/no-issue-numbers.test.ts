// Comments say why, not which issue asked: an issue number means nothing to a reader of the
// repository, who cannot open the tracker; the decision records in docs/decisions carry the history.
// Code, tests, scripts and styles name no issue numbers (commit messages and notes may).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const folders = ['bench', 'contract', 'integrations', 'scripts', 'server', 'src', 'tests'];
const code = /\.(ts|tsx|js|mjs|astro|css)$/;
const skipped = /(^|\/)(node_modules|dist|\.astro|test-results)(\/|$)/;
// Written so this file does not match itself.
const issueNumber = new RegExp(['\\bi', 'ssue\\s+#?\\d'].join(''), 'i');

function codeFiles(): string[] {
  const files: string[] = [];
  for (const folder of folders) {
    let entries;
    try {
      entries = readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const file = path.relative(root, path.join(entry.parentPath, entry.name));
      if (entry.isFile() && code.test(file) && !skipped.test(file)) files.push(file);
    }
  }
  const atRoot = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isFile() && code.test(entry.name));
  return files.concat(atRoot.map((entry) => entry.name));
}

describe('the code', () => {
  it('names no issue numbers in its comments, names or texts', () => {
    const files = codeFiles();
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (issueNumber.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
