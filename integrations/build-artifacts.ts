// Writes the files the client polls to notice a new build (SPEC §7, ARCHITECTURE "Build artefacts"):
// version.json, builds/latest.json, builds/meta/{id}.json, a _payload.json beside each page, and
// the static-host rewrite rules (dist/_redirects).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { staticHostRewriteLines } from '../contract/site-rewrites.ts';
import { buildSettingsFile, buildSettingsFingerprint } from './build-settings.ts';

export interface PagePayload {
  route: string;
  title: string;
  locale: 'en_GB' | 'uk_UA';
  buildId: string;
}

function payloadOf(html: string, route: string, buildId: string): PagePayload {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const lang = /<html[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? 'en-GB';
  return { route, title, locale: lang.startsWith('uk') ? 'uk_UA' : 'en_GB', buildId };
}

async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(value)}\n`);
}

export function buildArtifacts(): AstroIntegration {
  // Chosen before any page renders, so every page can carry its build in
  // <meta name="build-id"> (src/layouts/Base.astro) and the client can compare it with latest.json.
  const timestamp = Date.now();
  const id = `${timestamp.toString(36)}-${randomBytes(4).toString('hex')}`;
  return {
    name: 'profiles:build-artifacts',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            define: {
              'import.meta.env.PUBLIC_BUILD_ID': JSON.stringify(id),
              'import.meta.env.PUBLIC_BUILD_TIMESTAMP': JSON.stringify(String(timestamp)),
            },
          },
        });
      },
      'astro:build:done': async ({ dir, pages, logger }) => {
        const out = fileURLToPath(dir);
        const routes: string[] = [];
        for (const { pathname } of pages) {
          const route = `/${pathname}`.replace(/\/+$/, '') || '/';
          const folder = path.join(out, pathname);
          routes.push(route);
          // The not-found pages are served for unknown paths, never navigated to as routes.
          if (route === '/404' || route.endsWith('/404')) continue;
          let html: string;
          try {
            html = await readFile(path.join(folder, 'index.html'), 'utf8');
          } catch {
            continue;
          }
          await writeJson(path.join(folder, '_payload.json'), payloadOf(html, route, id));
        }
        await writeJson(path.join(out, 'version.json'), { ts: timestamp });
        // What scripts/build-if-stale.ts compares with the environment of the next start.
        await writeJson(path.join(out, buildSettingsFile), { fingerprint: buildSettingsFingerprint(process.env) });
        await writeJson(path.join(out, 'builds', 'latest.json'), { id, timestamp });
        await writeJson(path.join(out, 'builds', 'meta', `${id}.json`), { id, timestamp, routes: routes.sort() });
        await writeFile(path.join(out, '_redirects'), `${staticHostRewriteLines.join('\n')}\n`);
        logger.info(`build ${id}: wrote version.json, builds/, ${routes.length} page payloads, _redirects`);
      },
    },
  };
}
