// The one error handler: turns any error into the wire shape `{ message, code, violations? }`. The
// status comes from the code's row in contract/errors.ts, so no feature maps its errors to HTTP.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus, statusOfCode, type ErrorCode } from '../../contract/errors.ts';
import { DomainError, ReauthenticationError, RuleBrokenError, TooManyError, TooSoonError } from '../domain-errors.ts';
import { SchemaValidationError, violation, violationsFromIssues } from './violations.ts';
import { localeOf } from './locale.ts';

const genericServerMessage = 'Something went wrong on our side. Please try again later.';
const defaultRetryAfterSeconds = 60;

function sendDomainError(error: DomainError, request: FastifyRequest, reply: FastifyReply) {
  const body: ErrorResponse & Record<string, unknown> = { ...error.details, message: error.messageIn(localeOf(request)), code: error.code };
  if (error instanceof RuleBrokenError || error instanceof ReauthenticationError) {
    const locale = localeOf(request);
    body.violations = error.problems.map((p) => violation(p.field, p.message, locale));
    body.message = body.violations[0]?.title ?? error.message;
  }
  if (error instanceof TooSoonError || error instanceof TooManyError) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  return reply.code(statusOfCode(error.code)).send(body);
}

// Fastify's and its plugins' own 4xx errors, by their codes; their messages name internals
// ("FST_ERR_CTP_..."), so ours are short and plain.
const frameworkErrors: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_content_type',
    message: 'Unsupported content type. Send JSON or multipart form data.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'empty_body', message: 'The request body is empty. Send a JSON object.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
  PROFILES_JSON_TOO_DEEP: { code: 'invalid_json', message: 'The request body is nested too deeply.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'file_too_large' },
};

// Any other 4xx keeps its status and gets the code of its meaning.
const codeOfStatus: Partial<Record<number, ErrorCode>> = {
  [HttpStatus.unauthorized]: 'unauthenticated',
  [HttpStatus.forbidden]: 'forbidden',
  [HttpStatus.notFound]: 'not_found',
  [HttpStatus.payloadTooLarge]: 'body_too_large',
  [HttpStatus.unsupportedMediaType]: 'unsupported_content_type',
  [HttpStatus.tooManyRequests]: 'too_many_requests',
};

/**
 * The multipart parser's plain errors for a body that breaks off before its closing boundary, or
 * names no boundary: the client's fault, so 400, never a 500.
 */
function isBrokenMultipart(error: Error): boolean {
  return /unexpected end of multipart data$/i.test(error.message) || error.message === 'Multipart: Boundary not found';
}
const brokenMultipartMessage = 'The upload ended before it was complete. Please try again.';

/** Installs the single error handler: 4xx keep their meaning, 5xx are logged and hidden. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) return sendDomainError(error, request, reply);
    if (error instanceof SchemaValidationError) {
      const { violations, total } = violationsFromIssues(error.issues, localeOf(request), error.validationContext);
      const body: ErrorResponse = { message: violations[0]?.title ?? error.message, code: 'validation_failed', violations };
      if (total > violations.length) body.violations_total = total;
      return reply.code(HttpStatus.unprocessable).send(body);
    }
    if (typeof error.statusCode !== 'number' && isBrokenMultipart(error)) {
      return reply.code(HttpStatus.badRequest).send({ message: brokenMultipartMessage, code: 'bad_request' } satisfies ErrorResponse);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : HttpStatus.internal;
    if (status >= 400 && status < 500) {
      const known = frameworkErrors[error.code];
      const code = known?.code ?? codeOfStatus[status] ?? 'bad_request';
      if (status === HttpStatus.tooManyRequests && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(defaultRetryAfterSeconds));
      }
      const message = known?.message ?? (error.message || 'Bad request.');
      return reply.code(status).send({ message, code } satisfies ErrorResponse);
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply
      .code(HttpStatus.internal)
      .send({ message: `${genericServerMessage} (reference ${request.id})`, code: 'server_error' } satisfies ErrorResponse);
  });
}
