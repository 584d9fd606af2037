// Turns the account services' typed errors into HTTP answers: 422 violations on the field at fault,
// 409 for a step already done. Anything else passes through to the app's error handler.
import { HttpStatus } from '../../contract/errors.ts';
import type { Locale } from '../../contract/locale.ts';
import { messageRef, type ValidationMessageKey } from '../../contract/validation.ts';
import { HttpError, unprocessable } from '../http/errors.ts';
import { violation } from '../http/violations.ts';
import { CodeRejectedError, type CodeRejection } from '../verification/service.ts';
import { AlreadyTakenError, AlreadyVerifiedError, CommonPasswordError, NoPhoneError } from './service.ts';

const codeMessages = {
  incorrect: 'validation.code',
  expired: 'validation.codeExpired',
  locked: 'validation.codeLocked',
} as const satisfies Record<CodeRejection, ValidationMessageKey>;

const takenMessages = { email: 'validation.emailTaken', phone: 'validation.phoneTaken' } as const;

function invalid(locale: Locale, fields: [string, ValidationMessageKey][]): HttpError {
  const violations = fields.map(([field, key]) => violation(field, messageRef(key), locale));
  return unprocessable(violations[0]?.title ?? 'The given data was invalid.', violations);
}

/** The HTTP error for a service error, or the error itself when it is not one of ours. */
export function accountHttpError(error: unknown, locale: Locale): unknown {
  if (error instanceof AlreadyTakenError) return invalid(locale, error.fields.map((f) => [f, takenMessages[f]]));
  if (error instanceof CommonPasswordError) return invalid(locale, [['password', 'validation.passwordTooCommon']]);
  if (error instanceof CodeRejectedError) return invalid(locale, [['code', codeMessages[error.reason]]]);
  if (error instanceof AlreadyVerifiedError || error instanceof NoPhoneError) {
    return new HttpError(HttpStatus.conflict, error.message);
  }
  return error;
}
