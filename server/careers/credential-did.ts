// The company's did:web and its domains linked both ways (decisions 190
// and 258): the DID document lists every key the company ever signed with and, per the DIF Well-Known DID
// Configuration v1.0, a `LinkedDomains` service for each verified domain; the company hosts, at each
// domain, a `did-configuration.json` holding a Domain Linkage Credential (the spec's JWT format) signed
// with its credential key, which the workspace hands out here.
import { SignJWT } from 'jose';
import { didConfigurationPath } from '../../contract/company-domains.ts';
import { companyDid } from '../../contract/credentials.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/client.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';
import { CompanyResourceNotFoundError } from '../shared/companies/errors.ts';
import { companyDomainOf, verifiedOriginsOf } from '../domains/public.ts';
import { companyKeys, signingKeyOf } from './credential-keys.ts';

const didConfigurationContext = 'https://identity.foundation/.well-known/did-configuration/v1';
/** How long a Domain Linkage Credential holds (decision 258): a year, then the company downloads a new one. */
const domainLinkageValidityMs = 365 * 24 * 60 * 60 * 1000;

/** The company's DID document: every key it ever signed with, as JWKs, and its linked domains (did:web resolution). */
export async function didDocumentOf(db: Queryable, config: Config, companyId: number): Promise<Record<string, unknown>> {
  const keys = await companyKeys(db, companyId);
  if (!keys.length) throw new NotFoundError('This company has issued no credentials.');
  const did = companyDid(config.publicSiteUrl, companyId);
  const methods = keys.map((k) => ({ id: `${did}#${k.thumbprint}`, type: 'JsonWebKey2020', controller: did, publicKeyJwk: k.publicJwk }));
  const origins = await verifiedOriginsOf(db, config.domainChecks, companyId);
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1', didConfigurationContext],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((m) => m.id),
    ...(origins.length
      ? { service: origins.map((origin, i) => ({ id: `${did}#linked-domain-${i + 1}`, type: 'LinkedDomains', serviceEndpoint: origin })) }
      : {}),
  };
}

const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** What the workspace's download answers: the file's name and its JSON, to host at the domain's well-known address. */
export interface DidConfigurationFile {
  fileName: string;
  body: { '@context': string; linked_dids: string[] };
}

/**
 * The `did-configuration.json` for one of the company's verified domains: a Domain Linkage Credential
 * of the company's DID for the domain's origin, signed now with its current key (made if it has none).
 * A pending or lapsed domain has none (409 domain_not_verified); another company's is not found.
 */
export async function didConfigurationOf(
  deps: { db: Db; clock: Clock; config: Config },
  companyId: number,
  domainId: number,
): Promise<DidConfigurationFile> {
  return deps.db.transaction(async (tx) => {
    const domain = await companyDomainOf(tx, deps.config.domainChecks, companyId, domainId);
    if (!domain) throw new CompanyResourceNotFoundError('Domain not found.');
    if (!domain.verified) throw new ConflictError('domain_not_verified', 'Only a verified domain can be linked to the company.');
    const now = deps.clock.now();
    const did = companyDid(deps.config.publicSiteUrl, companyId);
    const expires = new Date(now.getTime() + domainLinkageValidityMs);
    const { row, key } = await signingKeyOf(tx, deps.config.credentialKey, companyId, now);
    const jwt = await new SignJWT({
      vc: {
        '@context': ['https://www.w3.org/2018/credentials/v1', didConfigurationContext],
        issuer: did,
        issuanceDate: isoSeconds(now),
        expirationDate: isoSeconds(expires),
        type: ['VerifiableCredential', 'DomainLinkageCredential'],
        credentialSubject: { id: did, origin: domain.origin },
      },
    })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: `${did}#${row.thumbprint}` })
      .setIssuer(did)
      .setSubject(did)
      .setNotBefore(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expires.getTime() / 1000))
      .sign(key);
    return {
      fileName: didConfigurationPath.split('/').at(-1)!,
      body: { '@context': didConfigurationContext, linked_dids: [jwt] },
    };
  });
}
