// What a profile form does when saving fails: server violations go to their fields and the page
// scrolls to the first one (SPEC §5); any other failure is reported by the error policy (toast).
import type { UseFormSetError, FieldValues } from 'react-hook-form';
import { ApiError } from '../../lib/api/api-error.ts';
import { reportRequestError } from '../../lib/api/error-policy.ts';
import { scrollToFirstError } from '../../lib/forms/scroll-to-error.ts';
import { fieldErrorsFrom } from '../../lib/forms/server-violations.ts';

/** Applies a failed save to the form. */
export function applySaveFailure(error: unknown, setError: UseFormSetError<FieldValues>): void {
  if (error instanceof ApiError && error.violations.length) {
    for (const [field, message] of Object.entries(fieldErrorsFrom(error.violations))) setError(field, { type: 'server', message });
    requestAnimationFrame(() => scrollToFirstError());
  } else {
    reportRequestError(error);
  }
}

/** After a failed client-side validation: show the first error (pass as handleSubmit's second argument). */
export function showFirstError(): void {
  requestAnimationFrame(() => scrollToFirstError());
}
