// Typed errors services throw, and the one error handler that turns any error into the wire shape.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorResponse, Violation } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { SchemaValidationError, violationsFromIssues } from './violations.ts';
import { localeOf } from './locale.ts';

/** An error with a status and a message safe to show to the user. */
export class HttpError extends Error {
  readonly status: number;
  readonly violations: Violation[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(status: number, message: string, violations?: Violation[], headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.violations = violations;
    this.headers = headers;
  }
}

export const unauthorized = (message = 'Unauthenticated.') => new HttpError(HttpStatus.unauthorized, message);
// Another user's private resource answers 404, not 403, so ids cannot be probed (ARCHITECTURE).
export const notFound = (message = 'Not found.') => new HttpError(HttpStatus.notFound, message);
export const forbidden = (message = 'Forbidden.') => new HttpError(HttpStatus.forbidden, message);

/** 422 with violations, as a service reports a rule the schema cannot express. */
export function unprocessable(message: string, violations: Violation[]): HttpError {
  return new HttpError(HttpStatus.unprocessable, message, violations);
}

const genericServerMessage = 'Something went wrong on our side. Please try again later.';

/** Installs the single error handler: 4xx keep their message, 5xx are logged and hidden. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorResponse = { message: error.message };
      if (error.violations) body.violations = error.violations;
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).send(body);
    }
    if (error instanceof SchemaValidationError) {
      const violations = violationsFromIssues(error.issues, localeOf(request), error.validationContext);
      const body: ErrorResponse = { message: violations[0]?.title ?? 'The given data was invalid.', violations };
      return reply.code(HttpStatus.unprocessable).send(body);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : HttpStatus.internal;
    if (status >= 400 && status < 500) {
      if (status === HttpStatus.tooManyRequests && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return reply.code(status).send({ message: clientMessage(error) } satisfies ErrorResponse);
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply
      .code(HttpStatus.internal)
      .send({ message: `${genericServerMessage} (reference ${request.id})` } satisfies ErrorResponse);
  });
}

// Fastify's own 4xx messages name internals ("FST_ERR_CTP_..."); keep them short and plain.
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type. Send JSON or multipart form data.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty. Send a JSON object.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message || 'Bad request.';
  }
}
