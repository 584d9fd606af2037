// The personal site's step that starts the switch to a company (decision 090): asks for a hand-over
// code for the company in `?company=` (without one, the company the person owns: the end of a company's
// sign-up links here) and goes to the company host with it. A company that asks its owners and admins
// for two-step sign-in, of someone who has it off, keeps them here with the way to turn it on.
import { useEffect, useState } from 'react';
import { parseProfileIdentifier } from '../../../contract/identifiers.ts';
import Alert from '../../components/Alert.tsx';
import { ButtonLink } from '../../components/Button.tsx';
import { defaultCompanyId, switchToCompany } from '../../lib/stores/companies.ts';

interface Props {
  text: string;
  localePrefix: string;
  /** The sentence for `two_factor_required` and the link's label, in the page's language. */
  twoStepText: string;
  twoStepLink: string;
}

export default function CompanySwitch({ text, localePrefix, twoStepText, twoStepLink }: Props) {
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    const named = new URLSearchParams(location.search).get('company');
    const chosen = named === null ? defaultCompanyId().catch(() => undefined) : Promise.resolve(parseProfileIdentifier(named));
    void chosen.then((companyId) => switchToCompany(companyId, localePrefix)).catch(() => setRefused(true));
  }, [localePrefix]);
  if (refused) {
    return (
      <div className="company-switch-refused">
        <Alert>{twoStepText}</Alert>
        <ButtonLink variant="primary" href={`${localePrefix}/settings#security`}>
          {twoStepLink}
        </ButtonLink>
      </div>
    );
  }
  return (
    <p role="status" aria-busy="true">
      {text}
    </p>
  );
}
