// SPEC §7 and ARCHITECTURE "API conventions": a PUT with form data arrives as POST with a field
// `_method` set to PUT (browsers' and PHP-style servers' way for multipart PUTs). Routing looks at the
// method before any body is read, so the server's request listener reads the start of such a body
// first: when its first part is `_method` = PUT, the request is routed as the PUT it stands for. The
// bytes read go back to the front of the stream, so the route parses the body exactly as sent. Only
// multipart POSTs are looked at, and only their first part (the client sends `_method` first);
// everything else passes untouched.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** How much of a body is read at most to find its first part (a field name and a short value). */
const peekLimit = 4 * 1024;

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
  if (text.length < opening.length) return 'need-more';
  if (!text.startsWith(opening)) return { method: null };
  const headersEnd = text.indexOf('\r\n\r\n', opening.length);
  if (headersEnd < 0) return 'need-more';
  const disposition = /^content-disposition:\s*form-data;\s*name="([^"]*)"(.*)$/im.exec(text.slice(opening.length, headersEnd));
  if (!disposition || disposition[1] !== '_method' || /filename=/i.test(disposition[2] ?? '')) return { method: null };
  const valueEnd = text.indexOf(`\r\n--${boundary}`, headersEnd + 4);
  if (valueEnd < 0) return 'need-more';
  return { method: text.slice(headersEnd + 4, valueEnd).trim().toUpperCase() === 'PUT' ? 'PUT' : null };
}

/** Reads the start of a multipart POST and makes it a PUT when its first part says `_method=PUT`. */
export function applyMethodOverride(req: IncomingMessage): Promise<void> {
  const boundary = req.method === 'POST' ? boundaryOf(req.headers['content-type']) : null;
  if (!boundary) return Promise.resolve();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (method: 'PUT' | null) => {
      req.off('readable', onReadable);
      req.off('end', onEnd);
      req.off('error', onEnd);
      if (chunks.length && !req.readableEnded) req.unshift(Buffer.concat(chunks));
      if (method) req.method = method;
      resolve();
    };
    const decide = (): boolean => {
      const decision = overrideIn(Buffer.concat(chunks), boundary);
      if (decision !== 'need-more') finish(decision.method);
      else if (size >= peekLimit || req.readableEnded) finish(null);
      else return false;
      return true;
    };
    function onReadable() {
      let chunk: Buffer | null;
      while ((chunk = req.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        size += chunk.length;
        if (decide()) return;
      }
      // The stream has ended with the first part still incomplete: pass the body on as it is.
      if (chunks.length && (req as IncomingMessage & { _readableState?: { ended?: boolean } })._readableState?.ended) finish(null);
    }
    function onEnd() {
      finish(null);
    }
    req.on('readable', onReadable);
    req.once('end', onEnd);
    req.once('error', onEnd);
  });
}

/** The HTTP server the API listens with (Fastify's `serverFactory`): every request passes `applyMethodOverride` first. */
export function methodOverrideServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Server {
  return createServer((req, res) => {
    void applyMethodOverride(req).then(() => handler(req, res));
  });
}
