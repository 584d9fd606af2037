// The JSON body parser: Fastify's own (prototype-poisoning checks included), behind a nesting limit.
// No request the API takes nests deeper than a few levels, and a body of 200 KB of `[[[…]]]` costs
// every later step (schema, checks, logging) time per level: it is refused at the parser, in one
// linear pass over the text, before anything walks it.
import type { FastifyInstance } from 'fastify';
import { HttpStatus } from '../../contract/errors.ts';

/** The deepest nesting of arrays and objects a JSON body may have. */
export const maxJsonDepth = 64;

/** The error the error handler answers with 400 `invalid_json`. */
export class JsonTooDeepError extends Error {
  readonly code = 'PROFILES_JSON_TOO_DEEP';
  readonly statusCode = HttpStatus.badRequest;
  constructor() {
    super(`The request body nests deeper than ${maxJsonDepth} levels.`);
  }
}

/** Whether `text` opens more than `limit` arrays or objects inside each other (strings skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

/** Replaces the JSON parser with one that refuses bodies nested deeper than `maxJsonDepth`. */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, maxJsonDepth)) {
      done(new JsonTooDeepError(), undefined);
      return;
    }
    // Fastify's default parser answers through `done`; its type also allows a promise, which it never returns.
    void parse(request, text, done);
  });
}
