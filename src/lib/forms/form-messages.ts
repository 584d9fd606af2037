// The parse options every form's resolver passes (SPEC §5): issues a field rule gave no message of its
// own get the generic message references; src/lib/base/failure-text.ts turns any of them into text.
import type { z } from 'zod';
import { genericIssueMessage } from '../../../contract/message-refs.ts';

/** Pass as zod's parse options (and zodResolver's schema options) for the SPEC §5 generic messages. */
export const schemaParseOptions = { error: genericIssueMessage } as const satisfies z.core.ParseContext<z.core.$ZodIssue>;
