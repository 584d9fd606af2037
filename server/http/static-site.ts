// Serves the prerendered site from dist/ on the API's origin (the embedded default), with the same
// rewrite rules the build emits for static hosts (ARCHITECTURE "Routing on a static host").
// Which file a path names is ours (Astro's pages, the 404 page per language); sending it is
// @fastify/static's: content types, the .br/.gz twins, ETags and its own guard against leaving the root.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '../../contract/auth.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { BadRequestError, NotFoundError } from '../domain-errors.ts';
import { companySitePath, isCompanyHostname, isCompanyPagePath } from '../../contract/company-hosts.ts';
import { rewriteSitePath } from '../../contract/site-rewrites.ts';
import { routeAsOverriddenMethod } from './method-override.ts';
import { headerOnlyDirectives } from './security.ts';

async function isFileAt(root: string, file: string): Promise<boolean> {
  try {
    return (await stat(path.join(root, file))).isFile();
  } catch {
    return false;
  }
}

/**
 * The file under `root` a URL path names, as a path from the root: `path`, `path.html` or
 * `path/index.html` (Astro's directory format). A path that decodes to a step out of the root, or
 * to a NUL, names none.
 */
export async function resolveSiteFile(root: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split('/').includes('..')) return undefined;
  const relative = `/${path.posix.normalize(decoded).replace(/^\/+/, '')}`;
  const candidates = relative.endsWith('/') ? [`${relative}index.html`] : [relative, `${relative}.html`, `${relative}/index.html`];
  for (const candidate of candidates) if (await isFileAt(root, candidate)) return candidate;
  return undefined;
}

// Files the client polls to notice a new build must never come from a cache (SPEC §7).
const uncachedFiles = /^\/(version\.json|builds\/latest\.json)$/;

// The page's own CSP lives in a <meta> Astro writes with hashes of its inline scripts; the same
// policy goes into the header (plus what a meta tag cannot carry), cached per file version.
const metaPolicy = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i;
const policyCache = new Map<string, { mtimeMs: number; policy: string }>();

async function pagePolicy(file: string, mtimeMs: number): Promise<string> {
  const cached = policyCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.policy;
  const html = await readFile(file, 'utf8');
  const fromMeta = metaPolicy.exec(html)?.[1]?.replaceAll('&#39;', "'").replaceAll('&quot;', '"').trim();
  const policy = fromMeta
    ? `${fromMeta.replace(/;\s*$/, '')}; ${headerOnlyDirectives}`
    : `default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; ${headerOnlyDirectives}`;
  policyCache.set(file, { mtimeMs, policy });
  return policy;
}

const compressedSuffix = /\.(br|gz)$/;

/**
 * Sends the file `sitePath` names under `root` through @fastify/static: it picks `path`, `path.html`
 * or `path/index.html`, refuses paths that leave the root, sends the .br or .gz twin the client
 * accepts (with Vary), and answers conditional requests by ETag. A file that is not there goes to
 * the not-found handler, which serves the 404 page.
 */
function sendSiteFile(reply: FastifyReply, root: string, sitePath: string, cachePath: string) {
  const immutable = cachePath.startsWith('/_astro/');
  // Astro fingerprints bundled assets, so they never change under one name.
  if (!immutable) reply.header('cache-control', uncachedFiles.test(cachePath) ? 'no-store' : 'no-cache');
  reply.header('vary', 'Accept-Encoding');
  return reply.sendFile(sitePath, root, {
    extensions: ['html'],
    index: ['index.html'],
    cacheControl: immutable,
    maxAge: immutable ? '365d' : 0,
    immutable,
    // A 404 page is never "not modified": its status says what the request found.
    etag: reply.statusCode === HttpStatus.ok,
    lastModified: reply.statusCode === HttpStatus.ok,
    onFile: async (file, stats) => {
      const page = file.replace(compressedSuffix, '');
      if (page.endsWith('.html')) {
        // The policy comes from the page itself, not from its compressed twin (same version).
        reply.header('content-security-policy', await pagePolicy(page, stats.mtimeMs));
      }
    },
  });
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
 * with status 404, not the prerendered shell with 200: a crawler or a link checker must see that it is gone.
 */
export async function installStaticSite(app: FastifyInstance, siteDir: string, lookups?: StaticSiteLookups): Promise<void> {
  const root = path.resolve(siteDir);
  // Only `reply.sendFile`: the catch-all route below decides which file answers.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, suppressWarning: true });

  const handler = async (urlPath: string, reply: FastifyReply, onCompanyHost: boolean, signedIn: boolean) => {
    if (urlPath === '/api' || urlPath.startsWith('/api/')) {
      throw new NotFoundError();
    }
    // A signed-out visitor of a person's profile goes to that person's public page when they have
    // one (decision 251): the app's page would only ask them to sign in.
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
    if (resolved) return sendSiteFile(reply, root, resolved, urlPath);
    const localePrefix = target.startsWith('/uk/') || target === '/uk' ? '/uk' : '';
    const notFoundPage = (await resolveSiteFile(root, `${localePrefix}/404`)) ?? (await resolveSiteFile(root, '/404'));
    if (notFoundPage) return sendSiteFile(reply.code(HttpStatus.notFound), root, notFoundPage, '/404.html');
    return reply
      .code(HttpStatus.notFound)
      .type('text/plain; charset=utf-8')
      .send('Page not found. The site has not been built: run npm run build.');
  };

  const serve = (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = sitePathOf(request.url);
    if (urlPath === undefined) throw new BadRequestError('Malformed request path.');
    return handler(urlPath, reply, isCompanyHostname(request.hostname), carriesSession(request.headers.cookie));
  };
  app.get('/*', { schema: { hide: true } }, serve);
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return serve(request, reply);
    // SPEC §7: a multipart POST standing for a PUT is routed again as the PUT (decision 174).
    if (await routeAsOverriddenMethod(app, request, reply)) return reply;
    throw new NotFoundError();
  });
}
