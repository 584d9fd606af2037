// Proves the unused-code check (knip with knip.config.ts, run by `npm run lint`; decision 215) bites:
// a small project laid out like this one, checked with the repository's own config, fails for an
// export nothing imports and a file nothing reaches, and passes once they are gone, while an export
// used only in its own file and a kit export tagged @public are left alone. A fixture, not the whole
// repository: seconds, not the half minute of the real run.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const knip = path.join(root, 'node_modules/knip/bin/knip.js');
let project: string;

interface KnipReport {
  issues: { file: string; files: { name: string }[]; exports: { name: string }[] }[];
}

/** What knip reports for the fixture (its exit code and its findings as file → names). */
async function check(): Promise<{ failed: boolean; findings: string[] }> {
  const run = promisify(execFile)(process.execPath, [knip, '--directory', project, '--no-progress', '--reporter', 'json'], {
    cwd: project,
  });
  const { stdout, failed } = await run.then(
    (done) => ({ stdout: done.stdout, failed: false }),
    (error: { stdout?: string; code?: number }) => {
      if (error.code !== 1) throw error;
      return { stdout: error.stdout ?? '', failed: true };
    },
  );
  const report = JSON.parse(stdout) as KnipReport;
  const findings = report.issues.flatMap((issue) => [
    ...issue.files.map((file) => `unused file ${file.name}`),
    ...issue.exports.map((name) => `unused export ${issue.file}: ${name.name}`),
  ]);
  return { failed, findings: findings.sort() };
}

async function write(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(project, file)), { recursive: true });
  await writeFile(path.join(project, file), text);
}

beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'profiles-knip-'));
  await copyFile(path.join(root, 'knip.config.ts'), path.join(project, 'knip.config.ts'));
  await write('package.json', JSON.stringify({ name: 'fixture', private: true, type: 'module' }));
  await write(
    'server/main.ts',
    "import { used } from './helpers.ts';\nimport { Kit } from '../src/components/Kit.ts';\nconsole.log(used(), Kit);\n",
  );
  await write(
    'src/components/Kit.ts',
    'export const Kit = 1;\n/** A kit piece no screen uses yet. @public */\nexport const KitSpare = 2;\n',
  );
  await write('server/orphan.ts', 'export const nobody = 1;\n');
  await write(
    'server/helpers.ts',
    'export function used(): number {\n  return inFile();\n}\nexport function inFile(): number {\n  return 1;\n}\nexport function planted(): number {\n  return 2;\n}\n',
  );
});

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('the unused-code check', () => {
  it('is part of npm run lint', async () => {
    const scripts = (JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['lint']).toMatch(/(^|&& )knip( |$)/);
  });

  it('fails for an export nothing imports and a file nothing reaches, and passes without them', async () => {
    expect(await check()).toEqual({
      failed: true,
      findings: ['unused export server/helpers.ts: planted', 'unused file server/orphan.ts'],
    });
    await rm(path.join(project, 'server/orphan.ts'));
    await write(
      'server/helpers.ts',
      'export function used(): number {\n  return inFile();\n}\nexport function inFile(): number {\n  return 1;\n}\n',
    );
    expect(await check()).toEqual({ failed: false, findings: [] });
  }, 120_000);
});
