import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/*', 'react', 'astro', 'astro:*'], message: 'The server shares only contract/ with the site.' }] },
      ],
    },
  },
  {
    files: ['server/**/service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['fastify', 'fastify-*', '@fastify/*', '**/src/*'], message: 'Services never import Fastify.' }] },
      ],
    },
  },
);
