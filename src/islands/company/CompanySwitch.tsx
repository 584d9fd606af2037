// The personal site's step that starts the switch to a company (decision 090): asks for a hand-over
// code for the company in `?company=` (without one, the company the person owns: the end of a company's
// sign-up links here) and goes to the company host with it. A company that asks its owners and admins
// for two-step sign-in, of someone who has it off, keeps them here with the way to turn it on; an
// account whose email is not proved yet (decision 235) is kept here with the way to prove it.
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
  /** The sentence for `verify_email_for_workspace` and the link's label, in the page's language. */
  verifyEmailText: string;
  verifyEmailLink: string;
}

/** Why the hand-over was refused: the one refusal that keeps the person here with its own way out. */
const refusalOf = (error: unknown): 'verify_email' | 'two_step' =>
  (error as { code?: unknown } | null)?.code === 'verify_email_for_workspace' ? 'verify_email' : 'two_step';

export default function CompanySwitch({ text, localePrefix, twoStepText, twoStepLink, verifyEmailText, verifyEmailLink }: Props) {
  const [refused, setRefused] = useState<'verify_email' | 'two_step' | null>(null);
  useEffect(() => {
    const named = new URLSearchParams(location.search).get('company');
    const chosen = named === null ? defaultCompanyId().catch(() => undefined) : Promise.resolve(parseProfileIdentifier(named));
    void chosen.then((companyId) => switchToCompany(companyId, localePrefix)).catch((error: unknown) => setRefused(refusalOf(error)));
  }, [localePrefix]);
  if (refused) {
    const [sentence, label, href] =
      refused === 'verify_email'
        ? [verifyEmailText, verifyEmailLink, `${localePrefix}/create-account/email-verification`]
        : [twoStepText, twoStepLink, `${localePrefix}/settings#security`];
    return (
      <div className="company-switch-refused">
        <Alert>{sentence}</Alert>
        <ButtonLink variant="primary" href={href}>
          {label}
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
