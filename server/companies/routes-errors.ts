// Maps the company services' typed errors to HTTP answers in one place.
import type { FastifyRequest } from 'fastify';
import { HttpStatus } from '../../contract/errors.ts';
import { messageRef } from '../../contract/validation.ts';
import { forbidden, HttpError, notFound, unprocessable } from '../http/errors.ts';
import { localeOf } from '../http/locale.ts';
import { violation } from '../http/violations.ts';
import {
  CompanyAccessDeniedError,
  CompanyConflictError,
  CompanyFieldError,
  CompanyRateLimitError,
  CompanyResourceNotFoundError,
  InvitationClosedError,
  RoleForbiddenError,
  WrongInviteeError,
} from './errors.ts';

/** Runs `work`, turning a known company error into the matching HTTP error. */
export async function withCompanyErrors<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CompanyResourceNotFoundError) throw notFound(error.message);
    if (error instanceof RoleForbiddenError || error instanceof WrongInviteeError) throw forbidden(error.message);
    if (error instanceof CompanyAccessDeniedError) throw forbidden(error.message);
    if (error instanceof InvitationClosedError || error instanceof CompanyConflictError) throw new HttpError(HttpStatus.conflict, error.message);
    if (error instanceof CompanyRateLimitError) {
      throw new HttpError(HttpStatus.tooManyRequests, error.message, undefined, { 'retry-after': String(error.retryAfterSeconds) });
    }
    if (error instanceof CompanyFieldError) {
      const v = violation(error.field, messageRef(error.messageKey), localeOf(request));
      throw unprocessable(v.title, [v]);
    }
    throw error;
  }
}
