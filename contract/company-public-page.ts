// Companies' opt-in public brand pages (decision 211): `/company/{address}` beside the
// people's `/in/{address}` (decision 208), with the same address rules plus the company host's own
// page names. Plain data and functions, no zod; the page's path is in company-routes.ts, which the
// workspace's first script may import without these rules.
import { companyHostPages } from './company-hosts.ts';
import { addressSlugOf, publicAddressLimits, publicAddressProblem } from './public-profile.ts';

/**
 * Words a company may not take on top of the people's reserved ones: the company host's pages (the
 * dev server and a static host serve them under `/company/`), and the path the access step uses.
 */
export const reservedCompanyAddresses: ReadonlySet<string> = new Set<string>([...companyHostPages]);

/** Why a company cannot take `address` (format or reserved), or undefined when it may (if free). */
export function companyAddressProblem(address: string): 'format' | 'reserved' | undefined {
  return publicAddressProblem(address) ?? (reservedCompanyAddresses.has(address) ? 'reserved' : undefined);
}

/** An address made from the company's name: 'Northwind Studio' → 'northwind-studio', 'Ґрунт' → 'grunt'. */
export function suggestCompanyAddress(name: string): string {
  const base = addressSlugOf(name) || 'company-page';
  return companyAddressProblem(base) ? `${base}-company`.slice(0, publicAddressLimits.max) : base;
}
