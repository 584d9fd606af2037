// Portable trust (decision 190): a company-verified job as a W3C Verifiable Credential
// (Data Model 2.0) secured as VC-JOSE (a compact JWS, EdDSA over Ed25519), issued by the company's
// `did:web` identifier on this host, with its revocation in a Bitstring Status List.
//
// This module adds the zod schemas of the person's download to the open format
// (credential-format.ts, plain, which the /verify page's script imports alone).
import { z } from 'zod';

export * from './credential-format.ts';

/** What the person's download answers: the credential (the JWS) and what it says, decoded. */
export const IssuedCredential = z.object({
  /** The compact JWS to hand on (the file's content). */
  jwt: z.string(),
  /** A file name for the download. */
  file_name: z.string(),
  issued_at: z.string(),
  /** Whether this download carries the latest public review round. */
  includes_review: z.boolean(),
});
export type IssuedCredential = z.infer<typeof IssuedCredential>;

export const IssueCredentialRequest = z
  .object({
    /** Carry the latest public review round's in-company score and competencies (the person chooses). */
    include_review: z.boolean().default(false),
  })
  .strict();
export type IssueCredentialRequest = z.infer<typeof IssueCredentialRequest>;
