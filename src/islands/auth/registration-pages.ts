// Where each step of sign-up lives (SPEC §2): the email pages and the last page have a company
// variant, the phone page is shared; every path keeps the page's language and profile prefix.
import type { AccountKind, RegistrationStep } from '../../../contract/auth.ts';
import type { Locale } from '../../../contract/locale.ts';
import { returnToParam } from '../../lib/base/guards.ts';
import { buildSitePath, currentPathWithQuery, currentSitePath } from '../../lib/base/site-path.ts';

/** The page path of a sign-up step for an account of `kind`, without locale or profile prefix. */
export function registrationPage(step: RegistrationStep | 'email_change', kind: AccountKind): string {
  const company = kind === 'company' ? '-company' : '';
  switch (step) {
    case 'email_verification':
      return `/create-account/email-verification${company}`;
    case 'email_change':
      return `/create-account/email-change${company}`;
    case 'phone_verification':
      return '/create-account/phone-verification';
    case 'completed':
      return `/create-account/completed${company}`;
  }
}

/** A link target rendered into the prerendered page, where no profile prefix is known. */
export function pageLink(locale: Locale, page: string): string {
  return buildSitePath({ locale, page });
}

/** A site page in `locale`, keeping the current profile prefix; in the browser only. */
export function sitePage(locale: Locale, page: string): string {
  return buildSitePath({ locale, profileId: currentSitePath().profileId, page });
}

/** The login page that brings the visitor back here afterwards. */
export function loginReturningHere(locale: Locale): string {
  return `${sitePage(locale, '/login')}?${new URLSearchParams({ [returnToParam]: currentPathWithQuery() })}`;
}

/**
 * Where sign-up goes after a step, for a person who came from a page that sent them (an invitation):
 * the email code first when it is still owed (an invitation is answered only from a verified address),
 * carrying the way back; then the page itself (`back`).
 */
export function nextPageReturning(locale: Locale, step: RegistrationStep, kind: AccountKind, back: string | undefined): string {
  if (!back) return sitePage(locale, registrationPage(step, kind));
  if (step === 'email_verification')
    return `${sitePage(locale, registrationPage(step, kind))}?${new URLSearchParams({ [returnToParam]: back })}`;
  return back;
}
