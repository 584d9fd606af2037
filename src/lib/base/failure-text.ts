// The one way a failure becomes the text a person reads, in the page's language (SPEC §5, §8;
// decision 215). Forms, dialogs, cards and toasts all call it; nothing else turns an error into text.
import type { Locale } from '../../../contract/locale.ts';
import { ApiError } from './api-error.ts';
import { libText, validationText } from './lib-messages.ts';

/** What a failed check of the contract's schemas looks like (zod's error), without loading zod. */
interface ValidationFailure {
  issues: readonly { message: string }[];
}

function isValidationFailure(failure: unknown): failure is ValidationFailure {
  const issues = typeof failure === 'object' && failure !== null ? (failure as { issues?: unknown }).issues : undefined;
  return Array.isArray(issues) && issues.every((issue) => typeof (issue as { message?: unknown })?.message === 'string');
}

/**
 * The text of `failure` in `locale`:
 * - a field's message (a message reference from the contract's schemas, `validation.tooLong|{"maximum":5}`,
 *   or a server violation's title) → its text; plain text passes through;
 * - a failed check of a schema (zod's error) → its first issue's text;
 * - a failed call (ApiError) → the text the transport gave it: the error code's translation, the
 *   server's own message when it sent no code we know, 'Something went wrong' when no answer came;
 * - anything else (a bug's TypeError, a browser refusal) → `fallback`, else 'Something went wrong':
 *   a developer's English never reaches the page.
 * No failure (undefined, null, '') is no text: '' (so `failureText(errors.name?.message, locale) || undefined`
 * gives a field no error).
 */
export function failureText(failure: unknown, locale: Locale, fallback?: string): string {
  if (failure === undefined || failure === null || failure === '') return '';
  if (typeof failure === 'string') return validationText(failure, locale);
  if (failure instanceof ApiError && failure.message) return failure.message;
  if (isValidationFailure(failure) && failure.issues[0]) return validationText(failure.issues[0].message, locale);
  return fallback ?? libText(locale, 'error.generic');
}
