// Who an issuer is beyond a name anyone can type (decision 258): a company's verified
// domains as web origins (what its credentials' issuer carries and its DID document's LinkedDomains
// name), and, for verifiers, the same with whether each is linked both ways and the company's page.
import { domainToUnicode } from 'node:url';
import { and, asc, eq } from 'drizzle-orm';
import { companyProfilePath, companyPublicPagePath } from '../../contract/company-routes.ts';
import { companyDid, type IssuerIdentity } from '../../contract/credential-format.ts';
import type { DomainCheckConfig } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { companyDomains } from '../db/company-schema.ts';
import { companyPublicPages } from '../db/schema.ts';
import { NotFoundError } from '../domain-errors.ts';
import { companyNameOf } from '../shared/companies/record.ts';
import { originOf } from './checks.ts';
import { linkageOf } from './linkage.ts';

/** A company's verified domains, the first it proved first. */
async function verifiedRows(db: Queryable, companyId: number) {
  return db
    .select()
    .from(companyDomains)
    .where(and(eq(companyDomains.companyId, companyId), eq(companyDomains.status, 'verified')))
    .orderBy(asc(companyDomains.verifiedAt), asc(companyDomains.id));
}

/** The origins (`https://northwind.example`) of the company's verified domains, the first it proved first. */
export async function verifiedOriginsOf(db: Queryable, config: DomainCheckConfig, companyId: number): Promise<string[]> {
  return (await verifiedRows(db, companyId)).map((row) => originOf(row.domain, config));
}

/** One of the company's domains by id, with its origin and whether it is verified now; undefined when it is not the company's. */
export async function companyDomainOf(db: Queryable, config: DomainCheckConfig, companyId: number, domainId: number) {
  const [row] = await db
    .select({ domain: companyDomains.domain, status: companyDomains.status })
    .from(companyDomains)
    .where(and(eq(companyDomains.id, domainId), eq(companyDomains.companyId, companyId)))
    .limit(1);
  return row ? { domain: row.domain, origin: originOf(row.domain, config), verified: row.status === 'verified' } : undefined;
}

/** What a verifier reads about an issuer: its name, DID, page, and each verified domain with its linkage. */
export async function issuerIdentityOf(db: Queryable, config: DomainCheckConfig, companyId: number): Promise<IssuerIdentity> {
  const name = await companyNameOf(db, companyId);
  if (name === undefined) throw new NotFoundError('Company not found.');
  const [page] = await db
    .select({ address: companyPublicPages.address, isPublic: companyPublicPages.isPublic })
    .from(companyPublicPages)
    .where(eq(companyPublicPages.companyId, companyId))
    .limit(1);
  const path = page?.isPublic ? companyPublicPagePath(page.address, 'en_GB') : companyProfilePath(companyId, 'en_GB');
  return {
    id: companyDid(config.siteUrl, companyId),
    name,
    page_url: `${config.siteUrl}${path}`,
    domains: (await verifiedRows(db, companyId)).map((row) => ({
      domain: domainToUnicode(row.domain) || row.domain,
      origin: originOf(row.domain, config),
      verified_at: row.verifiedAt?.toISOString() ?? null,
      linkage: linkageOf(row),
    })),
  };
}
