// Sends a stored file: its type, size and Content-Disposition, and one byte range when asked for
// (RFC 9110 §14: `Range: bytes=a-b`, `a-` or `-n`); the store (folder or bucket) reads only that range.
// Several ranges in one request are answered with the whole file, which the RFC allows.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../../domain-errors.ts';
import type { openStoredFile } from './service.ts';
import type { ByteRange } from './store.ts';

type Stored = NonNullable<Awaited<ReturnType<typeof openStoredFile>>>;

/** The one range `header` asks for within `size` bytes; 'unsatisfiable', or undefined for the whole file. */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!match || (!match[1] && !match[2])) return undefined;
  if (!match[1]) {
    // A suffix: the last n bytes.
    const length = Number(match[2]);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export interface DownloadOptions {
  /** The name the file downloads under. */
  name: string;
  inline: boolean;
  cacheControl: string;
  /** Whether to honour Range (the route documents 206 and 416). */
  ranges: boolean;
}

export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, stored: Stored, options: DownloadOptions) {
  const { row } = stored;
  const encoded = encodeURIComponent(options.name);
  reply
    .header('content-type', row.mimeType)
    .header('content-disposition', `${options.inline ? 'inline' : 'attachment'}; filename="${encoded}"; filename*=UTF-8''${encoded}`)
    .header('cache-control', options.cacheControl)
    .header('content-security-policy', "default-src 'none'; sandbox; frame-ancestors 'none'");
  const range = options.ranges ? requestedRange(request.headers.range, row.size) : undefined;
  if (options.ranges) reply.header('accept-ranges', 'bytes');
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${row.size}`).header('content-length', 0).send();
  }
  // Stored under a name that is never reused, so the bytes cannot change between ranges: If-Range
  // would always match and is not read.
  const stream = await stored.stream(range);
  if (!stream) throw new NotFoundError();
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${row.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', row.size);
  }
  return reply.send(stream);
}
