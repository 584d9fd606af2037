// Turns a failed company call into what the person reads: field messages for a form, or one line.
import { ApiError } from '../../lib/api/api-error.ts';
import { applyServerViolations, type ApplyOptions } from '../../lib/forms/server-violations.ts';
import type { Translate } from './translate.ts';

/**
 * Hands the server's violations to a form's error state, by field, through the one helper that also
 * scrolls to the first error (SPEC §5); false when there were none, so the caller shows a failure.
 */
export function applyFieldErrors(error: unknown, setErrors: (byField: Record<string, string>) => void, options?: ApplyOptions): boolean {
  const byField: Record<string, string> = {};
  if (!applyServerViolations(error, (field, message) => (byField[field] = message), options)) return false;
  setErrors(byField);
  return true;
}

/** One line for a failure that is not about a field. */
export function failureText(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return t('error.generic');
}
