// Proves each boundary of eslint.config.js: a violating import is rejected, and the allowed
// neighbour of it passes (so a rule that rejects everything would fail here too).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintAt } from './lint-at.ts';

const root = path.resolve(import.meta.dirname, '../..');

// The first lint loads the config and the TypeScript parser (seconds on a busy machine).
beforeAll(async () => {
  await lintAt('contract/warm-up.ts', 'export {};\n');
}, 60_000);

/** The boundary messages (no-restricted-imports; no-restricted-syntax for import()) for `source` placed at `filePath`. */
async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  return (await lintAt(filePath, `${source}\nexport const used = imported;\n`))
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
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
    file: 'src/lib/app/fixture.ts',
    rejected: "import imported from 'react';",
    allowed: "import imported from 'nanostores';",
  },
  {
    rule: 'src/lib never imports islands',
    file: 'src/lib/app/fixture.ts',
    rejected: "import imported from '../../islands/profile/ProfileApp.tsx';",
    allowed: "import imported from '../base/site-path.ts';",
  },
  {
    rule: 'src/lib never imports components',
    file: 'src/lib/base/fixture.ts',
    rejected: "import imported from '../../components/Avatar.tsx';",
    allowed: "import imported from './avatar-tone.ts';",
  },
  {
    rule: 'src/lib/base is the ground floor: it never imports the transport',
    file: 'src/lib/base/fixture.ts',
    rejected: "import imported from '../api/request.ts';",
    allowed: "import imported from '../../../contract/errors.ts';",
  },
  {
    rule: 'src/lib/base never imports a store',
    file: 'src/lib/base/fixture.ts',
    rejected: "import imported from '../stores/session.ts';",
    allowed: "import imported from '../../i18n/translator.ts';",
  },
  {
    rule: 'src/lib/base never imports what builds on the stores (app/)',
    file: 'src/lib/base/fixture.ts',
    rejected: "import imported from '../app/error-policy.ts';",
    allowed: "import imported from './page-locale.ts';",
  },
  {
    rule: 'src/lib/base never imports the forms’ helpers',
    file: 'src/lib/base/fixture.ts',
    rejected: "import imported from '../forms/form-failure.ts';",
    allowed: "import imported from './session-token.ts';",
  },
  {
    rule: 'src/lib/base never reaches a floor above it the long way round',
    file: 'src/lib/base/fixture.ts',
    rejected: "import imported from '../../lib/stores/session.ts';",
    allowed: "import imported from '../../lib/base/site-path.ts';",
  },
  {
    rule: 'src/lib/base loads no floor above it with import() either',
    file: 'src/lib/base/fixture.ts',
    rejected: "const imported = () => import('../app/realtime.ts');",
    allowed: "const imported = () => import('./island-demand.ts');",
  },
  {
    rule: 'a test of base/ may arrange a store, and is framework-free like its module',
    file: 'src/lib/base/fixture.test.ts',
    rejected: "import imported from 'react';",
    allowed: "import imported from '../stores/session.ts';",
  },
  {
    rule: 'the app floor (app/) stands on the stores, the transport and base/',
    file: 'src/lib/app/fixture.ts',
    rejected: "import imported from '../../components/Avatar.tsx';",
    allowed: "import imported from '../stores/session.ts';",
  },
  {
    rule: 'islands never import the server',
    file: 'src/islands/profile/fixture.ts',
    rejected: "import imported from '../../../server/clock.ts';",
    allowed: "import imported from '../../lib/base/site-path.ts';",
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
    rule: 'islands never call a fetcher: they use store actions (decision 214)',
    file: 'src/islands/settings/fixture.tsx',
    rejected: "import imported from '../../lib/api/settings-api.ts';",
    allowed: "import imported from '../../lib/stores/settings.ts';",
  },
  {
    rule: 'islands never load a fetcher with import() either',
    file: 'src/islands/auth/fixture.tsx',
    rejected: "const imported = () => import('../../lib/api/passkey-api.ts');",
    allowed: "const imported = () => import('../../lib/stores/passkey-ceremony.ts');",
  },
  {
    rule: "a form saves through useFormSave, not with the server's violations in its own hands",
    file: 'src/islands/settings/fixture.tsx',
    rejected: "import { applyServerViolations as imported } from '../../lib/forms/server-violations.ts';",
    allowed: "import { useFormSave as imported } from '../../components/use-form-save.ts';",
  },
  {
    rule: 'the sign-in ceremony is one of the named exceptions to the form idiom',
    file: 'src/islands/auth/LoginForm.tsx',
    rejected: "import imported from '../../lib/api/auth-api.ts';",
    allowed: "import { applyServerViolations as imported } from '../../lib/forms/server-violations.ts';",
  },
  {
    rule: 'islands may test for the failure an action rejects with (base/api-error.ts), nothing of the transport',
    file: 'src/islands/careers/fixture.tsx',
    rejected: "import imported from '../../lib/api/request.ts';",
    allowed: "import imported from '../../lib/base/api-error.ts';",
  },
  {
    rule: 'an island test may arrange the transport under the island',
    file: 'src/islands/careers/fixture.test.tsx',
    rejected: "import imported from '../profile/ProfileApp.tsx';",
    allowed: "import imported from '../../lib/api/careers-api.ts';",
  },
  {
    rule: 'components never call a fetcher',
    file: 'src/components/careers/fixture.tsx',
    rejected: "import imported from '../../lib/api/careers-api.ts';",
    allowed: "import imported from '../../lib/stores/careers.ts';",
  },
  {
    rule: 'an island folder never imports another island folder',
    file: 'src/islands/careers/fixture.tsx',
    rejected: "import imported from '../profile/ProfileApp.tsx';",
    allowed: "import imported from '../../components/careers/ScoreCard.tsx';",
  },
  {
    rule: 'an island folder imports its own files',
    file: 'src/islands/profile/fixture.tsx',
    rejected: "import imported from '../careers/CareersApp.tsx';",
    allowed: "import imported from './ProfileApp.tsx';",
  },
  {
    rule: 'components never import an island folder',
    file: 'src/components/profile/fixture.tsx',
    rejected: "import imported from '../../islands/profile/ProfileApp.tsx';",
    allowed: "import imported from '../Card.tsx';",
  },
  {
    rule: 'the transport never imports the stores',
    file: 'src/lib/api/fixture.ts',
    rejected: "import imported from '../stores/session.ts';",
    allowed: "import imported from '../base/session-token.ts';",
  },
  {
    rule: 'the transport never imports what reacts to a failure (toasts, sign-out)',
    file: 'src/lib/api/fixture.ts',
    rejected: "import imported from '../app/error-policy.ts';",
    allowed: "import imported from '../../../contract/errors.ts';",
  },
  {
    rule: 'the transport stands on its own folder and base/',
    file: 'src/lib/api/fixture.ts',
    rejected: "import imported from '../app/logout.ts';",
    allowed: "import imported from './request.ts';",
  },
  {
    rule: 'the transport never imports the forms’ helpers',
    file: 'src/lib/api/fixture.ts',
    rejected: "import imported from '../forms/form-failure.ts';",
    allowed: "import imported from '../base/lib-messages.ts';",
  },
  {
    rule: 'the transport loads no floor above it with import() either',
    file: 'src/lib/api/fixture.ts',
    rejected: "const imported = () => import('../stores/session.ts');",
    allowed: "const imported = () => import('../base/page-locale.ts');",
  },
  {
    rule: 'the stores never import what builds on them (app/)',
    file: 'src/lib/stores/fixture.ts',
    rejected: "import imported from '../app/realtime.ts';",
    allowed: "import imported from '../base/failure-text.ts';",
  },
  {
    rule: 'the stores never import the forms’ helpers',
    file: 'src/lib/stores/fixture.ts',
    rejected: "import imported from '../forms/form-failure.ts';",
    allowed: "import imported from './session.ts';",
  },
  {
    rule: 'the stores load nothing of app/ with import() either',
    file: 'src/lib/stores/fixture.ts',
    rejected: "const imported = () => import('../app/realtime.ts');",
    allowed: "const imported = () => import('../api/cv-download.ts');",
  },
  {
    rule: 'stores stand on the transport',
    file: 'src/lib/stores/fixture.ts',
    rejected: "import imported from '../../islands/settings/SettingsApp.tsx';",
    allowed: "import imported from '../api/settings-api.ts';",
  },
  {
    rule: 'the server never imports the site',
    file: 'server/http/fixture.ts',
    rejected: "import imported from '../../src/lib/base/site-path.ts';",
    allowed: "import imported from '../../contract/errors.ts';",
  },
  {
    rule: 'a feature never imports another feature',
    file: 'server/profiles/fixture.ts',
    rejected: "import imported from '../accounts/routes.ts';",
    allowed: "import imported from '../shared/uploads/service.ts';",
  },
  {
    rule: 'a feature imports shared/, not the feature a shared piece came from',
    file: 'server/careers/fixture.ts',
    rejected: "import imported from '../companies/members.ts';",
    allowed: "import imported from '../shared/companies/guard.ts';",
  },
  {
    rule: 'of another feature, a feature imports only its public face (public.ts)',
    file: 'server/profiles/fixture.ts',
    rejected: "import imported from '../careers/credentials.ts';",
    allowed: "import imported from '../careers/public.ts';",
  },
  {
    rule: 'a feature may use the floor',
    file: 'server/uploads/fixture.ts',
    rejected: "import imported from '../profiles/page-service.ts';",
    allowed: "import imported from '../shared/notifications/writer.ts';",
  },
  {
    rule: 'shared/ never imports a feature, not even its public face',
    file: 'server/shared/fixture.ts',
    rejected: "import imported from '../careers/public.ts';",
    allowed: "import imported from '../db/client.ts';",
  },
  {
    rule: "a shared folder's module imports the shared folder of the same name, never the feature",
    file: 'server/shared/companies/fixture.ts',
    rejected: "import imported from '../../companies/members.ts';",
    allowed: "import imported from '../auth/guard.ts';",
  },
  {
    rule: 'http/ is floor too: it never imports a feature',
    file: 'server/http/fixture.ts',
    rejected: "import imported from '../auth/routes.ts';",
    allowed: "import imported from '../shared/auth/guard.ts';",
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
    rule: 'the floor never imports the demo data',
    file: 'server/shared/auth/fixture.ts',
    rejected: "import imported from '../../demo/seed.ts';",
    allowed: "import imported from '../../clock.ts';",
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
    allowed: "import imported from '../shared/companies/access.ts';",
  },
  {
    rule: 'a shared *service.ts is framework-free',
    file: 'server/shared/uploads/service.ts',
    rejected: "import imported from 'fastify';",
    allowed: "import imported from '../../db/client.ts';",
  },
];

describe('import boundaries (eslint.config.js)', () => {
  // The floors of src/lib are folders (decision 305): a module loose in src/lib would stand on no floor
  // and be held to none of the rules above.
  it('src/lib holds its floors as folders and no module of its own', () => {
    const loose = readdirSync(path.join(root, 'src/lib'), { withFileTypes: true }).filter(
      (entry) => !entry.isDirectory() && entry.name !== 'README.md',
    );
    expect(loose.map((entry) => entry.name)).toEqual([]);
    const floors = readdirSync(path.join(root, 'src/lib'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(floors.map((entry) => entry.name).sort()).toEqual(['api', 'app', 'base', 'forms', 'stores']);
  });

  it.each(cases)('$rule: rejects the violating import', async ({ file, rejected }) => {
    expect(await boundaryErrors(file, rejected)).toHaveLength(1);
  });

  it.each(cases)('$rule: lets the allowed import through', async ({ file, allowed }) => {
    expect(await boundaryErrors(file, allowed)).toEqual([]);
  });
});
