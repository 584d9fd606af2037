// The OpenAPI document as the routes really behave (hardening issue, point 8): generated from the
// contract's zod schemas, then completed from facts every route shares, so no route repeats them:
// - bearer security on every operation behind a bearer guard (route-level or plugin-wide);
// - the statuses the shared machinery answers: 400 malformed JSON, 403 cross-site write, 413 body
//   over the limit and 415 unsupported body type on every unsafe method (http/security.ts, Fastify's
//   body parsers), 401 behind a guard, 404 where the path names a thing, 422 where a body, path or
//   query is validated, 429 where a rate limit applies;
// - multipart request bodies, which no zod schema describes (the upload routes stream them);
// - nullable unions typed on each branch, as OpenAPI 3.0 needs a `type` beside `nullable`.
// `server/http/openapi-lint.test.ts` lints the result with Redocly's recommended rules, and the API
// test harness checks every answer the tests see against it (server/test/answer-check.ts).
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';

const bearerGuards = new WeakSet<object>();

/** Marks a preValidation hook as requiring a bearer token, so the document says so. */
export function markBearerGuard<T extends object>(guard: T): T {
  bearerGuards.add(guard);
  return guard;
}

/** A route schema's `security` for a route that checks the bearer token itself (not through a guard hook). */
export const bearerSecurity = [{ bearer: [] }];

/** Documents every route registered in `app`'s context (a plugin with a plugin-wide guard) as needing a bearer token. */
export function documentBearerForAll(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object | undefined), bearer: true } as typeof route.config;
  });
}

function needsBearer(route: RouteOptions): boolean {
  if ((route.config as { bearer?: boolean } | undefined)?.bearer) return true;
  const hooks = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
  return hooks.some((hook) => bearerGuards.has(hook));
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const verbs: Record<string, string> = { GET: 'Read', HEAD: 'Read', POST: 'Submit to', PUT: 'Replace', PATCH: 'Change', DELETE: 'Delete' };

const methodOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method[0] : route.method) ?? 'GET';

/** `/api/profile/:id` as OpenAPI writes it: `/api/profile/{id}`. */
export function openApiPathOf(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** A stable id from method and path: `get_api_profile_show_identifier`. */
function operationIdOf(method: string, url: string): string {
  return `${method.toLowerCase()}_${url.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')}`;
}

type DocumentedSchema = FastifySchema & {
  hide?: boolean;
  summary?: string;
  operationId?: string;
  security?: unknown;
  consumes?: readonly string[];
  produces?: readonly string[];
};

const multipartFileBody = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'The file (one part named file).' } },
};

/** OpenAPI 3.0 wants a `type` beside `nullable`: a nullable union becomes a union of nullable branches. */
export function typeNullableUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) typeNullableUnions(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  const branches = (schema['anyOf'] ?? schema['oneOf']) as Record<string, unknown>[] | undefined;
  if (schema['nullable'] === true && schema['type'] === undefined && Array.isArray(branches)) {
    delete schema['nullable'];
    for (const branch of branches) branch['nullable'] = true;
  }
  // OpenAPI 3.0.3: `nullable` does not widen an `enum`, so a nullable enum lists null among its values.
  if (schema['nullable'] === true && Array.isArray(schema['enum']) && !(schema['enum'] as unknown[]).includes(null)) {
    (schema['enum'] as unknown[]).push(null);
  }
  for (const value of Object.values(schema)) typeNullableUnions(value);
}

/** The swagger `transform`: the zod conversion, then what every route shares. */
export const openApiTransform: SwaggerTransform = (input) => {
  const { route, url } = input;
  const method = methodOf(route);
  const schema: DocumentedSchema = { ...(input.schema as DocumentedSchema) };
  if (schema.hide) return jsonSchemaTransform({ ...input, schema });
  const bearer = needsBearer(route) || (Array.isArray(schema.security) && schema.security.length > 0);
  const shared: Record<number, typeof ErrorResponse> = {};
  if (unsafeMethods.has(method))
    Object.assign(shared, {
      [HttpStatus.badRequest]: ErrorResponse,
      [HttpStatus.forbidden]: ErrorResponse,
      [HttpStatus.unsupportedMediaType]: ErrorResponse,
    });
  if (bearer) shared[HttpStatus.unauthorized] = ErrorResponse;
  if (schema.body || schema.params || schema.querystring) shared[HttpStatus.unprocessable] = ErrorResponse;
  // A path naming a thing (an id, a file name) answers 404 when there is none, or it is someone else's.
  if (schema.params) shared[HttpStatus.notFound] = ErrorResponse;
  if (unsafeMethods.has(method)) shared[HttpStatus.payloadTooLarge] = ErrorResponse;
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) shared[HttpStatus.tooManyRequests] = ErrorResponse;
  const routeConfig = route.config as { etag?: boolean; sharedEtag?: boolean } | undefined;
  const revalidated = routeConfig?.etag === true || routeConfig?.sharedEtag === true;
  const response: Record<string, unknown> = { ...shared, ...(schema.response as object | undefined) };
  schema.response = response;
  // A route that streams its answer (a file, an export) has no zod schema for it: it is described
  // by the type it produces.
  const answersSomething = Object.keys(response).some((status) => status.startsWith('2'));
  const nonJson = !answersSomething ? (schema.produces ?? ['application/json']) : undefined;
  schema.summary ??= `${verbs[method] ?? method} ${openApiPathOf(url)}`;
  schema.operationId ??= operationIdOf(method, url);
  schema.security ??= bearer ? [{ bearer: [] }] : [];
  const transformed = jsonSchemaTransform({ ...input, schema });
  const out = transformed.schema as DocumentedSchema;
  if (!out.body && schema.consumes?.includes('multipart/form-data')) out.body = multipartFileBody;
  if (nonJson) {
    const binary = !nonJson.some((type) => type.includes('json'));
    const responses = out.response as Record<string, unknown>;
    responses['200'] = binary
      ? { description: 'The file', type: 'string', format: 'binary' }
      : { description: 'The document', type: 'object' };
    // A file answers byte ranges (server/shared/uploads/download.ts).
    if (binary) {
      responses['206'] = { description: 'The range of the file the Range header asked for', type: 'string', format: 'binary' };
      responses['416'] = { description: 'The range asked for lies outside the file (Content-Range says its size)', type: 'null' };
    }
  }
  // An answer with an ETag (server/http/etag.ts) may be 304 to a matching If-None-Match.
  if (revalidated)
    (out.response as Record<string, unknown>)['304'] = {
      description: 'Not modified: the ETag in If-None-Match is still current',
      type: 'null',
    };
  typeNullableUnions(out);
  return transformed;
};

/** The swagger `transformObject`: where the API answers (same origin as the site by default). */
export const openApiTransformObject: SwaggerTransformObject = (documentObject) => {
  const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
  return { ...document, servers: [{ url: '/', description: 'The API, on the site origin (or PUBLIC_API_URL)' }] };
};
