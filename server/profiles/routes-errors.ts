// Maps the profile services' typed errors to HTTP errors (404, 413, 415, 422) in one place.
import type { FastifyRequest } from 'fastify';
import { HttpStatus } from '../../contract/errors.ts';
import { HttpError, notFound, unprocessable } from '../http/errors.ts';
import { localeOf } from '../http/locale.ts';
import { violation } from '../http/violations.ts';
import { FileTooLargeError, UnsupportedFileError } from '../uploads/service.ts';
import { EmailNotVerifiedError, FieldRuleError, ItemNotFoundError } from './errors.ts';
import { ProfileNotFoundError } from './service.ts';

/** Runs `work`, turning a known service error into the matching HTTP error. */
export async function withProfileErrors<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProfileNotFoundError) throw notFound('Profile not found');
    if (error instanceof ItemNotFoundError) throw notFound(error.message);
    if (error instanceof EmailNotVerifiedError) throw new HttpError(HttpStatus.forbidden, error.message);
    if (error instanceof FieldRuleError) {
      const v = violation(error.field, error.messageRef, localeOf(request));
      throw unprocessable(v.title, [v]);
    }
    if (error instanceof FileTooLargeError) throw new HttpError(HttpStatus.payloadTooLarge, error.message);
    if (error instanceof UnsupportedFileError) throw new HttpError(HttpStatus.unsupportedMediaType, error.message);
    throw error;
  }
}
