// SPEC §7 and ARCHITECTURE "API conventions": a PUT with form data arrives as POST with a field
// `_method` set to PUT (the way browsers and PHP-style servers send a multipart PUT); the server honours
// it for multipart requests only (decision 174). Fastify routes on the method before any body is read,
// so such a POST first finds no POST route and lands in the not-found handler. There, and only there,
// the start of a multipart body is read: when its first part is `_method` = PUT, the bytes read go back
// to the front of the stream, the request becomes the PUT and Fastify routes it again, so the PUT
// route meets it with its own hooks, guards, limits and body parsing, exactly as sent and still
// streamed. Routes that take POST (every upload) are never looked at, nor is the server's listener
// touched: Fastify keeps its own servers (both of localhost's addresses, its timeouts), and inject()
// takes the same way.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How much of a body is read at most to find its first part (a field name and a short value). */
export const peekLimit = 4 * 1024;

type Decision = { method: 'PUT' | null } | 'need-more';

function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** What the first part of a multipart body (its first bytes, `head`) says about the method. */
export function overrideIn(head: Buffer, boundary: string): Decision {
  const text = head.toString('latin1');
  const opening = `--${boundary}\r\n`;
  if (text.length < opening.length) return opening.startsWith(text) ? 'need-more' : { method: null };
  if (!text.startsWith(opening)) return { method: null };
  const headersEnd = text.indexOf('\r\n\r\n', opening.length);
  if (headersEnd < 0) return 'need-more';
  const disposition = /^content-disposition:\s*form-data;\s*name="([^"]*)"(.*)$/im.exec(text.slice(opening.length, headersEnd));
  if (!disposition || disposition[1] !== '_method' || /filename\*?=/i.test(disposition[2] ?? '')) return { method: null };
  const valueEnd = text.indexOf(`\r\n--${boundary}`, headersEnd + 4);
  if (valueEnd < 0) return 'need-more';
  return {
    method:
      text
        .slice(headersEnd + 4, valueEnd)
        .trim()
        .toUpperCase() === 'PUT'
        ? 'PUT'
        : null,
  };
}

/** What the first part of a multipart POST says its method is: reads at most `peekLimit` bytes and puts them back. */
export function peekOverride(req: IncomingMessage): Promise<'PUT' | null> {
  const boundary = req.method === 'POST' ? boundaryOf(req.headers['content-type']) : null;
  if (!boundary) return Promise.resolve(null);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (method: 'PUT' | null) => {
      if (done) return;
      done = true;
      req.off('readable', onReadable);
      req.off('end', onEnd);
      req.off('error', onEnd);
      req.off('close', onEnd);
      // Back to the front, in order; the stream's end (if it came) follows them.
      if (chunks.length && !req.readableEnded) req.unshift(Buffer.concat(chunks));
      resolve(method);
    };
    function onReadable() {
      let chunk: Buffer | null;
      while (!done && (chunk = req.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        size += chunk.length;
        const decision = overrideIn(Buffer.concat(chunks), boundary!);
        if (decision !== 'need-more') finish(decision.method);
        else if (size >= peekLimit) finish(null);
      }
      // The whole body has come and its first part is still incomplete: give it back before the
      // stream says 'end' (a chunk cannot go back after it).
      if (!done && req.readableLength === 0 && (req as IncomingMessage & { _readableState?: { ended?: boolean } })._readableState?.ended)
        finish(null);
    }
    function onEnd() {
      finish(null);
    }
    req.on('readable', onReadable);
    req.once('end', onEnd);
    req.once('error', onEnd);
    req.once('close', onEnd);
  });
}

const rerouted = new WeakSet<IncomingMessage>();

/**
 * For the not-found handler: when `request` is a multipart POST whose first part is `_method` = PUT,
 * routes it again as the PUT and answers true (the reply is then the PUT route's); false otherwise.
 * A request is routed again once at most: a PUT that finds no route either is an ordinary 404.
 */
export async function routeAsOverriddenMethod(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const raw = request.raw;
  if (raw.method !== 'POST' || rerouted.has(raw) || !request.isMultipart()) return false;
  if ((await peekOverride(raw)) !== 'PUT') return false;
  rerouted.add(raw);
  raw.method = 'PUT';
  // This dispatch ends here without an answer; the PUT's own dispatch answers on the same response.
  reply.hijack();
  app.routing(raw, reply.raw);
  return true;
}
