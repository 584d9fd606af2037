// Tables of account security: two-step sign-in (decision 180), the authenticator app's
// secret, encrypted at rest, the recovery codes, hashed, and the short-lived challenges between the
// password and the code; and the security activity.
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { codeChannels } from '../../contract/auth.ts';
import { securityEventKinds } from '../../contract/security-events.ts';
import { id, timestamps } from './columns.ts';
import { user } from './owner-columns.ts';
import { users } from './schema.ts';

/**
 * A person's authenticator app. Set up (a secret, `enabled_at` null) until the first code confirms it;
 * on from then. `secret` is AES-256-GCM ciphertext under TWO_FACTOR_KEY, never the secret itself.
 * `last_used_step` is the 30-second step of the last code accepted: a code of that step or an earlier
 * one is refused, so a code seen over a shoulder cannot be used again.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: user().primaryKey(),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  // Turned off and kept for the mail's undo link (decision 278): since when; null while on or set up.
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  ...timestamps,
});

/** Single-use recovery codes, as SHA-256 hashes (each code carries 50 random bits); `used_at` once used. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: user(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * The step between a right password and the second factor: a random token, kept as its SHA-256 hash,
 * good for a few minutes and a few wrong codes, for one sign-in only. It grants nothing but the
 * second step.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: id(),
    userId: user(),
    tokenHash: text('token_hash').notNull(),
    /** The normalised login the password step counted attempts under (login-throttle.ts). */
    account: text('account').notNull(),
    userAgent: text('user_agent'),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('login_challenges_token_hash_key').on(t.tokenHash), index('login_challenges_user_id_idx').on(t.userId)],
);

/**
 * Security activity: sign-ins, failed attempts and security changes of a person, with the
 * address and User-Agent of the request, kept 90 days (older ones go as new ones come).
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: id(),
    userId: user(),
    kind: text('kind', { enum: securityEventKinds }).notNull(),
    address: text('address'),
    userAgent: text('user_agent'),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('security_events_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * A person's passkeys (decision 206): WebAuthn credentials, the public key as COSE bytes in
 * base64url, the signature counter (a counter that goes back marks a cloned authenticator), and the
 * name the person gave it with its last use.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: user(),
    /** The credential id, base64url: unique across the site (the authenticator makes it). */
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credentialId), index('passkeys_user_id_idx').on(t.userId)],
);

/**
 * A passkey removed in the last 7 days, kept whole so the removal's mail can put it back (decision 297):
 * a thief with the session and the password could otherwise take the owner's passkey away for good.
 * Nothing signs in with it here; the undo moves it back to `passkeys`, a later removal purges the rows
 * older than the link's 7 days, and a reset that first proves the email drops them.
 */
export const removedPasskeys = pgTable(
  'removed_passkeys',
  {
    id: id(),
    userId: user(),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: text('transports').array().notNull(),
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('removed_passkeys_user_idx').on(t.userId), index('removed_passkeys_removed_at_idx').on(t.removedAt)],
);

/**
 * WebAuthn challenges waiting for the authenticator's answer, as SHA-256 hashes, one use each (the
 * answer's check deletes the row) and a few minutes long. In the database, not in a process, so any
 * API process checks the answer to another's options. `user_id` is the person adding a passkey or
 * passing the second step; null for a sign-in with a passkey alone (the passkey tells who).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: id(),
    challengeHash: text('challenge_hash').notNull(),
    purpose: text('purpose', { enum: ['registration', 'sign_in', 'second_step'] }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('passkey_challenges_challenge_hash_key').on(t.challengeHash),
    index('passkey_challenges_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * A sign-in email or phone another replaced (decision 278), remembered for the undo link's 7 days: it
 * still hears of the account's security changes, can undo the change and can reset the password.
 */
export const formerSignInAddresses = pgTable(
  'former_sign_in_addresses',
  {
    id: id(),
    userId: user(),
    channel: text('channel', { enum: codeChannels }).notNull(),
    value: text('value').notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('former_sign_in_addresses_value_idx').on(t.channel, t.value, t.replacedAt),
    index('former_sign_in_addresses_user_idx').on(t.userId),
  ],
);
