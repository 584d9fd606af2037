// The save of a company's public brand page settings (decision 211): what the workspace's
// form and the server check. What they answer (`CompanyPublicPageSettings`) is in companies.ts, which
// the workspace already loads; the availability check answers with the people's shape
// (contract/public-profile-schemas.ts).
import { z } from 'zod';
import { companyAddressProblem } from './company-public-page.ts';
import { publicAddressField } from './public-profile-schemas.ts';

/** A company address as typed: the people's rules and the company host's own page names. */
export const CompanyAddress = publicAddressField(companyAddressProblem);

/** The workspace card's save: the address, on or off, and whether search engines may list the page. */
export const UpdateCompanyPublicPageRequest = z.strictObject({
  address: CompanyAddress,
  is_public: z.boolean(),
  noindex: z.boolean(),
});
export type UpdateCompanyPublicPageRequest = z.infer<typeof UpdateCompanyPublicPageRequest>;
