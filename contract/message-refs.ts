// Message references (`key` or `key|{"maximum":255}`) without the texts they stand for: what a schema
// needs to name its messages. The texts in both languages are in validation-messages.ts, which only
// what shows a message loads, so a page that parses answers with the contract's schemas does not ship
// every SPEC §5 text in two languages (decision 175).
import type { z } from 'zod';
import type { validationMessages } from './validation-messages.ts';

export type ValidationMessageKey = keyof (typeof validationMessages)['en_GB'];
export type MessageParams = Record<string, string | number>;

/** A message reference: the key, and its parameters when it has any. */
export function messageRef(key: ValidationMessageKey, params?: MessageParams): string {
  return params && Object.keys(params).length ? `${key}|${JSON.stringify(params)}` : key;
}

/**
 * The generic SPEC §5 mapping, for issues a field rule gave no message of its own: missing or
 * too-small → required, too-big → maximum length, anything else → invalid field. Pass it as the
 * `error` parse option (the site's form resolver and the server's validator both do).
 */
export function genericIssueMessage(issue: z.core.$ZodRawIssue): string {
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null || issue.input === '')) {
    return messageRef('validation.required');
  }
  if (issue.code === 'too_small') return messageRef('validation.required');
  if (issue.code === 'too_big') return messageRef('validation.tooLong', { maximum: Number(issue.maximum) });
  if (issue.code === 'invalid_format' && issue.format === 'email') return messageRef('validation.email');
  return messageRef('validation.invalid');
}
