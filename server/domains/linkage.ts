// A verified domain linked both ways (decision 258; DIF Well-Known DID Configuration v1.0):
// the company's DID document names the domain (a LinkedDomains service), and the domain's
// `/.well-known/did-configuration.json`, fetched with the domain checks' safety rules, holds a Domain
// Linkage Credential (JWT) for the company's did:web and this origin, signed with one of the company's
// published keys and not expired. Checked on "Check now" and with the daily re-check.
import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, errors, importJWK, jwtVerify, type JWK } from 'jose';
import { didConfigurationPath, type DomainLinkage, type DomainLinkageFailure } from '../../contract/company-domains.ts';
import { companyDid } from '../../contract/credential-format.ts';
import type { DomainCheckConfig } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { companyDomains } from '../db/company-schema.ts';
import { credentialKeys } from '../db/credentials-schema.ts';
import { fetchGuarded, originOf } from './checks.ts';

type Row = typeof companyDomains.$inferSelect;

/** A DID Configuration lists a few credentials; a company with many domains still fits well within this. */
const maxDidConfigurationBytes = 64 * 1024;

const domainLinkageType = 'DomainLinkageCredential';

type Json = Record<string, unknown>;
const asObject = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);

/** Whether a JWT's claims are a Domain Linkage Credential of `did` for `origin` (the spec's §7.1 rules, before the signature). */
function claimsLink(jwt: string, did: string, origin: string): boolean {
  try {
    const claims = decodeJwt(jwt);
    const vc = asObject(claims['vc']);
    const subject = asObject(vc?.['credentialSubject']);
    const types = Array.isArray(vc?.['type']) ? vc['type'] : [];
    return (
      claims.iss === did &&
      claims.sub === did &&
      subject?.['id'] === did &&
      subject['origin'] === origin &&
      types.includes(domainLinkageType) &&
      (vc?.['issuer'] === undefined || vc['issuer'] === did)
    );
  } catch {
    return false;
  }
}

/** Verifies one credential's signature and dates against the company's keys; null when it holds. */
async function verifyLinkage(jwt: string, did: string, keys: { thumbprint: string; publicJwk: unknown }[], now: Date) {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(jwt).kid;
  } catch {
    return 'bad_signature' as const;
  }
  const key = kid?.startsWith(`${did}#`) ? keys.find((k) => `${did}#${k.thumbprint}` === kid) : undefined;
  if (!key) return 'bad_signature' as const;
  try {
    await jwtVerify(jwt, await importJWK(key.publicJwk as JWK, 'EdDSA'), {
      algorithms: ['EdDSA'],
      issuer: did,
      subject: did,
      currentDate: now,
    });
    return null;
  } catch (error) {
    return error instanceof errors.JWTExpired ? ('expired' as const) : ('bad_signature' as const);
  }
}

/** Fetches the domain's DID Configuration and checks it links the company's DID; null when it does. */
export async function checkLinkage(db: Queryable, config: DomainCheckConfig, row: Row, now: Date): Promise<DomainLinkageFailure | null> {
  const answer = await fetchGuarded(row.domain, didConfigurationPath, config, maxDidConfigurationBytes);
  if ('failure' in answer) return answer.failure;
  let linked: unknown;
  try {
    linked = asObject(JSON.parse(answer.body))?.['linked_dids'];
  } catch {
    return 'not_json';
  }
  if (!Array.isArray(linked)) return 'not_json';
  const did = companyDid(config.siteUrl, row.companyId);
  const origin = originOf(row.domain, config);
  const candidates = linked.filter((entry): entry is string => typeof entry === 'string' && claimsLink(entry, did, origin));
  if (!candidates.length) return 'not_linked';
  const keys = await db
    .select({ thumbprint: credentialKeys.thumbprint, publicJwk: credentialKeys.publicJwk })
    .from(credentialKeys)
    .where(eq(credentialKeys.companyId, row.companyId));
  let failure: DomainLinkageFailure = 'bad_signature';
  for (const jwt of candidates) {
    const outcome = await verifyLinkage(jwt, did, keys, now);
    if (outcome === null) return null;
    if (outcome === 'expired') failure = 'expired';
  }
  return failure;
}

/** Checks a verified domain's linkage now and records it on the row; other rows are left alone. */
export async function recordLinkage(db: Queryable, config: DomainCheckConfig, row: Row, now: Date): Promise<Row> {
  if (row.status !== 'verified') return row;
  const failure = await checkLinkage(db, config, row, now);
  const [saved] = await db
    .update(companyDomains)
    .set({ linkageCheckedAt: now, linkageFailure: failure })
    .where(eq(companyDomains.id, row.id))
    .returning();
  return saved ?? row;
}

/** The linkage as the workspace and verifiers read it. */
export function linkageOf(row: Pick<Row, 'status' | 'linkageCheckedAt' | 'linkageFailure'>): DomainLinkage {
  if (row.status !== 'verified' || !row.linkageCheckedAt) return { state: 'not_checked', failure: null, checked_at: null };
  return {
    state: row.linkageFailure ? 'not_linked' : 'linked',
    failure: row.linkageFailure,
    checked_at: row.linkageCheckedAt.toISOString(),
  };
}
