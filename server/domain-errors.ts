// The errors services throw, in one module and free of HTTP: each carries a stable code from
// contract/errors.ts, and the one error handler (http/errors.ts) turns it into the answer, status
// included. Features subclass these for their own meaning; nobody maps errors per feature.
import type { ConflictCode, ErrorCode, ErrorCodeOf, HttpStatus } from '../contract/errors.ts';
import type { Locale } from '../contract/locale.ts';

/** A violation before localisation: the field and a message reference (contract/validation.ts). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** Any error a client may be told about; `details` join the answer's body as they are. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: Readonly<Record<string, string | number>>;
  constructor(code: ErrorCode, message: string, details: Record<string, string | number> = {}) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.details = details;
  }

  /** The answer's message in the request's language; the English message unless an error words it otherwise. */
  messageIn(_locale: Locale): string {
    return this.message;
  }
}

/** The request itself is malformed in a way no schema describes (a broken path, …): 400. */
export class BadRequestError extends DomainError {
  constructor(message = 'Bad request.') {
    super('bad_request', message);
  }
}

/** The caller is not signed in, or the credentials are wrong (401). */
export class UnauthenticatedError extends DomainError {
  constructor(message = 'Unauthenticated.', code: ErrorCodeOf<typeof HttpStatus.unauthorized> = 'unauthenticated') {
    super(code, message);
  }
}

/** The caller may not do this (403). */
export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden.', code: ErrorCodeOf<typeof HttpStatus.forbidden> = 'forbidden') {
    super(code, message);
  }
}

/** The thing does not exist, or belongs to someone else: both answer 404 so ids cannot be probed. */
export class NotFoundError extends DomainError {
  constructor(message = 'Not found.', code: ErrorCodeOf<typeof HttpStatus.notFound> = 'not_found') {
    super(code, message);
  }
}

/** The step is already done or cannot be done in the current state (409); the code names which state. */
export class ConflictError extends DomainError {
  constructor(code: ConflictCode, message: string, details: Record<string, string | number> = {}) {
    super(code, message, details);
  }
}

/** Rules about fields the schema cannot check (a duplicate, a code that does not match, …): 422. */
export class RuleBrokenError extends DomainError {
  readonly problems: readonly FieldProblem[];
  constructor(problems: FieldProblem[]) {
    super('validation_failed', 'The given data was invalid.');
    this.problems = problems;
  }
}

/**
 * A sensitive change without its proof or with a wrong one (decision 235): 403 with the
 * code that says which, and the field to show it on.
 */
export class ReauthenticationError extends DomainError {
  readonly problems: readonly FieldProblem[];
  constructor(code: 'reauthentication_required' | 'reauthentication_failed', message: string, problems: FieldProblem[]) {
    super(code, message);
    this.problems = problems;
  }
}

/** Asked again before the wait is over: 429 with Retry-After. */
export class TooSoonError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message: string, details: Record<string, string | number> = {}) {
    super('too_soon', message, { retry_after: retryAfterSeconds, ...details });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Too many requests in a window (the rate limits): 429 with Retry-After. */
export class TooManyError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = 'Too many requests. Please try again later.') {
    super('too_many_requests', message, { retry_after: retryAfterSeconds });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** An upload over its kind's size limit (413). */
export class FileTooLargeError extends DomainError {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    const megabytes = Math.round(maxBytes / 1024 / 1024);
    super('file_too_large', `The file is larger than ${megabytes} MB.`, { max_megabytes: megabytes });
    this.maxBytes = maxBytes;
  }
}

/** An upload that would take its owner past their storage quota (413). */
export class StorageQuotaExceededError extends DomainError {
  constructor(quotaBytes: number) {
    const megabytes = Math.round(quotaBytes / 1024 / 1024);
    super(
      'storage_quota_exceeded',
      `Your files would take more than your ${megabytes} MB of storage. Remove files you no longer need first.`,
      {
        quota_megabytes: megabytes,
      },
    );
  }
}

/** An upload whose content is not one of its kind's types (415). */
export class FileTypeNotAcceptedError extends DomainError {
  constructor() {
    super('file_type_not_accepted', 'This type of file is not accepted here.');
  }
}
