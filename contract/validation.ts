// The SPEC §5 field rules and their messages, shared by the browser forms and the server (one
// schema validates a form in the browser and the same submission on the server).
//
// Messages travel as references (`key` or `key|{"param":1}`) and are turned into text at the edge:
// the site through its dictionaries, the server into "The {field} <text>" violation titles.
import { z } from 'zod';
import { messageRef } from './validation-messages.ts';

// Named for the code that imported these from here before they moved to validation-messages.ts.
export { describeMessage, genericIssueMessage, messageRef, parseMessageRef, validationMessages } from './validation-messages.ts';
export type { ValidationMessageKey } from './validation-messages.ts';

export const passwordMinLength = 8;
export const defaultMaxLength = 255;
export const verificationCodeLength = 6;

const required = messageRef('validation.required');
const tooLong = (maximum: number) => messageRef('validation.tooLong', { maximum });

/** A required text field, trimmed, at most `max` characters. */
export function requiredText(max = defaultMaxLength) {
  return z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong(max) });
}

/** An optional text field: empty becomes null, kept exactly as typed otherwise. */
export function optionalText(max = defaultMaxLength) {
  return z
    .string()
    .max(max, { error: tooLong(max) })
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v));
}

export function email() {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(defaultMaxLength, { error: tooLong(defaultMaxLength) })
    .pipe(z.email({ error: messageRef('validation.email') }));
}

/** The personal email of sign-up (SPEC §5 'Please enter your personal email.'). */
export function personalEmail() {
  const message = messageRef('validation.personalEmail');
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(defaultMaxLength, { error: tooLong(defaultMaxLength) })
    .pipe(z.email({ error: message }));
}

/** An international phone number: +, then 8 to 15 digits; spaces, dashes and brackets allowed. */
export function phone() {
  const message = messageRef('validation.phone');
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(32, { error: message })
    .transform((v) => v.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, { error: message }));
}

/** The sign-up password rule (SPEC §5): one message for every way it falls short. */
export function password() {
  const message = messageRef('validation.password', { minimum: passwordMinLength });
  return z
    .string({ error: required })
    .min(1, { error: required })
    .min(passwordMinLength, { error: message })
    .max(1024, { error: tooLong(1024) })
    .regex(/\d/, { error: message })
    .regex(/\p{Lu}/u, { error: message })
    .regex(/\p{Ll}/u, { error: message });
}

export function currentPassword() {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .min(passwordMinLength, { error: messageRef('validation.currentPassword', { minimum: passwordMinLength }) })
    .max(1024, { error: tooLong(1024) });
}

/** A new password with a separate message per missing kind of character (SPEC §5). */
export function newPassword() {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .min(passwordMinLength, { error: messageRef('validation.newPassword.length', { minimum: passwordMinLength }) })
    .max(1024, { error: tooLong(1024) })
    .regex(/\d/, { error: messageRef('validation.newPassword.number') })
    .regex(/\p{Lu}/u, { error: messageRef('validation.newPassword.uppercase') })
    .regex(/\p{Ll}/u, { error: messageRef('validation.newPassword.lowercase') });
}

export function passwordConfirmation() {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .min(passwordMinLength, {
      error: messageRef('validation.passwordConfirmation', { minimum: passwordMinLength }),
    })
    .max(1024, { error: tooLong(1024) });
}

/**
 * The "Passwords don't match" check between two fields, as arguments for an object schema's
 * `.refine(...)`. It runs even while other fields are still invalid (zod skips object checks after
 * any failure unless told `when`), so the person sees the mismatch together with the rest.
 */
export function passwordsMatch(passwordField: string, confirmationField: string) {
  const fields = new Set<PropertyKey>([passwordField, confirmationField]);
  const check = (value: Record<string, unknown>) => value[passwordField] === value[confirmationField];
  const params: z.core.$ZodCustomParams = {
    path: [confirmationField],
    message: messageRef('validation.passwordsMismatch'),
    // Only on an object whose two password fields passed their own rules (a body of `null` or a
    // string has no fields to compare, and the check would throw).
    when: (payload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !payload.issues.some((issue) => (issue.path?.length ?? 0) === 0 || fields.has(issue.path?.[0] ?? '')),
  };
  return [check, params] as const;
}

/** The terms checkbox: must be true. */
export function acceptedTerms() {
  const message = messageRef('validation.terms');
  return z.literal(true, { error: message });
}

/** A 6-digit verification code; anything else is 'The entered code is incorrect.' */
export function verificationCode() {
  const message = messageRef('validation.code');
  return z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^\\d{${verificationCodeLength}}$`), { error: message });
}

/** An http(s) URL; javascript:, data: and every other scheme are refused. */
export function httpUrl(max = 2048) {
  const message = messageRef('validation.url');
  return z
    .string()
    .trim()
    .max(max, { error: tooLong(max) })
    .refine(
      (v) => {
        try {
          const url = new URL(v);
          return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
        } catch {
          return false;
        }
      },
      { error: message },
    );
}
