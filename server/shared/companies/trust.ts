// Who a company proved to be (issue 37, decisions 248 and 257): the domain it controls, read wherever a
// confirmed job is shown, so a job's level of trust is worked out the same way everywhere.
import { domainToUnicode } from 'node:url';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { companyDomains } from '../../db/company-schema.ts';

/**
 * Each company's verified domain as people read it (Unicode), by company id; the first one it proved
 * when it holds several. Companies that proved none are absent.
 */
export async function verifiedDomainsOf(db: Queryable, companyIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(companyIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ companyId: companyDomains.companyId, domain: companyDomains.domain })
    .from(companyDomains)
    .where(and(inArray(companyDomains.companyId, ids), eq(companyDomains.status, 'verified')))
    .orderBy(asc(companyDomains.verifiedAt), asc(companyDomains.id));
  const out = new Map<number, string>();
  for (const row of rows) if (!out.has(row.companyId)) out.set(row.companyId, domainToUnicode(row.domain) || row.domain);
  return out;
}
