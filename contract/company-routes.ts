// API paths of the company workspace, the company hand-over and invitations, and the
// company pages' site paths (the signed-in one and the public one). Plain strings and functions, like routes.ts, so any page's first
// script may import them.
import type { Locale } from './locale.ts';

type Id = number | string;

/** The signed-in company page on the personal host, where a person asks to join. */
export function companyProfilePath(companyId: Id, locale: Locale): string {
  return `${locale === 'uk_UA' ? '/uk' : ''}/company-profile?id=${companyId}`;
}

/** A company's public brand page on the personal host (decision 211): `/company/acme`, `/uk/company/acme`. */
export function companyPublicPagePath(address: string, locale: Locale): string {
  return `${locale === 'uk_UA' ? '/uk' : ''}/company/${address}`;
}

/** Paths the personal site calls with the person's own session. */
export const companyPublicPaths = {
  handoff: '/api/company-access',
  publicPage: (companyId: Id) => `/api/companies/${companyId}/public`,
  joinRequests: (companyId: Id) => `/api/companies/${companyId}/join-requests`,
  invitation: (token: string) => `/api/invitations/${token}`,
  invitationAccept: (token: string) => `/api/invitations/${token}/accept`,
  invitationDecline: (token: string) => `/api/invitations/${token}/decline`,
} as const;

/** Paths the company host calls with its company session (decision 090). */
export const workspacePaths = {
  exchange: '/api/company-access/exchange',
  session: '/api/company-session',
  workspace: (companyId: Id) => `/api/companies/${companyId}/workspace`,
  brand: (companyId: Id) => `/api/companies/${companyId}`,
  logo: (companyId: Id) => `/api/companies/${companyId}/logo`,
  cover: (companyId: Id) => `/api/companies/${companyId}/cover`,
  members: (companyId: Id) => `/api/companies/${companyId}/members`,
  member: (companyId: Id, memberId: Id) => `/api/companies/${companyId}/members/${memberId}`,
  transferOwnership: (companyId: Id) => `/api/companies/${companyId}/ownership`,
  security: (companyId: Id) => `/api/companies/${companyId}/security`,
  /** GET (owner): the owners and admins the two-step rule would sign out. */
  securityAffected: (companyId: Id) => `/api/companies/${companyId}/security/affected`,
  invitations: (companyId: Id) => `/api/companies/${companyId}/invitations`,
  invitation: (companyId: Id, invitationId: Id) => `/api/companies/${companyId}/invitations/${invitationId}`,
  invitationResend: (companyId: Id, invitationId: Id) => `/api/companies/${companyId}/invitations/${invitationId}/resend`,
  joinRequests: (companyId: Id) => `/api/companies/${companyId}/join-requests/open`,
  joinRequestDecision: (companyId: Id, requestId: Id) => `/api/companies/${companyId}/join-requests/${requestId}/decision`,
  teams: (companyId: Id) => `/api/companies/${companyId}/teams`,
  team: (companyId: Id, teamId: Id) => `/api/companies/${companyId}/teams/${teamId}`,
  teamMembers: (companyId: Id, teamId: Id) => `/api/companies/${companyId}/teams/${teamId}/members`,
  teamMember: (companyId: Id, teamId: Id, memberId: Id) => `/api/companies/${companyId}/teams/${teamId}/members/${memberId}`,
  notifications: (companyId: Id) => `/api/companies/${companyId}/notifications`,
  /** The public brand page's settings (decision 211): address, on or off, noindex. */
  publicPageSettings: (companyId: Id) => `/api/companies/${companyId}/public-page`,
  publicPageAvailability: (companyId: Id) => `/api/companies/${companyId}/public-page/availability`,
  /** The company's domains and their proof of control (decision 248). */
  domains: (companyId: Id) => `/api/companies/${companyId}/domains`,
  domain: (companyId: Id, domainId: Id) => `/api/companies/${companyId}/domains/${domainId}`,
  domainCheck: (companyId: Id, domainId: Id) => `/api/companies/${companyId}/domains/${domainId}/check`,
  /** GET: the domain's did-configuration.json to host at `https://<domain>/.well-known/` (decision 258). */
  domainDidConfiguration: (companyId: Id, domainId: Id) => `/api/companies/${companyId}/domains/${domainId}/did-configuration`,
} as const;
