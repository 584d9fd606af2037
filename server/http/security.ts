// Security headers on every answer, and the cross-site check on unsafe methods. The session cookie is
// readable by scripts (SPEC §9), so SameSite alone does not stop a forged cross-site form post.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../domain-errors.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Non-HTML answers (JSON, files) need no scripts or styles at all.
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

// Directives a <meta> policy cannot carry; appended to the page's own policy (see static-site.ts).
export const headerOnlyDirectives = "frame-ancestors 'none'";

export interface SecurityOptions {
  allowedOrigins: string[];
  trustProxy: boolean;
}

/** Whether the request came over https (the proxy's word counts only when it is trusted). */
export function isHttps(request: FastifyRequest, trustProxy: boolean): boolean {
  if (request.protocol === 'https') return true;
  return trustProxy && request.headers['x-forwarded-proto'] === 'https';
}

/** Why an unsafe request must be refused, or undefined when it may proceed. */
export function crossSiteRefusal(
  method: string,
  headers: FastifyRequest['headers'],
  allowedOrigins: readonly string[],
): string | undefined {
  if (!unsafeMethods.has(method)) return undefined;
  if (headers['sec-fetch-site'] === 'cross-site') return 'Cross-site requests are not allowed.';
  const origin = headers.origin;
  // Browsers send Origin on every unsafe request; its absence means a non-browser client, which
  // holds no ambient credentials to abuse.
  if (origin !== undefined && !allowedOrigins.includes(origin)) return 'This origin is not allowed.';
  return undefined;
}

export function installSecurity(app: FastifyInstance, options: SecurityOptions): void {
  app.addHook('onRequest', async (request) => {
    const refusal = crossSiteRefusal(request.method, request.headers, options.allowedOrigins);
    if (refusal) throw new ForbiddenError(refusal, 'cross_site_refused');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', apiContentSecurityPolicy);
    }
    if (isHttps(request, options.trustProxy)) {
      reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains');
    }
    return payload;
  });
}
