// Turns form validation output into text (SPEC §5): the contract's message references become
// dictionary text; server titles and other plain text pass through.
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { describeMessage, genericIssueMessage } from '../../../contract/validation-messages.ts';

/** Pass as zod's parse options (and zodResolver's schema options) for the SPEC §5 generic messages. */
export const schemaParseOptions = { error: genericIssueMessage } as const satisfies z.core.ParseContext<z.core.$ZodIssue>;

/** The text of a field error message in `locale`. */
export function formMessage(message: string | undefined, locale: Locale): string {
  return message ? describeMessage(message, locale) : '';
}
