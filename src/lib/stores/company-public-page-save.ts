// The public brand page form's actions (decision 211): save the settings (the card then shows what
// the server stored) and ask whether an address is free. Loaded with the form, with the calls and the
// address rules' schemas they bring.
import type { CompanyPublicPageSettings } from '../../../contract/companies.ts';
import type { UpdateCompanyPublicPageRequest } from '../../../contract/company-public-page-schemas.ts';
import type { PublicAddressAvailability } from '../../../contract/public-profile-schemas.ts';
import * as publicPageApi from '../api/company-public-page-api.ts';
import { put } from './query.ts';
import { companyId, companyKey, guarded } from './workspace.ts';

export async function saveCompanyPublicPage(input: UpdateCompanyPublicPageRequest): Promise<CompanyPublicPageSettings> {
  const saved = await guarded(() => publicPageApi.saveCompanyPublicPage(companyId(), input));
  put(companyKey('workspace/public_page'), saved);
  return saved;
}

export function checkCompanyAddress(address: string): Promise<PublicAddressAvailability> {
  return guarded(() => publicPageApi.checkCompanyAddress(companyId(), address));
}
