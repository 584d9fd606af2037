// The wire shapes every API answer uses (ARCHITECTURE "API conventions").
import { z } from 'zod';
import { CompanySessionEndReason } from './company-sessions.ts';
import { errorCodeList } from './errors.ts';

/** Wraps a success payload: every 2xx JSON answer is `{ data }`. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/**
 * One server-side validation failure (SPEC §5): `title` starts with "The {field}" where the text says
 * nothing of what it is about ('The first name Field is required'; on a Ukrainian request '«first name»:
 * Поле обов’язкове', contract/violation-titles.ts), and is a sentence of its own otherwise.
 */
export const Violation = z.object({
  field: z.string(),
  title: z.string(),
});
export type Violation = z.infer<typeof Violation>;

/** A stable error code from the table in `contract/errors.ts`. */
export const ErrorCode = z.enum(errorCodeList);

/** The body of every 4xx/5xx answer: the site shows the code's translation, `message` is a fallback. */
export const ErrorResponse = z.object({
  message: z.string(),
  code: ErrorCode,
  violations: z.array(Violation).optional(),
  /** With validation_failed when more fields were wrong than `violations` lists (at most 20): how many. */
  violations_total: z.number().int().positive().optional(),
  /** With too_soon and too_many_requests: the seconds to wait, as in Retry-After. */
  retry_after: z.number().int().positive().optional(),
  /** With file_too_large: the kind's limit. */
  max_megabytes: z.number().positive().optional(),
  /** With storage_quota_exceeded: the person's storage quota. */
  quota_megabytes: z.number().positive().optional(),
  /** With section_full: the most entries a section holds. */
  maximum: z.number().int().positive().optional(),
  /** With company_session_ended: why the company session ended (decision 243). */
  reason: CompanySessionEndReason.optional(),
  /** With company_session_ended: the company it was a session of. */
  company_name: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** A date as the API may send it: a plain string, or a date with its timezone (SPEC §3). */
export const DateValue = z.union([z.string(), z.object({ date: z.string(), timezone: z.string() })]);
export type DateValue = z.infer<typeof DateValue>;
