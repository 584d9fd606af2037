// Who a company proved to be (decisions 248 and 257): the domain it controls, read wherever a
// confirmed job is shown, so a job's level of trust is worked out the same way everywhere.
import { domainToUnicode } from 'node:url';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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

/** Words of a legal form that say nothing about who a company is ('Northwind Ltd' is 'Northwind'). */
const legalForms = new Set([
  'ltd',
  'limited',
  'llc',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'plc',
  'llp',
  'gmbh',
  'ag',
  'sa',
  'bv',
  'oy',
  'ab',
  'тов',
  'пп',
  'фоп',
  'ат',
  'пат',
  'прат',
  'тзов',
]);
/** Letters that read alike across scripts and digits that pass for letters ('Goog1e', Cyrillic 'Аcme'). */
const confusables: Record<string, string> = {
  а: 'a',
  е: 'e',
  і: 'i',
  ї: 'i',
  ј: 'j',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '5': 's',
  $: 's',
  '@': 'a',
  '|': 'l',
  '!': 'i',
};

/**
 * A company's name as a reader takes it in: lower case, letters that look alike folded to one, no
 * punctuation or legal form, so 'NorthWind Studio, Ltd.' and 'Northwind Studio' are one name.
 */
export function lookalikeKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !legalForms.has(word))
    .map((word) => [...word].map((c) => confusables[c] ?? c).join(''))
    .join('')
    .replace(/(.)\1+/g, '$1');
}

/** How close two names must be, by trigram similarity, to pass for each other (besides one lookalike key). */
const closeEnough = 0.6;

/**
 * Who a company is, beyond a name anyone can type (decision 266): its verified domain, or,
 * without one, a domain-verified company whose name it could pass for ('not affiliated with …').
 */
export async function companyIdentityOf(
  db: Queryable,
  company: { id: number; name: string },
): Promise<{ verified_domain: string | null; not_affiliated_with: { name: string; domain: string } | null }> {
  const domain = (await verifiedDomainsOf(db, [company.id])).get(company.id) ?? null;
  if (domain) return { verified_domain: domain, not_affiliated_with: null };
  const key = lookalikeKey(company.name);
  const lowered = company.name.toLowerCase();
  // Candidates by the trigram index (pg_trgm's default threshold), then the stricter rule here.
  const result = (await db.execute(
    sql`select c.name, cd.domain, similarity(lower(c.name), ${lowered}) as likeness
      from companies c join company_domains cd on cd.company_id = c.id and cd.status = 'verified'
      where c.id <> ${company.id} and lower(c.name) % ${lowered}
      order by likeness desc, cd.verified_at asc limit 5`,
  )) as unknown as { rows: { name: string; domain: string; likeness: number | string }[] };
  const candidates = result.rows;
  const twin = candidates.find((row) => lookalikeKey(row.name) === key || Number(row.likeness) >= closeEnough);
  return {
    verified_domain: null,
    not_affiliated_with: twin ? { name: twin.name, domain: domainToUnicode(twin.domain) || twin.domain } : null,
  };
}
