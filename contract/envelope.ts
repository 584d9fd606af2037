// The wire shapes every API answer uses (ARCHITECTURE "API conventions").
import { z } from 'zod';

/** Wraps a success payload: every 2xx JSON answer is `{ data }`. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** One server-side validation failure; `title` starts with "The {field}" (SPEC §5). */
export const Violation = z.object({
  field: z.string(),
  title: z.string(),
});
export type Violation = z.infer<typeof Violation>;

/** The body of every 4xx/5xx answer. */
export const ErrorResponse = z.object({
  message: z.string(),
  violations: z.array(Violation).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** A date as the API may send it: a plain string, or a date with its timezone (SPEC §3). */
export const DateValue = z.union([
  z.string(),
  z.object({ date: z.string(), timezone: z.string() }),
]);
export type DateValue = z.infer<typeof DateValue>;
