// Tables of portable trust (decision 190): each company's credential signing keys (the
// private half encrypted at rest) and every credential issued, with its place in the company's
// revocation list. An issued credential outlives its job and its person: a deleted job or a closed
// account must flip its bit, never free it.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyEmployments, employmentReviews } from './careers-schema.ts';
import { users } from './schema.ts';
import { id } from './columns.ts';
import { company } from './owner-columns.ts';

/** An Ed25519 key pair of a company. The newest unretired one signs; every one stays published. */
export const credentialKeys = pgTable(
  'credential_keys',
  {
    id: id(),
    companyId: company(),
    /** The JWK thumbprint (RFC 7638): the fragment of the key's id in the DID document. */
    thumbprint: text('thumbprint').notNull(),
    publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
    /** AES-256-GCM of the private JWK under CREDENTIAL_KEY: `v1.{iv}.{ciphertext}.{tag}`, base64url. */
    privateJwkEncrypted: text('private_jwk_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a rotation replaced it: it signs no more, and still verifies what it signed. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('credential_keys_company_thumbprint_key').on(t.companyId, t.thumbprint),
    uniqueIndex('credential_keys_one_active_key')
      .on(t.companyId)
      .where(sql`retired_at is null`),
  ],
);

/** A credential issued for a company-verified job, and whether its status bit is set. */
export const issuedCredentials = pgTable(
  'issued_credentials',
  {
    id: id(),
    companyId: company(),
    /** Null once the job is gone (a closed account deletes it): the credential is then revoked. */
    companyEmploymentId: bigint('company_employment_id', { mode: 'number' }).references(() => companyEmployments.id, {
      onDelete: 'set null',
    }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The review round it carries, if the person chose one. */
    reviewId: bigint('review_id', { mode: 'number' }).references(() => employmentReviews.id, { onDelete: 'set null' }),
    includesReview: boolean('includes_review').notNull().default(false),
    /** Its bit in the company's revocation list, chosen at random among the free ones. */
    statusIndex: integer('status_index').notNull(),
    /** A hash of what the credential states; when the job's facts no longer hash the same, it is revoked. */
    fingerprint: text('fingerprint').notNull(),
    jwt: text('jwt').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Why: 'changed' (corrected, ended or left), 'job_removed' (the job or the account is gone),
     * 'company_renamed' (the issuer's name it states is no longer the company's).
     */
    revocationReason: text('revocation_reason', { enum: ['changed', 'job_removed', 'company_renamed'] }),
    /** Kept for support and the export: what was issued (never the key). */
    claims: jsonb('claims').$type<Record<string, unknown>>().notNull(),
    /**
     * The unguessable name of its short link (`/verify#c={token}`, decision 203), made when a CV first
     * prints it; `/credentials/{token}` answers the credential to anyone who has the link.
     */
    linkToken: text('link_token'),
  },
  (t) => [
    uniqueIndex('issued_credentials_company_index_key').on(t.companyId, t.statusIndex),
    index('issued_credentials_employment_idx').on(t.companyEmploymentId),
    index('issued_credentials_user_idx').on(t.userId),
    index('issued_credentials_review_idx').on(t.reviewId),
    uniqueIndex('issued_credentials_link_token_key').on(t.linkToken),
  ],
);
