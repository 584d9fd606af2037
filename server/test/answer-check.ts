// Every answer an API test sees is checked against the OpenAPI document (hardening issue, point 8):
// its status must be one the operation lists, its JSON body must match that status's schema, and an
// 'unauthenticated' 401 must come from an operation that declares bearer security. The harness installs this on each
// test app and fails the test file at close when anything disagreed, so the document cannot drift
// from what the routes do without a red test.
import AjvDraft04 from 'ajv-draft-04';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openApiPathOf } from '../http/openapi.ts';

type JsonSchema = Record<string, unknown>;
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, unknown>[];
}
interface Document {
  paths?: Record<string, Record<string, Operation>>;
}

/** What disagreed, as `METHOD path status: reason` lines. */
export interface AnswerCheck {
  problems: string[];
}

const Ajv = (AjvDraft04 as unknown as { default?: typeof AjvDraft04 }).default ?? AjvDraft04;

// The document and its compiled validators, kept for the worker's next test app with the same routes
// (decision 229): building the document converts every operation's zod schemas and compiling them runs
// ajv, 50 of the PGlite API suite's 177 CPU seconds when each test file's app did both again. The
// document is made from the routes alone (their schemas and route options are code, not
// configuration), so apps whose route tables are equal share it; an app with another route (metrics,
// a site folder) gets its own.
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
const documents = new Map<string, { document: Document; validators: Map<string, ReturnType<typeof ajv.compile>> }>();

/** Adds the checking hook to `app` (before `ready()`); read `problems` after the tests. */
export function checkAnswersAgainstDocument(app: FastifyInstance): AnswerCheck {
  const check: AnswerCheck = { problems: [] };
  let kept: { document: Document; validators: Map<string, ReturnType<typeof ajv.compile>> } | undefined;
  const documentOf = () => {
    if (kept) return kept;
    const routes = app.printRoutes({ commonPrefix: false, includeHooks: false });
    kept = documents.get(routes);
    if (!kept) {
      kept = { document: app.swagger() as Document, validators: new Map() };
      documents.set(routes, kept);
    }
    return kept;
  };

  const problem = (request: FastifyRequest, status: number, reason: string) => {
    const line = `${request.method} ${request.routeOptions.url ?? request.url} ${status}: ${reason}`;
    if (!check.problems.includes(line)) check.problems.push(line);
  };

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const routeUrl = request.routeOptions.url;
    const schema = request.routeOptions.schema as { hide?: boolean } | undefined;
    // No route (an unknown path answered by the not-found handler) or a route kept out of the document.
    if (!routeUrl || schema?.hide) return payload;
    const { document, validators } = documentOf();
    const method = request.method.toLowerCase() === 'head' ? 'get' : request.method.toLowerCase();
    const operation = document.paths?.[openApiPathOf(routeUrl)]?.[method];
    const status = reply.statusCode;
    if (!operation) {
      problem(request, status, 'the operation is not in the document');
      return payload;
    }
    const response = operation.responses?.[String(status)];
    if (!response) {
      problem(request, status, `status not listed (listed: ${Object.keys(operation.responses ?? {}).join(', ')})`);
      return payload;
    }
    const type = String(reply.getHeader('content-type') ?? '');
    const bodySchema = response.content?.['application/json']?.schema;
    if (!type.startsWith('application/json') || typeof payload !== 'string' || !bodySchema) return payload;
    const key = `${method} ${routeUrl} ${status}`;
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(bodySchema);
      validators.set(key, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      problem(request, status, 'the body is not JSON');
      return payload;
    }
    if (!validate(body)) problem(request, status, `body does not match the document: ${ajv.errorsText(validate.errors)}`);
    // 'Unauthenticated' means a bearer token was wanted (a wrong password at sign-in is another 401).
    if (
      body !== null &&
      typeof body === 'object' &&
      (body as { code?: unknown }).code === 'unauthenticated' &&
      !operation.security?.some((requirement) => 'bearer' in requirement)
    ) {
      problem(request, status, 'asks for a token but declares no bearer security');
    }
    return payload;
  });
  return check;
}
