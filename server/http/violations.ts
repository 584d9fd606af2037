// Schema validation for every route, and the mapping of its issues to Laravel-style violations whose
// titles start with "The {field}" (SPEC §5; '«{field}»:' on a Ukrainian request, contract/violation-titles.ts):
// the client strips that phrase and shows the rest under the field. The rest is the same SPEC §5 text
// the browser shows, in the request's language; a text that is a sentence of its own is the title by itself.
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import type { Violation } from '../../contract/envelope.ts';
import type { Locale } from '../../contract/locale.ts';
import { titleNamingField } from '../../contract/violation-titles.ts';
import { isStorableText } from '../../contract/validation.ts';
import {
  describeMessage,
  genericIssueMessage,
  messageRef,
  parseMessageRef,
  type ValidationMessageKey,
} from '../../contract/validation-messages.ts';

/** The error a route's schema raises; the error handler answers it with 422. */
export class SchemaValidationError extends Error {
  readonly issues: z.core.$ZodIssue[];
  validationContext?: string;

  constructor(issues: z.core.$ZodIssue[]) {
    super('The given data was invalid.');
    this.issues = issues;
  }
}

/**
 * Issues for every string in `data` PostgreSQL cannot store (a NUL, a lone surrogate), wherever it
 * sits: the contract's text rules refuse these too, and this net catches any field a schema takes as
 * a bare string or passes through untouched. Iterative, so no nesting depth can overflow the stack;
 * each entry links to its parent and the path is built only for a string that is refused, so the
 * walk is linear in the size of `data` however deep it nests, so a deeply nested body costs no more than a flat one.
 */
export function unstorableTextIssues(data: unknown): z.core.$ZodIssue[] {
  interface Entry {
    value: unknown;
    parent: Entry | undefined;
    key: PropertyKey | undefined;
  }
  const pathOf = (entry: Entry): PropertyKey[] => {
    const path: PropertyKey[] = [];
    for (let at: Entry | undefined = entry; at; at = at.parent) if (at.key !== undefined) path.push(at.key);
    return path.reverse();
  };
  const issues: z.core.$ZodIssue[] = [];
  const stack: Entry[] = [{ value: data, parent: undefined, key: undefined }];
  while (stack.length) {
    const entry = stack.pop()!;
    const { value } = entry;
    if (typeof value === 'string') {
      if (!isStorableText(value)) {
        issues.push({ code: 'custom', path: pathOf(entry), message: messageRef('validation.unstorable'), input: value });
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, parent: entry, key: index }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        // An unstorable key is reported at the object holding it.
        if (isStorableText(key)) stack.push({ value: item, parent: entry, key });
        else stack.push({ value: key, parent: entry, key: undefined });
      }
    }
  }
  return issues.reverse();
}

/** Validates with the contract's zod schema, giving generic issues the SPEC §5 messages. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const unstorable = unstorableTextIssues(data);
    const result = schema.safeParse(data, { error: genericIssueMessage });
    if (result.success && !unstorable.length) return { value: result.data };
    return { error: new SchemaValidationError([...unstorable, ...(result.success ? [] : result.error.issues)]) };
  };

/** Field name as the client addresses it: `name`, `items.0.title`, or the request part for the whole. */
function fieldOf(path: PropertyKey[], context?: string): string {
  if (path.length === 0) return context ?? 'body';
  return path.map(String).join('.');
}

/**
 * The most violations an answer lists: a 900 KB body wrong in 100,000 places got a
 * 14.5 MB answer. Past it the answer lists the first ones and says how many fields were wrong.
 */
export const maxListedViolations = 20;

/** One violation a field, the first `maxListedViolations` of them, and how many fields were wrong in all. */
export function violationsFromIssues(
  issues: z.core.$ZodIssue[],
  locale: Locale,
  context?: string,
): { violations: Violation[]; total: number } {
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const issue of issues) {
    const field = fieldOf(issue.path, context);
    if (seen.has(field)) continue;
    seen.add(field);
    if (violations.length < maxListedViolations) violations.push(violation(field, issue.message, locale));
  }
  return { violations, total: seen.size };
}

/**
 * SPEC §5's texts that do not say what they are about ('Field is required', 'Invalid field',
 * 'Exceeded maximum character length of 255', the password rule, 'Contains a character that cannot
 * be saved'): their titles name the field
 * first, 'The first name Field is required' ('«first name»: Поле обов’язкове' in Ukrainian), as SPEC §5
 * has the client strip it.
 */
const fragmentKeys: ReadonlySet<ValidationMessageKey> = new Set([
  'validation.required',
  'validation.invalid',
  'validation.tooLong',
  'validation.password',
  'validation.unstorable',
]);

/**
 * One violation for `field` with a message reference (or plain text). Only SPEC §5's fragments get
 * 'The {field}' (or its Ukrainian '«{field}»:') in front; every other text is a sentence of its own ('The entered code is
 * incorrect.', 'Current password is incorrect.', 'Please enter your personal email.') and is the
 * title as it is: behind the field's phrase it read 'The code The entered code is incorrect.'. The
 * title of the first violation is also the answer's `message`, so that reads as a sentence too. The
 * site strips a leading 'The {field}' where there is one (src/lib/forms/server-violations.ts), so it
 * shows such a title whole, or, when the sentence names the field itself ('The end date cannot be
 * before the start date' on end_date), what follows it.
 */
export function violation(field: string, message: string, locale: Locale): Violation {
  const text = describeMessage(message, locale);
  const ref = parseMessageRef(message);
  if (!ref || !fragmentKeys.has(ref.key)) return { field, title: text };
  return { field, title: titleNamingField(field, text, locale) };
}
