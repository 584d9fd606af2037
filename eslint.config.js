import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// The server's layers (server/README.md, decision 213). The floor (shared/ and http/, db/, mail/) lies
// under every feature and imports none; top-level files (domain-errors.ts, clock.ts, config.ts,
// deps.ts) belong to it too. A feature imports the floor and its own files; of another feature, only
// its public face (public.ts), never the rest.
const floorDirs = ['shared', 'http', 'db', 'mail'];
// The test harness builds the whole app, as main.ts does; any test may import it.
const harnessDirs = ['test'];
// Folders that put features together, as main.ts and app.ts do: they may import any feature, and no
// feature imports them (the demo data seeds through the services the API uses, decision 161).
const compositionDirs = ['demo'];
const serverFeatures = readdirSync(new URL('./server/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && ![...floorDirs, ...harnessDirs, ...compositionDirs].includes(entry.name))
  .map((entry) => entry.name);

const serverWide = { group: ['**/src/*', 'react', 'astro', 'astro:*'], message: 'The server shares only contract/ with the site.' };
const frameworkFree = {
  group: ['fastify', 'fastify-*', '@fastify/*'],
  message: 'Services are framework-free: routes hold the HTTP, services plain functions over db.',
};

/** Each file `depth` folders below server/, as globs (import paths are relative, so the depth decides them). */
const atDepths = (dir) => [1, 2, 3].map((depth) => ({ depth, files: [`server/${dir}/${'*/'.repeat(depth - 1)}*.ts`] }));

/** What a file `depth` folders below server/ may not import: a feature (but for `feature` its own, and others' public faces) or a composition folder. */
function featureImports(depth, { feature, publicFaces }) {
  const up = '../'.repeat(depth);
  return [
    ...serverFeatures
      .filter((other) => other !== feature)
      .map((other) => ({
        group: [`${up}${other}/*`, ...(publicFaces ? [`!${up}${other}/public.ts`] : [])],
        message: publicFaces
          ? `A server feature imports shared/ and the floor (server/README.md), never another feature (${other}/) but its public face, ${other}/public.ts.`
          : `The floor (shared/, http/, db/, mail/) lies under every feature and never imports one (${other}/).`,
      })),
    ...compositionDirs.map((dir) => ({
      group: [`${up}${dir}/*`],
      message: `Neither the floor nor a feature imports ${dir}/: it puts features together, as main.ts does.`,
    })),
  ];
}

// Flat config replaces a rule's options file by file, so each file gets every pattern that applies to it.
function serverBoundaries() {
  const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  const area = (dir, options) =>
    atDepths(dir).flatMap(({ depth, files }) => [
      { files, rules: rule([serverWide, ...featureImports(depth, options)]) },
      {
        files: files.map((f) => f.replace(/\*\.ts$/, '*service.ts')),
        rules: rule([serverWide, frameworkFree, ...featureImports(depth, options)]),
      },
    ]);
  return [
    { files: ['server/**/*.ts'], rules: rule([serverWide]) },
    { files: ['server/*service.ts'], rules: rule([serverWide, frameworkFree]) },
    ...floorDirs.flatMap((dir) => area(dir, { publicFaces: false })),
    ...serverFeatures.flatMap((feature) => area(feature, { feature, publicFaces: true })),
  ];
}

// The site's zones (src/islands/README.md, src/lib/README.md, decision 214). Islands render stores and
// call their actions; the actions call the fetchers of src/lib/api, the transport, which stands on
// contract/ and src/lib/base, never on the stores or on what reacts to a failure.
const islandFolders = readdirSync(new URL('./src/islands/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const frameworkFreeLib = {
  group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@nanostores/react', 'astro', 'astro:*'],
  message: 'src/lib is framework-free.',
};
const libUpwards = {
  group: ['**/islands/*', '**/components/*', '**/pages/*', '**/server/*'],
  message: 'src/lib must not import islands, components, pages or the server: what both need lives in src/lib.',
};
// src/lib by floor, one folder each (src/lib/README.md, decisions 214 and 305): base/ is the ground
// floor (the page's facts, the failure every floor reads, pure helpers), api/ the transport on it, the
// stores on both, and app/ and forms/ on all of them. A module one folder up from base/ or api/ is a
// floor it may not use: base/ none, the transport base/ only. A rule by folder, not by file name.
const oneFolderUpBut = (allowed) => `^\\.\\./(?!\\.\\./)${allowed ? `(?!${allowed}/)` : ''}`;
const groundFloor = {
  regex: oneFolderUpBut(),
  message:
    'src/lib/base is the ground floor: it imports contract/, src/i18n and its own folder, never the transport (api/), the stores, forms/ or app/ (decision 305).',
};
const transportBase = {
  regex: oneFolderUpBut('base'),
  message:
    'The transport (src/lib/api) imports only contract/, its own folder and src/lib/base: stores, toasts and sign-out sit above it (decisions 214, 305).',
};
// The stores stand on the transport and base/; what builds on them (app/: the error policy, the realtime
// connection, the start of the app; forms/) is the floor above.
const storesFloor = {
  group: ['../app/*', '../forms/*', '**/lib/app/*', '**/lib/forms/*'],
  message: 'The stores stand on the transport and src/lib/base: app/ and forms/ build on them, a floor above (decision 305).',
};
const storesFloorImportCall = {
  selector: 'ImportExpression > Literal[value=/^\\.\\.\\/(app|forms)\\//]',
  message:
    'The stores load nothing of app/ or forms/, not even through import(): what starts from a store and needs them belongs in app/ (decision 305).',
};
// The same floors reached the long way round (`../../lib/stores/…`).
const aboveTheTransport = ['**/lib/stores/*', '**/lib/forms/*', '**/lib/app/*'];
const floorImportCall = (folder, allowed) => ({
  selector: `ImportExpression > Literal[value=/${oneFolderUpBut(allowed).replaceAll('/', '\\/')}/]`,
  message: `${folder} loads no module of a floor above it, not even through import() (decision 305).`,
});
const uiUpwards = {
  group: ['**/server/*', '**/pages/*', '**/screens/*'],
  message: 'Islands and components read stores and call actions: never the server, pages or screens.',
};
// The transport (fetchers, request, client, uploads) is reached through a store. The failure an action
// rejects with (ApiError) is no part of it: it stands on the ground floor (src/lib/base/api-error.ts),
// so an island may test for it and read its code.
const noFetchers = {
  group: ['**/lib/api/*'],
  message: 'Islands and components never call the transport: load and change data through a store action (src/lib/stores).',
};
const noFetcherImportCall = {
  selector: 'ImportExpression > Literal[value=/\\/lib\\/api\\//]',
  message: 'Islands and components never call the transport, not even through import(): use a store action (src/lib/stores).',
};
const noIslands = { group: ['**/islands/*'], message: 'Components are below the islands: they never import an island folder.' };
// One form idiom (decision 215): a form saves through useFormSave (src/components), which
// puts the server's violations on their fields; an island that took them itself would be a second way.
const noOwnSubmit = {
  group: ['**/lib/forms/server-violations.ts'],
  message: "Forms save through useFormSave (src/components/use-form-save.ts): it puts the server's violations on their fields.",
};
// The ones that are no react-hook-form save: the two sign-in ceremonies (a 401 there is a wrong password,
// not a lost session) and an image upload.
const ownSubmitExceptions = ['auth/LoginForm.tsx', 'auth/SecondStepForm.tsx', 'company/BrandEditor.tsx'];

// One way to hold server data (decision 236): a piece of it is a fetcher store of the one path,
// src/lib/stores/query.ts (@nanostores/query: one cache, keys, the latest read wins, changes named by key).
// Only that file makes fetcher stores; a store does not keep a read's answer in an atom of its own
// (`$x.set(await read())`) or a loading state by hand (`{ status: 'loading' }`).
const serverDataPath = 'src/lib/stores/query.ts';
const oneServerDataPath = {
  group: ['@nanostores/query'],
  message: `Server data is held one way: a fetcher store made by ${serverDataPath} (decision 236).`,
};
const heldByHand = [
  {
    selector: "Property[key.name='status'] > Literal[value=/^(idle|loading|ready|failed)$/]",
    message: `A loading state kept by hand: read the data through a fetcher store of ${serverDataPath} ({ data, error, loading }), decision 236.`,
  },
  {
    selector: "CallExpression[callee.property.name='set'] > AwaitExpression",
    message: `A read's answer kept in an atom by hand: read it through a fetcher store of ${serverDataPath}, and show a write's answer with put() (decision 236).`,
  },
];

function serverDataRules() {
  return [
    {
      files: ['src/lib/stores/*.ts'],
      // Every store is held to it: none keeps server data its own way (the last moved in decision 295).
      ignores: ['**/*.test.ts', serverDataPath],
      rules: { 'no-restricted-syntax': ['error', ...heldByHand, storesFloorImportCall] },
    },
  ];
}

/** An island folder imports itself, src/components, src/lib, src/i18n and contract/, never another island folder. */
function otherIslandFolders(folder) {
  return {
    group: [...islandFolders.filter((other) => other !== folder).map((other) => `../${other}/*`), '../../islands/*'],
    message: `An island folder never imports another (${folder}/ here): move what two features share to src/components or src/lib (decision 214).`,
  };
}

function clientZones() {
  const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  const noImportCall = { 'no-restricted-syntax': ['error', noFetcherImportCall] };
  const tests = ['**/*.test.{ts,tsx}'];
  return [
    { files: ['src/lib/**/*.ts'], rules: rule([frameworkFreeLib, libUpwards, oneServerDataPath]) },
    { files: ['src/lib/stores/**/*.ts'], rules: rule([frameworkFreeLib, libUpwards, oneServerDataPath, storesFloor]) },
    { files: [serverDataPath], rules: rule([frameworkFreeLib, libUpwards, storesFloor]) },
    {
      files: ['src/lib/base/**/*.ts'],
      rules: {
        ...rule([
          frameworkFreeLib,
          libUpwards,
          groundFloor,
          { ...groundFloor, regex: undefined, group: ['**/lib/api/*', ...aboveTheTransport] },
          oneServerDataPath,
        ]),
        'no-restricted-syntax': ['error', floorImportCall('src/lib/base')],
      },
    },
    {
      files: ['src/lib/api/**/*.ts'],
      rules: {
        ...rule([
          frameworkFreeLib,
          libUpwards,
          transportBase,
          { ...transportBase, regex: undefined, group: aboveTheTransport },
          oneServerDataPath,
        ]),
        'no-restricted-syntax': ['error', floorImportCall('The transport (src/lib/api)', 'base')],
      },
    },
    // A test may arrange the floors above the module it tests (a store's state, a request under it);
    // the module itself may not use them.
    {
      files: ['src/lib/{base,api,stores}/**/*.test.ts'],
      rules: { ...rule([frameworkFreeLib, libUpwards, oneServerDataPath]), 'no-restricted-syntax': 'off' },
    },
    { files: ['src/components/**/*.{ts,tsx}'], rules: { ...rule([uiUpwards, noIslands, noFetchers, oneServerDataPath]), ...noImportCall } },
    { files: ['src/components/**/*.test.{ts,tsx}'], rules: rule([uiUpwards, noIslands, oneServerDataPath]) },
    ...islandFolders.flatMap((folder) => {
      const island = [uiUpwards, otherIslandFolders(folder), noFetchers, oneServerDataPath];
      return [
        { files: [`src/islands/${folder}/**/*.{ts,tsx}`], rules: { ...rule([...island, noOwnSubmit]), ...noImportCall } },
        ...ownSubmitExceptions
          .filter((file) => file.startsWith(`${folder}/`))
          .map((file) => ({ files: [`src/islands/${file}`], rules: rule(island) })),
        // A test may arrange the transport under the island (vi.mock of a fetcher): the island may not call it.
        { files: tests.map((t) => `src/islands/${folder}/${t}`), rules: rule([uiUpwards, otherIslandFolders(folder), oneServerDataPath]) },
      ];
    }),
  ];
}

// Size limits (decision 253): a file of more than 400 lines, or a function of more than 150, blank lines
// and comments not counted, is cut along its own seams (a form, a list, a query, a sub-resource's
// routes) before it grows further. Tests, journeys and benchmarks are long lists of cases and are not
// measured. No file is excepted: the last giants were cut along their seams.
const sizeLimits = { skipBlankLines: true, skipComments: true };
const maxFileLines = 400;
const maxFunctionLines = 150;

function sizeRules() {
  const measured = ['**/*.{js,ts,tsx}'];
  const notMeasured = ['**/*.test.{ts,tsx}', 'tests/**', 'bench/**'];
  return [
    {
      files: measured,
      ignores: notMeasured,
      rules: {
        'max-lines': ['error', { max: maxFileLines, ...sizeLimits }],
        'max-lines-per-function': ['error', { max: maxFunctionLines, ...sizeLimits }],
      },
    },
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
  // Type-aware where it earns its keep: a promise nobody awaits loses its failure (an unawaited
  // `expect(…).rejects` passes whatever happens; a write's error goes unlogged). Fire-and-forget is
  // said with `void`, so the rule makes that choice visible instead of leaving it to review.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
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
        {
          patterns: [
            {
              group: ['../src/*', '../server/*', 'react', 'astro', 'astro:*', 'fastify', 'drizzle-orm*'],
              message: 'contract/ imports only zod.',
            },
          ],
        },
      ],
    },
  },
  ...clientZones(),
  ...serverDataRules(),
  ...serverBoundaries(),
  ...sizeRules(),
  // An assertion inside a catch passes when nothing throws.
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    // The one left is in the profile store's tests, which a rework of the profile store rewrites.
    ignores: ['src/lib/stores/profile.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CatchClause CallExpression[callee.name='expect']",
          message: 'An assertion in a catch passes when nothing throws: use expect(...).rejects or toThrow.',
        },
      ],
    },
  },
);
