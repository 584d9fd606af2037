// The company's domains on the company host (decision 248): the list the "Verification"
// place shows and its actions. Read when the place opens; each action puts what the server answered
// in the list.
import { atom } from 'nanostores';
import type { CompanyDomain } from '../../../contract/company-domains.ts';
import * as domainsApi from '../api/domains-api.ts';
import { companyId, guarded } from './workspace.ts';

export const $domains = atom<readonly CompanyDomain[] | null>(null);

export async function refreshDomains(): Promise<void> {
  $domains.set(await guarded(() => domainsApi.fetchDomains(companyId())));
}

export async function addCompanyDomain(domain: string): Promise<CompanyDomain> {
  const added = await guarded(() => domainsApi.addDomain(companyId(), domain));
  $domains.set([...($domains.get() ?? []), added]);
  return added;
}

/** "Check now": both ways of proof; answers the domain as it stands after the check. */
export async function checkCompanyDomain(domainId: number): Promise<CompanyDomain> {
  const checked = await guarded(() => domainsApi.checkDomain(companyId(), domainId));
  $domains.set(($domains.get() ?? []).map((d) => (d.id === checked.id ? checked : d)));
  return checked;
}

export async function removeCompanyDomain(domainId: number): Promise<void> {
  await guarded(() => domainsApi.removeDomain(companyId(), domainId));
  $domains.set(($domains.get() ?? []).filter((d) => d.id !== domainId));
}

/** Downloads a verified domain's did-configuration.json, to host at the domain (decision 258). */
export async function downloadDomainDidConfiguration(domainId: number): Promise<void> {
  await guarded(() => domainsApi.downloadDidConfiguration(companyId(), domainId));
}
