// The personal site's step that starts the switch to a company (decision 090): asks for a hand-over
// code for the company in `?company=` (without one, the company the person owns: the end of a company's
// sign-up links here) and goes to the company host with it.
import { useEffect } from 'react';
import { parseProfileIdentifier } from '../../../contract/identifiers.ts';
import { defaultCompanyId, switchToCompany } from '../../lib/stores/companies.ts';

export default function CompanySwitch({ text, localePrefix }: { text: string; localePrefix: string }) {
  useEffect(() => {
    const named = new URLSearchParams(location.search).get('company');
    const chosen = named === null ? defaultCompanyId().catch(() => undefined) : Promise.resolve(parseProfileIdentifier(named));
    void chosen.then((companyId) => switchToCompany(companyId, localePrefix));
  }, [localePrefix]);
  return (
    <p role="status" aria-busy="true">
      {text}
    </p>
  );
}
