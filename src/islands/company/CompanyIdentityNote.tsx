// Who a company is, beyond a name anyone can type (decision 266): the domain it proved it
// controls, or plainly that its identity is not verified, and which domain-verified company it is not
// when its name could pass for one. The same words as the server-rendered company page.
import type { CompanyIdentity } from '../../../contract/companies.ts';
import Badge from '../../components/Badge.tsx';
import Icon from '../../components/Icon.tsx';
import type { Translate } from '../../i18n/translator.ts';

export default function CompanyIdentityNote({ identity, t }: { identity: CompanyIdentity; t: Translate }) {
  if (identity.verified_domain) {
    return (
      <p className="company-identity" data-trust="domain_verified">
        <Badge variant="success">
          <Icon name="verified" />
          <span>{t('company.identity.verified', { domain: identity.verified_domain })}</span>
        </Badge>
        <span className="company-muted">{t('company.identity.verifiedHint', { domain: identity.verified_domain })}</span>
      </p>
    );
  }
  return (
    <div className="company-identity" data-trust="company_confirmed">
      <p>
        <Badge>
          <Icon name="info" />
          <span>{t('company.identity.notVerified')}</span>
        </Badge>
        <span className="company-muted">{t('company.identity.notVerifiedHint')}</span>
      </p>
      {identity.not_affiliated_with ? (
        <p className="company-identity-warning" role="note">
          <Icon name="alert" />
          <span>{t('company.identity.notAffiliated', identity.not_affiliated_with)}</span>
        </p>
      ) : null}
    </div>
  );
}
