// The profile menu's company entries: read on every signed-in page, so this module keeps
// to the account status; the company API and its schemas load with the pages that use them.
import { fetchAccountStatus } from '../api/accounts-api.ts';
import { setCompanyAccounts } from './accounts.ts';

/** The page on the personal site that starts the switch to a company. */
export const companySwitchPage = '/company-access';

/** Fills the profile menu with the person's companies; choosing one starts the switch. */
export async function loadCompanyAccounts(localePrefix: string): Promise<void> {
  const status = await fetchAccountStatus();
  setCompanyAccounts(
    status.companies.map((company) => ({
      key: `company-${company.id}`,
      name: company.name,
      photoUrl: null,
      href: `${localePrefix}${companySwitchPage}?company=${company.id}`,
      isCurrent: false,
    })),
  );
}
