// The SPEC §5 field rules and their messages, shared by the browser forms and the server (one
// schema validates a form in the browser and the same submission on the server).
//
// Messages travel as references (`key` or `key|{"param":1}`) and are turned into text at the edge:
// the site through its dictionaries, the server into "The {field} <text>" violation titles.
import { z } from 'zod';
import { defaultMaxLength, urlMaxLength } from './field-limits.ts';
import { isIndustryId } from './industry-ids.ts';
import { messageRef } from './message-refs.ts';

// Named for the code that imported these from here before they moved to message-refs.ts. The texts
// (validation-messages.ts) are not re-exported: a schema module must not bring them to every page.
export { genericIssueMessage, messageRef, type ValidationMessageKey } from './message-refs.ts';

export const passwordMinLength = 8;
export const verificationCodeLength = 6;

const required = messageRef('validation.required');
const tooLong = (maximum: number) => messageRef('validation.tooLong', { maximum });
const unstorable = messageRef('validation.unstorable');

// PostgreSQL text cannot hold U+0000, and a lone UTF-16 surrogate has no UTF-8 form at all (it
// would be stored as U+FFFD, silently changed). Refused in every text value, with a field message.
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what this looks for
const unstorableCharacter = /\u0000|\p{Cs}/u;

/** Whether PostgreSQL can store `value` exactly as given. */
export function isStorableText(value: string): boolean {
  return !unstorableCharacter.test(value);
}

/** Any text value: a string PostgreSQL can store exactly. Every text rule below starts here. */
export function text(error?: string) {
  return z.string(error ? { error } : undefined).refine(isStorableText, { error: unstorable, abort: true });
}

/** A required text field, trimmed, at most `max` characters. */
export function requiredText(max = defaultMaxLength) {
  return text(required)
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong(max) });
}

/** An optional text field: empty becomes null, kept exactly as typed otherwise. */
export function optionalText(max = defaultMaxLength) {
  return text()
    .max(max, { error: tooLong(max) })
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v));
}

/** The sign-in identifier (an email address or a phone number), as sign-in, forgot and reset take it. */
export function loginIdentifier() {
  return text(required)
    .trim()
    .min(1, { error: required })
    .max(defaultMaxLength, { error: tooLong(defaultMaxLength) });
}

/** Dates a profile keeps: a real calendar day in this range (year 0000 or 30 February never pass). */
export const earliestDate = '1900-01-01';
export const latestDate = '2100-12-31';

/** Whether `value` is a YYYY-MM-DD day the calendar has. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; setUTCFullYear keeps years below 100 as given.
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return day <= last.getUTCDate();
}

/** A YYYY-MM-DD calendar date between earliestDate and latestDate. */
export function calendarDate() {
  const message = messageRef('validation.date', { min: earliestDate, max: latestDate });
  return z
    .string({ error: message })
    .refine(isCalendarDate, { error: message, abort: true })
    .refine((v) => v >= earliestDate && v <= latestDate, { error: message });
}

/** The latest day it is anywhere on Earth now (UTC+14), so "in the past" holds in every time zone. */
function latestToday(): string {
  return new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A date of birth: a real day, not before 1900, not in the future. */
export function birthDate() {
  const message = messageRef('validation.birthDate', { min: earliestDate });
  return z
    .string({ error: message })
    .refine(isCalendarDate, { error: message, abort: true })
    .refine((v) => v >= earliestDate && v <= latestToday(), { error: message });
}

export function email() {
  return text(required)
    .trim()
    .min(1, { error: required })
    .max(defaultMaxLength, { error: tooLong(defaultMaxLength) })
    .pipe(z.email({ error: messageRef('validation.email') }));
}

/** The personal email of sign-up (SPEC §5 'Please enter your personal email.'). */
export function personalEmail() {
  const message = messageRef('validation.personalEmail');
  return text(message)
    .trim()
    .min(1, { error: message })
    .max(defaultMaxLength, { error: tooLong(defaultMaxLength) })
    .pipe(z.email({ error: message }));
}

/** An international phone number: +, then 8 to 15 digits; spaces, dashes and brackets allowed. */
export function phone() {
  const message = messageRef('validation.phone');
  return text(required)
    .trim()
    .min(1, { error: required })
    .max(32, { error: message })
    .transform((v) => v.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, { error: message }));
}

