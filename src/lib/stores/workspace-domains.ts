// The company's domains on the company host (decision 248): the list the "Verification"
// place shows and its actions. Read when the place opens; each action puts what the server answered
// in the list. A company list of the one path (src/lib/stores/query.ts, decision 236).
import type { CompanyDomain } from '../../../contract/company-domains.ts';
import * as domainsApi from '../api/domains-api.ts';
import { change, readAgain } from './query.ts';
import { companyId, companyKey, companyList, guarded } from './workspace.ts';

export const $domains = companyList('domains', domainsApi.fetchDomains, 'domains.manage');

export const refreshDomains = () => readAgain($domains, companyKey('domains'));

/** The list as an action changed it, where the page has read it. */
const changeDomains = (edit: (domains: CompanyDomain[]) => CompanyDomain[]) => change(companyKey('domains'), edit);

export async function addCompanyDomain(domain: string): Promise<CompanyDomain> {
  const added = await guarded(() => domainsApi.addDomain(companyId(), domain));
  changeDomains((domains) => [...domains, added]);
  return added;
}

/** "Check now": both ways of proof; answers the domain as it stands after the check. */
export async function checkCompanyDomain(domainId: number): Promise<CompanyDomain> {
  const checked = await guarded(() => domainsApi.checkDomain(companyId(), domainId));
  changeDomains((domains) => domains.map((d) => (d.id === checked.id ? checked : d)));
  return checked;
}

export async function removeCompanyDomain(domainId: number): Promise<void> {
  await guarded(() => domainsApi.removeDomain(companyId(), domainId));
  changeDomains((domains) => domains.filter((d) => d.id !== domainId));
}

/** Downloads a verified domain's did-configuration.json, to host at the domain (decision 258). */
export async function downloadDomainDidConfiguration(domainId: number): Promise<void> {
  await guarded(() => domainsApi.downloadDidConfiguration(companyId(), domainId));
}
