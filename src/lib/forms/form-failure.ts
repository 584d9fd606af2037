// What a form does when saving fails (SPEC §5, §8): server violations go to their fields and the page
// scrolls to the first one; any other failure is shown inside the form or the dialog it is in (a toast
// would sit behind a dialog's backdrop), as failureText's text, except a lost session, which signs out.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { Locale } from '../../../contract/locale.ts';
import { errorOutcome, reportRequestError } from '../app/error-policy.ts';
import { failureText } from '../base/failure-text.ts';
import { currentSitePath, routeNameOf } from '../base/site-path.ts';
import { $token } from '../stores/session.ts';
import { scrollToFirstError } from './scroll-to-error.ts';
import { applyServerViolations, type ApplyOptions } from './server-violations.ts';

/**
 * Applies a failed save to the form; answers the text to show in the dialog, or null when the
 * failure went to the fields or was handled by the error policy.
 */
export function applySaveFailure<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  locale: Locale,
  options?: ApplyOptions,
): string | null {
  if (applyServerViolations(error, (field, message) => setError(field as Path<TValues>, { type: 'server', message }), options)) return null;
  return dialogErrorText(error, locale);
}

/** The text of a failure to show inside a dialog, or null when the error policy handled it. */
export function dialogErrorText(error: unknown, locale: Locale): string | null {
  const context = { signedIn: $token.get() !== '', routeName: routeNameOf(currentSitePath().page), locale };
  if (errorOutcome(error, context) === 'toast') return failureText(error, locale);
  reportRequestError(error, context);
  return null;
}

/** After a failed client-side validation: show the first error (pass as handleSubmit's second argument). */
export function showFirstError(): void {
  requestAnimationFrame(() => scrollToFirstError());
}
