// API paths of the company workspace, the company hand-over and invitations (issue 11). Plain strings
// and functions, like routes.ts, so any page's first script may import them.
type Id = number | string;

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
} as const;
