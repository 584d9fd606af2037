// Proves each boundary of eslint.config.js: a violating import is rejected, and the allowed
// neighbour of it passes (so a rule that rejects everything would fail here too).
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

// The first lint loads the config and the TypeScript parser (seconds on a busy machine).
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText('export {};\n', { filePath: path.join(root, 'contract/warm-up.ts') });
}, 60_000);

/** The messages of no-restricted-imports for `source` placed at `filePath`. */
async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = imported;\n`, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const cases: { rule: string; file: string; rejected: string; allowed: string }[] = [
  {
    rule: 'contract imports only zod',
    file: 'contract/fixture.ts',
    rejected: "import imported from '../server/clock.ts';",
    allowed: "import imported from './errors.ts';",
  },
  {
    rule: 'src/lib never imports React',
    file: 'src/lib/fixture.ts',
    rejected: "import imported from 'react';",
    allowed: "import imported from 'nanostores';",
  },
  {
    rule: 'src/lib never imports islands',
    file: 'src/lib/fixture.ts',
    rejected: "import imported from '../islands/profile/ProfileApp.tsx';",
    allowed: "import imported from './site-path.ts';",
  },
  {
    rule: 'islands never import the server',
    file: 'src/islands/profile/fixture.ts',
    rejected: "import imported from '../../../server/clock.ts';",
    allowed: "import imported from '../../lib/site-path.ts';",
  },
  {
    rule: 'islands never import pages',
    file: 'src/islands/profile/fixture.tsx',
    rejected: "import imported from '../../pages/index.astro';",
    allowed: "import imported from '../../i18n/translator.ts';",
  },
  {
    rule: 'islands never import screens',
    file: 'src/islands/profile/fixture.tsx',
    rejected: "import imported from '../../screens/Home.astro';",
    allowed: "import imported from '../../../contract/errors.ts';",
  },
  {
    rule: 'the server never imports the site',
    file: 'server/http/fixture.ts',
    rejected: "import imported from '../../src/lib/site-path.ts';",
    allowed: "import imported from '../../contract/errors.ts';",
  },
  {
    rule: 'a feature never imports another feature',
    file: 'server/profiles/fixture.ts',
    rejected: "import imported from '../accounts/routes.ts';",
    allowed: "import imported from '../uploads/service.ts';",
  },
  {
    rule: 'a feature imports only the shared part of another folder',
    file: 'server/accounts/fixture.ts',
    rejected: "import imported from '../uploads/routes.ts';",
    allowed: "import imported from '../auth/guard.ts';",
  },
  {
    rule: 'a feature may use the shared modules',
    file: 'server/uploads/fixture.ts',
    rejected: "import imported from '../profiles/page-service.ts';",
    allowed: "import imported from '../notifications/writer.ts';",
  },
  {
    rule: 'the demo data puts features together, as main.ts does, and stays server-only',
    file: 'server/demo/fixture.ts',
    rejected: "import imported from 'react';",
    allowed: "import imported from '../careers/company-service.ts';",
  },
  {
    rule: 'no feature imports the demo data',
    file: 'server/profiles/fixture.ts',
    rejected: "import imported from '../demo/seed.ts';",
    allowed: "import imported from '../clock.ts';",
  },
  {
    rule: 'service.ts is framework-free',
    file: 'server/profiles/service.ts',
    rejected: "import imported from 'fastify';",
    allowed: "import imported from 'drizzle-orm';",
  },
  {
    rule: 'every *service.ts is framework-free, not only service.ts',
    file: 'server/profiles/sections-service.ts',
    rejected: "import imported from '@fastify/multipart';",
    allowed: "import imported from '../domain-errors.ts';",
  },
  {
    rule: 'a *service.ts keeps the feature boundary too',
    file: 'server/profiles/page-service.ts',
    rejected: "import imported from '../companies/routes-errors.ts';",
    allowed: "import imported from '../companies/service.ts';",
  },
];

describe('import boundaries (eslint.config.js)', () => {
  it.each(cases)('$rule: rejects the violating import', async ({ file, rejected }) => {
    expect(await boundaryErrors(file, rejected)).toHaveLength(1);
  });

  it.each(cases)('$rule: lets the allowed import through', async ({ file, allowed }) => {
    expect(await boundaryErrors(file, allowed)).toEqual([]);
  });
});
