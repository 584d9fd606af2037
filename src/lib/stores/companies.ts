// The company side of the personal site: the profile menu's company entries, the switch
// to the company host (decision 090) and the invitation page's reads. A company's public page is
// company-page.ts.
import { companyOriginOf } from '../../../contract/company-hosts.ts';
import type { InvitationView } from '../../../contract/companies.ts';
import { fetchAccountStatus } from '../api/accounts-api.ts';
import { ApiError } from '../base/api-error.ts';
import * as companyApi from '../api/company-api.ts';
import { revokeToken } from '../api/logout-api.ts';
import { returnToParam } from '../base/guards.ts';
import { pageNavigation } from '../base/page-navigation.ts';
import { $token, discardToken } from './session.ts';

export { companySwitchPage, loadCompanyAccounts } from './company-accounts.ts';

/**
 * The company to open when the switch names none (the end of a company's sign-up): the newest one the
 * person owns, else the newest they belong to; undefined for someone in no company.
 */
export async function defaultCompanyId(): Promise<number | undefined> {
  const { companies } = await fetchAccountStatus();
  const owned = companies.filter((company) => company.role === 'owner');
  return (owned.at(-1) ?? companies.at(-1))?.id;
}

/**
 * Asks for a hand-over code and goes to the company host's access page with it in the fragment (no
 * server log or Referer sees it). Without a code the access page says 'Access denied'.
 */
export async function switchToCompany(companyId: number | undefined, localePrefix: string, origin = location.origin): Promise<void> {
  let fragment = '';
  if (companyId !== undefined) {
    try {
      fragment = `#code=${encodeURIComponent((await companyApi.requestHandoff(companyId)).code)}`;
    } catch (error) {
      // The company asks for two-step sign-in, or the account's email is not proved yet: the person
      // stays here to be told how, not sent to a bare 'Access denied'.
      if (error instanceof ApiError && (error.code === 'two_factor_required' || error.code === 'verify_email_for_workspace')) throw error;
      fragment = '';
    }
  }
  pageNavigation.assign(`${companyOriginOf(origin)}${localePrefix}/access${fragment}`);
}

/** The invitation the page's link names. */
export function loadInvitation(token: string): Promise<InvitationView> {
  return companyApi.fetchInvitation(token);
}

export async function answerInvitation(token: string, answer: 'accept' | 'decline'): Promise<void> {
  await companyApi.answerInvitation(token, answer);
}

/**
 * 'No, sign in' on the invitation page: ends this session and goes to sign-in, which brings the
 * person back to `returnPath` (the invitation) afterwards; `email`, the invited address, starts the form.
 */
export async function signOutAndReturn(returnPath: string, localePrefix: string, email?: string): Promise<void> {
  const token = $token.get();
  discardToken();
  if (token) void revokeToken(token);
  const query = new URLSearchParams({ ...(email ? { email } : {}), [returnToParam]: returnPath });
  pageNavigation.assign(`${localePrefix}/login?${query}`);
}
