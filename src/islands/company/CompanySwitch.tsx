// The personal site's step that starts the switch to a company (decision 090): asks for a hand-over
// code for the company in `?company=` and goes to the company host with it.
import { useEffect } from 'react';
import { parseProfileIdentifier } from '../../../contract/identifiers.ts';
import { switchToCompany } from '../../lib/stores/companies.ts';

export default function CompanySwitch({ text, localePrefix }: { text: string; localePrefix: string }) {
  useEffect(() => {
    const companyId = parseProfileIdentifier(new URLSearchParams(location.search).get('company') ?? '');
    void switchToCompany(companyId, localePrefix);
  }, [localePrefix]);
  return (
    <p role="status" aria-busy="true">
      {text}
    </p>
  );
}
