// Security activity: what the settings list of recent security events shows. Imports only
// zod and other contract files.
import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';

export const securityEventsPath = '/api/settings/security-events';

/** How long security events are kept (and listed). */
export const securityEventRetentionDays = 90;

/** Every kind of security event, in no order; the list shows each with its own text. */
export const securityEventKinds = [
  'sign_in',
  'sign_in_failed',
  'second_step_failed',
  'recovery_code_used',
  'password_changed',
  'password_reset',
  'signed_out_others',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_codes_regenerated',
  'email_added',
  'phone_added',
  // Passkeys (decision 206): added, removed, and a sign-in with one (beside its sign_in).
  'passkey_added',
  'passkey_removed',
  'passkey_used',
  // Decision 235: every change that needs the password is mailed, these two as well.
  'primary_changed',
  'account_closed',
  // An added email or phone removed: the removed email hears of it too, so it cannot go unnoticed.
  'address_removed',
  // A wrong current password given for one of them (decision 235): ten an hour and they stop.
  'reauthentication_failed',
  // A change undone with its mail's link (decision 278): an added address, new recovery codes, the sign-in address.
  'change_undone',
  // A company's ownership given away with the password (the old owner, whose mail can undo it), and
  // received (the new owner, told what happened in their name).
  'ownership_transferred',
  'ownership_received',
] as const;
export const SecurityEventKind = z.enum(securityEventKinds);
export type SecurityEventKind = z.infer<typeof SecurityEventKind>;

/**
 * Where a request came from, as far as the address honestly tells without an outside look-up:
 * `local_network` for private, loopback and link-local ranges, otherwise `address` with the address.
 */
export const SecurityEventPlace = z.object({
  kind: z.enum(['local_network', 'address', 'unknown']),
  address: z.string().nullable(),
});
export type SecurityEventPlace = z.infer<typeof SecurityEventPlace>;

export const SecurityEvent = z.object({
  id: z.number().int().positive(),
  kind: SecurityEventKind,
  /** Product names read from the User-Agent, or null. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  place: SecurityEventPlace,
  created_at: z.string(),
});
export type SecurityEvent = z.infer<typeof SecurityEvent>;

/** `GET /api/settings/security-events`: the last 90 days, newest first, at most 100. */
export const SecurityEventList = z.object({ items: z.array(SecurityEvent) });
export const SecurityEventListResponse = dataEnvelope(SecurityEventList);
