import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { bootstrapChunk } from './integrations/bootstrap-chunk.ts';
import { buildArtifacts } from './integrations/build-artifacts.ts';
import { clientDirectives } from './integrations/client-directives.ts';
import { devProxy } from './integrations/dev-proxy.ts';
import { precompress } from './integrations/precompress.ts';
import { publicRealtimeSettings } from './server/shared/realtime/config.ts';
import { heatmapOrigins } from './src/lib/base/heatmap.ts';

// The two public app keys and the socket host and port, from the environment the server reads too.
const realtime = publicRealtimeSettings(process.env);
// The heatmap provider's origins join the policy only in a build with a site id (SPEC §7).
const heatmap = heatmapOrigins(process.env['PUBLIC_HEATMAP_SITE_ID'] || undefined);
// Every page's bootstrap as one chunk (integrations/bootstrap-chunk.ts).
const bootstrap = bootstrapChunk();
const withHeatmap = (directive: string, origins: string[]) => [directive, ...origins].join(' ');

// Static output only: every page is prerendered and served as a file (ARCHITECTURE "The shape").
export default defineConfig({
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  // Islands are React 19 components rendered by @astrojs/react (decision 162). precompress last: it
  // compresses what the others wrote.
  integrations: [react(), clientDirectives(), buildArtifacts(), precompress()],
  i18n: {
    locales: ['en', 'uk'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        withHeatmap("img-src 'self' data: blob:", heatmap.img),
        // Only the configured socket origins; locally the sockets use the page's own origin ('self').
        withHeatmap(`connect-src 'self'${realtime.socketOrigins.map((origin) => ` ${origin}`).join('')}`, heatmap.connect),
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ] as `${'img-src' | 'connect-src' | 'default-src'}${string}`[],
      ...(heatmap.script.length ? { scriptDirective: { resources: ["'self'", ...heatmap.script] } } : {}),
    },
  },
  // No markdown here; Shiki's inline styles would also break the CSP.
  markdown: { syntaxHighlight: false },
  server: { port: 4322 },
  // `npm run dev` only: the API runs beside the dev server (scripts/dev.ts).
  vite: {
    plugins: [bootstrap.plugin],
    define: { __REALTIME_SETTINGS__: JSON.stringify({ keys: realtime.keys, host: realtime.host, port: realtime.port }) },
    server: { proxy: devProxy(`http://localhost:${process.env['PORT'] ?? 4321}`) },
    build: {
      rollupOptions: {
        output: {
          // The schema library gets its own chunk, so pages whose first script needs no schema
          // (every page's bootstrap) never download it; forms and the profile load it themselves.
          // The form library and its resolver get theirs too: left to the bundler they were folded
          // into the kit's TextInput chunk, which every page with a text field then paid for, form
          // or not (decision 227). A group takes in what its modules import unless a group of higher
          // priority has it, so React is a group of its own, above the forms'.
          codeSplitting: {
            groups: [
              { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 3 },
              { name: 'react', test: /[\\/]node_modules[\\/]react[\\/]/, priority: 2 },
              { name: 'forms', test: /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 1 },
              // What the base layout's script imports, in one file with it: below the libraries' groups,
              // so zod and React stay in chunks of their own.
              { name: 'bootstrap', test: bootstrap.test, priority: 0 },
            ],
          },
          // zod 4 probes for eval (`new Function("")`) on a schema's first parse unless its global
          // config said `jitless` when the schema was built; under the site's CSP (no 'unsafe-eval',
          // decision 006) the probe is reported as a violation. The zod chunk sets the config before
          // any of its own code, and every module that builds a schema imports that chunk first, so
          // no island depends on the order its chunks happen to load in (decision 041, addendum).
          banner: (chunk: { name: string }) => (chunk.name === 'zod' ? '(globalThis.__zod_globalConfig ??= {}).jitless = true;' : ''),
        },
      },
    },
  },
  devToolbar: { enabled: false },
});
