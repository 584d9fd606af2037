// Serves the prerendered site from dist/ on the API's origin (the embedded default), with the same
// rewrite rules the build emits for static hosts (ARCHITECTURE "Routing on a static host").
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '../../contract/auth.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { BadRequestError, NotFoundError } from '../domain-errors.ts';
import { companySitePath, isCompanyHostname, isCompanyPagePath } from '../../contract/company-hosts.ts';
import { rewriteSitePath } from '../../contract/site-rewrites.ts';
import { routeAsOverriddenMethod } from './method-override.ts';
import { headerOnlyDirectives } from './security.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

// Files the client polls to notice a new build must never come from a cache (SPEC §7).
const uncachedFiles = /^\/(version\.json|builds\/latest\.json)$/;

interface ResolvedFile {
  file: string;
  size: number;
  mtimeMs: number;
}

async function fileAt(file: string): Promise<ResolvedFile | undefined> {
  try {
    const s = await stat(file);
    return s.isFile() ? { file, size: s.size, mtimeMs: s.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/** Maps a URL path to a file under `root`, trying `path`, `path.html` and `path/index.html`. */
export async function resolveSiteFile(root: string, urlPath: string): Promise<ResolvedFile | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = path.posix.normalize(decoded).replace(/^\/+/, '');
  const base = path.resolve(root, relative);
  if (base !== root && !base.startsWith(root + path.sep)) return undefined;
  if (relative === '' || relative.endsWith('/')) return fileAt(path.join(base, 'index.html'));
  return (await fileAt(base)) ?? (await fileAt(`${base}.html`)) ?? (await fileAt(path.join(base, 'index.html')));
}

// The page's own CSP lives in a <meta> Astro writes with hashes of its inline scripts; the same
// policy goes into the header (plus what a meta tag cannot carry), cached per file version.
const metaPolicy = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i;
const policyCache = new Map<string, { mtimeMs: number; policy: string }>();

async function pagePolicy(resolved: ResolvedFile): Promise<string> {
  const cached = policyCache.get(resolved.file);
  if (cached && cached.mtimeMs === resolved.mtimeMs) return cached.policy;
  const html = await readFile(resolved.file, 'utf8');
  const fromMeta = metaPolicy.exec(html)?.[1]?.replaceAll('&#39;', "'").replaceAll('&quot;', '"').trim();
  const policy = fromMeta
    ? `${fromMeta.replace(/;\s*$/, '')}; ${headerOnlyDirectives}`
    : `default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; ${headerOnlyDirectives}`;
  policyCache.set(resolved.file, { mtimeMs: resolved.mtimeMs, policy });
  return policy;
}

/** Whether an Accept-Encoding header allows `coding` (listed without q=0). */
export function acceptsEncoding(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The precompressed twin (.br, else .gz) the client accepts, if the build wrote one. */
async function compressedTwin(
  resolved: ResolvedFile,
  acceptEncoding: string,
): Promise<{ file: ResolvedFile; encoding: string } | undefined> {
  for (const [coding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!acceptsEncoding(acceptEncoding, coding)) continue;
    const twin = await fileAt(`${resolved.file}${suffix}`);
    if (twin) return { file: twin, encoding: coding };
  }
  return undefined;
}

async function sendFile(reply: FastifyReply, urlPath: string, resolved: ResolvedFile, status: number, acceptEncoding: string) {
  const ext = path.extname(resolved.file).toLowerCase();
  reply.code(status);
  reply.header('content-type', contentTypes[ext] ?? 'application/octet-stream');
  reply.header('vary', 'Accept-Encoding');
  const twin = await compressedTwin(resolved, acceptEncoding);
  const body = twin?.file ?? resolved;
  if (twin) reply.header('content-encoding', twin.encoding);
  reply.header('content-length', body.size);
  if (urlPath.startsWith('/_astro/')) {
    // Astro fingerprints bundled assets, so they never change under one name.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  } else if (uncachedFiles.test(urlPath)) {
    reply.header('cache-control', 'no-store');
  } else {
    reply.header('cache-control', 'no-cache');
  }
  if (ext === '.html') reply.header('content-security-policy', await pagePolicy(resolved));
  return reply.send(createReadStream(body.file));
}

/**
 * The path of a request target, or undefined when no URL parser accepts it. `//host` at the start is
 * a path here, not another host: the target is always origin-form, so it is read against our own.
 */
export function sitePathOf(requestUrl: string): string | undefined {
  const target = requestUrl.split(/[?#]/, 1)[0] ?? '';
  if (!target.startsWith('/')) return undefined;
  try {
    return new URL(`http://site${target.replace(/^\/+/, '/')}`).pathname;
  } catch {
    return undefined;
  }
}

async function personExistsAt(lookups: StaticSiteLookups, id: string): Promise<boolean> {
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) return false;
  return lookups.personExists(Number(id));
}

/** What the static site asks the database: whether a person's pages exist (an open account). */
export interface StaticSiteLookups {
  personExists(userId: number): Promise<boolean>;
  /** The address of the person's public page when it is on (`/in/{address}`), else null. */
  publicAddressOf(userId: number): Promise<string | null>;
}

// `/profile-{id}` and `/profile-{id}/…` (with `/uk` before them) are that person's pages.
const personPagePath = /^(?:\/uk)?\/profile-([^/]+)(?:\/|$)/;
// A person's profile itself, not a page below it.
const personProfilePath = /^(\/uk)?\/profile-([1-9]\d{0,9})\/?$/;

/** Whether the request carries the session cookie the site sets when someone signs in. */
function carriesSession(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((part) => {
    const [name, ...value] = part.trim().split('=');
    return name === sessionCookieName && value.join('=') !== '';
  });
}

/**
 * Registers the catch-all GET route that serves `siteDir`; unknown API paths answer JSON 404. A
 * person's page of no open account (`/profile-9999`, `/profile-abc/careers`) answers the 404 page
 * with status 404 (issue 36 point 9), not the prerendered shell with 200.
 */
export function installStaticSite(app: FastifyInstance, siteDir: string, lookups?: StaticSiteLookups): void {
  const root = path.resolve(siteDir);

  const handler = async (urlPath: string, reply: FastifyReply, acceptEncoding: string, onCompanyHost: boolean, signedIn: boolean) => {
    if (urlPath === '/api' || urlPath.startsWith('/api/')) {
      throw new NotFoundError();
    }
    // A signed-out visitor of a person's profile goes to that person's public page when they have
    // one (issue 36 point 5): the app's page would only ask them to sign in.
    const profile = onCompanyHost || signedIn || !lookups ? null : personProfilePath.exec(urlPath);
    if (profile && Number(profile[2]) <= 2_147_483_647) {
      const address = await lookups!.publicAddressOf(Number(profile[2]));
      if (address) {
        return reply
          .code(302)
          .header('cache-control', 'no-store')
          .header('vary', 'Cookie')
          .header('location', `${profile[1] ?? ''}/in/${encodeURIComponent(address)}`)
          .send();
      }
    }
    // company.{host} is the company workspace (SPEC §7, decision 090): its pages live under company/.
    const target = onCompanyHost ? companySitePath(urlPath) : rewriteSitePath(urlPath);
    const person = onCompanyHost ? null : personPagePath.exec(urlPath);
    const noSuchPerson = person !== null && lookups !== undefined && !(await personExistsAt(lookups, person[1]!));
    const hidden = noSuchPerson || (!onCompanyHost && isCompanyPagePath(target));
    const resolved = hidden ? undefined : await resolveSiteFile(root, target);
    if (resolved) return sendFile(reply, urlPath, resolved, HttpStatus.ok, acceptEncoding);
    const localePrefix = target.startsWith('/uk/') || target === '/uk' ? '/uk' : '';
    const notFoundPage = (await resolveSiteFile(root, `${localePrefix}/404`)) ?? (await resolveSiteFile(root, '/404'));
    if (notFoundPage) return sendFile(reply, '/404.html', notFoundPage, HttpStatus.notFound, acceptEncoding);
    return reply
      .code(HttpStatus.notFound)
      .type('text/plain; charset=utf-8')
      .send('Page not found. The site has not been built: run npm run build.');
  };

  const encodingOf = (request: FastifyRequest) => String(request.headers['accept-encoding'] ?? '');
  const serve = (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = sitePathOf(request.url);
    if (urlPath === undefined) throw new BadRequestError('Malformed request path.');
    return handler(urlPath, reply, encodingOf(request), isCompanyHostname(request.hostname), carriesSession(request.headers.cookie));
  };
  app.get('/*', { schema: { hide: true } }, serve);
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return serve(request, reply);
    // SPEC §7: a multipart POST standing for a PUT is routed again as the PUT (decision 174).
    if (await routeAsOverriddenMethod(app, request, reply)) return reply;
    throw new NotFoundError();
  });
}