/** The sign-up password rule (SPEC §5): one message for every way it falls short. */
export function password() {
  const message = messageRef('validation.password', { minimum: passwordMinLength });
  return text(required)
    .min(1, { error: required })
    .min(passwordMinLength, { error: message })
    .max(1024, { error: tooLong(1024) })
    .regex(/\d/, { error: message })
    .regex(/\p{Lu}/u, { error: message })
    .regex(/\p{Ll}/u, { error: message });
}

export function currentPassword() {
  return text(required)
    .min(1, { error: required })
    .min(passwordMinLength, { error: messageRef('validation.currentPassword', { minimum: passwordMinLength }) })
    .max(1024, { error: tooLong(1024) });
}

/** A new password with a separate message per missing kind of character (SPEC §5). */
export function newPassword() {
  return text(required)
    .min(1, { error: required })
    .min(passwordMinLength, { error: messageRef('validation.newPassword.length', { minimum: passwordMinLength }) })
    .max(1024, { error: tooLong(1024) })
    .regex(/\d/, { error: messageRef('validation.newPassword.number') })
    .regex(/\p{Lu}/u, { error: messageRef('validation.newPassword.uppercase') })
    .regex(/\p{Ll}/u, { error: messageRef('validation.newPassword.lowercase') });
}

export function passwordConfirmation() {
  return text(required)
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

/** A key of the industry list (contract/industries.ts), as the sign-up and the brand page offer it. */
export function industryChoice() {
  const invalid = messageRef('validation.invalid');
  return z.number({ error: required }).int({ error: invalid }).refine(isIndustryId, { error: invalid });
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

// A web address typed the way people say it ('example.com', 'www.example.com/about'): a host with a
// dot, an optional port and path, no scheme. 'javascript:…', 'mailto:…' and 'user@host' never match.
const schemelessWebAddress = /^[^\s/:?#@]+\.[^\s/:?#@]+(:\d+)?([/?#]|$)/;
const anyScheme = /^[a-z][a-z0-9+.-]*:(?!\d+([/?#]|$))/i;

/** 'example.com' becomes 'https://example.com'; anything with a scheme, or not a host, stays as typed. */
export function withWebScheme(value: string): string {
  return !anyScheme.test(value) && schemelessWebAddress.test(value) ? `https://${value}` : value;
}

/**
 * An http(s) URL; javascript:, data: and every other scheme are refused. A bare host ('example.com')
 * gets https:// added (decision 200), in the browser and on the server alike.
 */
export function httpUrl(max = urlMaxLength) {
  const message = messageRef('validation.url');
  return text()
    .trim()
    .overwrite(withWebScheme)
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

/** Whether `value` names a time zone of the IANA database this runtime knows (aliases included). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone ('Europe/Kyiv'), or null when none is chosen. */
export function optionalTimeZone() {
  const message = messageRef('validation.timeZone');
  return text(message)
    .max(64, { error: message })
    .refine(isTimeZone, { error: message })
    .nullish()
    .transform((v) => v ?? null);
}

/** An international phone number, or null when the field is left empty. */
export function optionalPhone() {
  const message = messageRef('validation.phone');
  return text(message)
    .trim()
    .max(32, { error: message })
    .transform((v) => v.replace(/[\s()-]/g, ''))
    .pipe(z.string().refine((v) => v === '' || /^\+[1-9]\d{7,14}$/.test(v), { error: message }))
    .nullish()
    .transform((v) => (v ? v : null));
}

/** An email address, or null when the field is left empty. */
export function optionalEmail(max = defaultMaxLength) {
  const message = messageRef('validation.email');
  return text(message)
    .trim()
    .max(max, { error: tooLong(max) })
    .pipe(z.union([z.literal(''), z.email({ error: message })]))
    .nullish()
    .transform((v) => (v ? v : null));
}
