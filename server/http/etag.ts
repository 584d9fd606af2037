// Validators for reads many people repeat (decision 197): a route with `config: { etag: true }`
// answers 200 with a weak ETag of its JSON body and `Cache-Control: private, no-cache`, so the browser
// keeps the answer and revalidates it with If-None-Match; a match answers 304 with no body. The body
// depends on who asks (the bearer token), hence Vary: Authorization and never a shared cache.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer with an ETag and honour If-None-Match (server/http/etag.ts). */
    etag?: boolean;
    /**
     * The route answers with an ETag of its own, one everyone shares (a kept public document), and
     * 304 to a matching If-None-Match: the API document lists the 304 (decision 232).
     */
    sharedEtag?: boolean;
  }
}

export const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether an If-None-Match header names `tag` (weak comparison, `*` matches anything). */
export function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = tag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === opaque;
  });
}

export function installEtags(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config?.etag || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    const tag = etagOf(payload);
    reply.header('etag', tag).header('cache-control', 'private, no-cache').header('vary', 'authorization');
    if (!matches(request.headers['if-none-match'], tag)) return payload;
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  });
}
