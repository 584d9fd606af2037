// What a profile form does when saving fails: server violations go to their fields and the page
// scrolls to the first one (SPEC §5); any other failure is shown inside the dialog the form is in
// (a toast would sit behind the dialog's backdrop), except a lost session, which signs out.
import type { UseFormSetError, FieldValues } from 'react-hook-form';
import type { Locale } from '../../../contract/locale.ts';
import { errorOutcome, errorToastText, reportRequestError } from '../../lib/api/error-policy.ts';
import { scrollToFirstError } from '../../lib/forms/scroll-to-error.ts';
import { applyServerViolations } from '../../lib/forms/server-violations.ts';
import { $token } from '../../lib/stores/session.ts';
import { currentSitePath, routeNameOf } from '../../lib/site-path.ts';

/**
 * Applies a failed save to the form; answers the text to show in the dialog, or null when the
 * failure went to the fields or was handled by the error policy.
 */
export function applySaveFailure(error: unknown, setError: UseFormSetError<FieldValues>, locale: Locale): string | null {
  if (applyServerViolations(error, (field, message) => setError(field, { type: 'server', message }))) return null;
  return dialogErrorText(error, locale);
}

/** The text of a failure to show inside a dialog, or null when the error policy handled it. */
export function dialogErrorText(error: unknown, locale: Locale): string | null {
  const context = { signedIn: $token.get() !== '', routeName: routeNameOf(currentSitePath().page), locale };
  if (errorOutcome(error, context) === 'toast') return errorToastText(error, locale);
  reportRequestError(error, context);
  return null;
}

/** After a failed client-side validation: show the first error (pass as handleSubmit's second argument). */
export function showFirstError(): void {
  requestAnimationFrame(() => scrollToFirstError());
}
