// Saving the company's public brand page settings and checking an address (decision 211),
// on the company host. A module of its own, loaded with the card's form: the workspace's first script
// carries neither these calls nor the address rules and schemas they bring. Reading the settings is
// company-api.ts's.
import { CompanyPublicPageSettings } from '../../../contract/companies.ts';
import type { UpdateCompanyPublicPageRequest } from '../../../contract/company-public-page-schemas.ts';
import { workspacePaths } from '../../../contract/company-routes.ts';
import { dataEnvelope } from '../../../contract/envelope.ts';
import { PublicAddressAvailability } from '../../../contract/public-profile-schemas.ts';
import { $locale } from '../base/page-locale.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

/** Saves the address, the switch and noindex (violation titles in the page's language); answers what was stored. */
export async function saveCompanyPublicPage(
  companyId: number,
  input: UpdateCompanyPublicPageRequest,
  api: ApiClient = defaultApi,
): Promise<CompanyPublicPageSettings> {
  return (
    await api.put(workspacePaths.publicPageSettings(companyId), {
      json: input,
      query: { locale: $locale.get() },
      schema: dataEnvelope(CompanyPublicPageSettings),
    })
  ).data;
}

/** Whether the company may take `address`. */
export async function checkCompanyAddress(
  companyId: number,
  address: string,
  api: ApiClient = defaultApi,
): Promise<PublicAddressAvailability> {
  return (
    await api.get(workspacePaths.publicPageAvailability(companyId), { query: { address }, schema: dataEnvelope(PublicAddressAvailability) })
  ).data;
}
