// A verified job's short credential link (decision 203): the token the CV's QR code carries, issued
// with the job's current credential, and the credential it names. Cut from credentials.ts.
import { randomBytes } from 'node:crypto';
import { domainToUnicode } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/client.ts';
import { companyEmployments } from '../db/careers-schema.ts';
import { issuedCredentials } from '../db/credentials-schema.ts';
import { NotFoundError } from '../domain-errors.ts';
import { currentCredentialRow, statedOrigins } from './credentials.ts';

/** A verified job's credential link, with the names its credential states. */
interface CredentialLink {
  token: string;
  companyName: string;
  /** The person's name as the company confirmed it (decision 256); null for a job with none recorded. */
  confirmedName: string | null;
  /** The domains (Unicode) the credential's issuer had proved when it was issued; none: identity not verified (decision 258). */
  issuerDomains: string[];
}

/** A stated origin's domain as people read it (`https://xn--…` → Unicode, no scheme or port). */
function domainOfOrigin(origin: string): string {
  try {
    const host = new URL(origin).hostname;
    return domainToUnicode(host) || host;
  } catch {
    return origin;
  }
}

/** A short link's token: 96 random bits, 16 base64url characters (decision 203). */
export const credentialLinkTokenPattern = /^[A-Za-z0-9_-]{16}$/;

/**
 * The short link of each company-verified job's current credential (issued now where none is current),
 * by job id: the token names the credential, so `/credentials/{token}` can hand it to whoever scans
 * the CV's QR code. A credential keeps its token; a changed job gets a new credential and a new token.
 */
export async function credentialLinksOf(
  deps: { db: Db; clock: Clock; config: Config },
  userId: number,
): Promise<Map<number, CredentialLink>> {
  const jobs = await deps.db
    .select({ id: companyEmployments.id, confirmedName: companyEmployments.confirmedName })
    .from(companyEmployments)
    .where(eq(companyEmployments.userId, userId))
    .orderBy(asc(companyEmployments.id));
  const out = new Map<number, CredentialLink>();
  for (const job of jobs) {
    const link = await deps.db.transaction(async (tx) => {
      const { row, companyName } = await currentCredentialRow(tx, deps, userId, job.id, { includeReview: false });
      const issuerDomains = statedOrigins(row).map(domainOfOrigin);
      if (row.linkToken) return { token: row.linkToken, companyName, confirmedName: job.confirmedName, issuerDomains };
      const token = randomBytes(12).toString('base64url');
      await tx.update(issuedCredentials).set({ linkToken: token }).where(eq(issuedCredentials.id, row.id));
      return { token, companyName, confirmedName: job.confirmedName, issuerDomains };
    });
    out.set(job.id, link);
  }
  return out;
}

/** The credential a short link names (revoked or not: the status list says which), or not found. */
export async function credentialByLink(db: Queryable, token: string): Promise<string> {
  if (!credentialLinkTokenPattern.test(token)) throw new NotFoundError('No credential has this link.');
  const [row] = await db
    .select({ jwt: issuedCredentials.jwt })
    .from(issuedCredentials)
    .where(eq(issuedCredentials.linkToken, token))
    .limit(1);
  if (!row) throw new NotFoundError('No credential has this link.');
  return row.jwt;
}
