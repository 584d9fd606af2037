// Server violations to field messages (SPEC §5): each title loses its leading 'The {field}' (on a
// Ukrainian request '«{field}»:') and starts with a capital. The server writes the field as words: `_`
// as a space, and a camelCase name (a path's or query's) in words (contract/violation-titles.ts).
import type { Violation } from '../../../contract/envelope.ts';
import { leadingFieldPhrase } from '../../../contract/violation-titles.ts';
import { ApiError } from '../base/api-error.ts';
import { scrollToFirstError } from './scroll-to-error.ts';

/**
 * The message of one violation: 'The first name Field is required' → 'Field is required', and
 * '«first name»: Поле обов’язкове' → 'Поле обов’язкове'.
 */
export function violationMessage(violation: Violation): string {
  const prefix = leadingFieldPhrase(violation.field);
  const rest = prefix ? violation.title.replace(prefix, '') : violation.title;
  const text = rest.trim() || violation.title.trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Field → message for a list of violations; the first violation of a field wins. */
export function fieldErrorsFrom(violations: readonly Violation[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const violation of violations) errors[violation.field] ??= violationMessage(violation);
  return errors;
}

export interface ApplyOptions {
  /** A form with one question: every violation is shown on this field (the first one wins). */
  onto?: string;
  /** Fields the form shows under another name (a reset's login is no control: its complaint goes to the code). */
  rename?: Readonly<Record<string, string>>;
}

/**
 * The one way a form takes a failed save: when the answer carries violations, each goes to its field
 * through `setFieldError` and the page scrolls to the first error after it renders (SPEC §5).
 * False when there were none, so the caller reports the failure another way.
 */
export function applyServerViolations(
  error: unknown,
  setFieldError: (field: string, message: string) => void,
  options: ApplyOptions = {},
): boolean {
  if (!(error instanceof ApiError) || !error.violations.length) return false;
  const byField = fieldErrorsFrom(error.violations);
  if (options.onto !== undefined) {
    setFieldError(options.onto, byField[options.onto] ?? violationMessage(error.violations[0]!));
  } else {
    for (const [field, message] of Object.entries(byField)) setFieldError(options.rename?.[field] ?? field, message);
  }
  requestAnimationFrame(() => scrollToFirstError());
  return true;
}
