// A company's public page on the personal site, with the visitor's join request: a fetcher store of
// the one path (decision 236) under `companies/{id}/page`. Its own module, so the pages that only
// switch to a company (the profile menu, on every page) do not load the cache.
import { atom } from 'nanostores';
import type { CompanyPublicPage } from '../../../contract/companies.ts';
import * as companyApi from '../api/company-api.ts';
import { readAgain, serverData } from './query.ts';

/** The company the page shows (its id); null before one is shown. */
const $shownCompany = atom<string | null>(null);
const keyOf = (companyId: number) => `companies/${companyId}/page`;

/** The company's public page: `data` once read. */
export const $companyPage = serverData<CompanyPublicPage>(['companies/', $shownCompany, '/page'], (_, id) =>
  companyApi.fetchCompanyPublicPage(Number(id)),
);

/** Shows the public page of `companyId` (read again when shown again); an answer for another company is dropped. */
export function loadCompanyPage(companyId: number): Promise<CompanyPublicPage> {
  $shownCompany.set(String(companyId));
  return readAgain($companyPage, keyOf(companyId));
}

/** Asks to join; the page, read again, shows the request pending. */
export async function askToJoin(companyId: number, message: string): Promise<void> {
  await companyApi.askToJoin(companyId, message);
  await loadCompanyPage(companyId);
}
