// Turns a failed company call into what the person reads: field messages for a form, or one line.
import { ApiError } from '../../lib/api/api-error.ts';
import { fieldErrorsFrom } from '../../lib/forms/server-violations.ts';
import type { Translate } from './translate.ts';

/** The server's violations by field, as the SPEC §5 mapping shows them. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? fieldErrorsFrom(error.violations) : {};
}

/** One line for a failure that is not about a field. */
export function failureText(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return t('error.generic');
}
