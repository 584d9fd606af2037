import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Server modules any feature may import (server/README.md lists them with what they give). Top-level
// files (domain-errors.ts, clock.ts, config.ts, deps.ts) are shared by being outside every feature.
const sharedServerDirs = ['http', 'db', 'mail', 'test'];
const sharedServerFiles = [
  'auth/guard.ts',
  'auth/tokens.ts',
  'auth/passwords.ts',
  'auth/common-passwords.ts',
  'auth/service.ts',
  'auth/two-factor.ts',
  'auth/security-events.ts',
  'settings/user-agent.ts',
  'uploads/service.ts',
  'uploads/store.ts',
  'uploads/download.ts',
  'verification/service.ts',
  'companies/service.ts',
  'companies/guard.ts',
  'careers/core.ts',
  'careers/public.ts',
  'careers/credentials.ts',
  'notifications/writer.ts',
  'achievements/check.ts',
  'activities/writer.ts',
  'realtime/publisher.ts',
];
// Folders that put features together, as main.ts and app.ts do: they may import any feature, and no
// feature imports them (the demo data seeds through the services the API uses, decision 161).
const compositionDirs = ['demo'];
const serverFeatures = readdirSync(new URL('./server/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !sharedServerDirs.includes(entry.name) && !compositionDirs.includes(entry.name))
  .map((entry) => entry.name);

const serverWide = { group: ['**/src/*', 'react', 'astro', 'astro:*'], message: 'The server shares only contract/ with the site.' };
const frameworkFree = {
  group: ['fastify', 'fastify-*', '@fastify/*'],
  message: 'Services are framework-free: routes hold the HTTP, services plain functions over db.',
};

/** One feature may import the contract, its own files and the shared modules, never another feature. */
function otherFeatures(feature) {
  return [
    ...serverFeatures
      .filter((other) => other !== feature)
      .map((other) => ({
        group: [`../${other}/*`, ...sharedServerFiles.filter((f) => f.startsWith(`${other}/`)).map((f) => `!../${f}`)],
        message: `A server feature imports only shared modules (server/README.md), never another feature (${other}/).`,
      })),
    ...compositionDirs.map((dir) => ({ group: [`../${dir}/*`], message: `A server feature never imports ${dir}/: it puts features together, as main.ts does.` })),
  ];
}

// Flat config replaces a rule's options file by file, so each file gets every pattern that applies to it.
function serverBoundaries() {
  const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  return [
    { files: ['server/**/*.ts'], rules: rule([serverWide]) },
    { files: ['server/*service.ts'], rules: rule([serverWide, frameworkFree]) },
    ...serverFeatures.flatMap((feature) => [
      { files: [`server/${feature}/**/*.ts`], rules: rule([serverWide, ...otherFeatures(feature)]) },
      { files: [`server/${feature}/**/*service.ts`], rules: rule([serverWide, frameworkFree, ...otherFeatures(feature)]) },
    ]),
  ];
}

export default defineConfig(
  {
    ignores: ['dist/', '.astro/', 'node_modules/', 'coverage/', 'test-results/', '.data/', '.test-data/', 'server/db/migrations/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Imports flow one way (ARCHITECTURE "Folder layout"): contract <- src/lib <- src/islands <- src/pages,
  // contract <- server. src/lib never imports React or Astro; contract imports only zod.
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../src/*', '../server/*', 'react', 'astro', 'astro:*', 'fastify', 'drizzle-orm*'], message: 'contract/ imports only zod.' }] },
      ],
    },
  },
  {
    files: ['src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@nanostores/react', 'astro', 'astro:*'], message: 'src/lib is framework-free.' },
            { group: ['**/islands/*', '**/pages/*', '**/server/*'], message: 'src/lib must not import islands, pages or the server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/*', '**/pages/*', '**/screens/*'], message: 'Islands read stores and call actions: never the server, pages or screens.' }] },
      ],
    },
  },
  ...serverBoundaries(),
  // An assertion inside a catch passes when nothing throws (issue 8, point 5).
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    // The one left is in the profile store's tests, which the store rework of issue 8 rewrites.
    ignores: ['src/lib/stores/profile.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CatchClause CallExpression[callee.name='expect']", message: 'An assertion in a catch passes when nothing throws: use expect(...).rejects or toThrow.' },
      ],
    },
  },
);
