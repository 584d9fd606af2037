// Company calls (docs/api.md "Company workspace"): the hand-over, the workspace on the company host,
// a company's public page, join requests and invitations, typed by the contract.
import { z } from 'zod';
import {
  CompanySecurity,
  RuleAffected,
  CompanyBrand,
  CompanyInvitation,
  CompanyPublicPage,
  CompanyPublicPageSettings,
  ExchangeResponse,
  HandoffCode,
  InvitationOutcome,
  InvitationView,
  JoinRequest,
  Member,
  Team,
  Workspace,
  type CreateInvitationRequest,
  type SaveTeamRequest,
  type UpdateBrandRequest,
} from '../../../contract/companies.ts';
import { companyPublicPaths, workspacePaths } from '../../../contract/company-routes.ts';
import { dataEnvelope } from '../../../contract/envelope.ts';
import { Notification } from '../../../contract/notifications.ts';
import { $locale } from '../base/page-locale.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

// POSTs carry the page's locale so violation titles come back in its language.
const localeQuery = () => ({ locale: $locale.get() });
const data = async <T>(call: Promise<{ data: T }>): Promise<T> => (await call).data;

// ── Personal site ──

export const requestHandoff = (companyId: number, api: ApiClient = defaultApi) =>
  data(api.post(companyPublicPaths.handoff, { json: { company_id: companyId }, schema: dataEnvelope(HandoffCode) }));

export const fetchCompanyPublicPage = (companyId: number, api: ApiClient = defaultApi) =>
  data(api.get(companyPublicPaths.publicPage(companyId), { schema: dataEnvelope(CompanyPublicPage) }));

export const askToJoin = (companyId: number, message: string, api: ApiClient = defaultApi) =>
  data(
    api.post(companyPublicPaths.joinRequests(companyId), {
      json: { message },
      query: localeQuery(),
      schema: dataEnvelope(z.object({ id: z.number(), status: z.literal('pending') })),
    }),
  );

export const fetchInvitation = (token: string, api: ApiClient = defaultApi) =>
  data(api.get(companyPublicPaths.invitation(encodeURIComponent(token)), { schema: dataEnvelope(InvitationView) }));

export const answerInvitation = (token: string, answer: 'accept' | 'decline', api: ApiClient = defaultApi) => {
  const path =
    answer === 'accept'
      ? companyPublicPaths.invitationAccept(encodeURIComponent(token))
      : companyPublicPaths.invitationDecline(encodeURIComponent(token));
  return data(api.post(path, { schema: dataEnvelope(InvitationOutcome) }));
};

// ── Company host ──

export const exchangeHandoff = (code: string, api: ApiClient = defaultApi) =>
  data(api.post(workspacePaths.exchange, { json: { code }, schema: dataEnvelope(ExchangeResponse) }));

export const endCompanySession = (api: ApiClient = defaultApi) => api.delete(workspacePaths.session);

export const saveBrand = (companyId: number, input: UpdateBrandRequest, api: ApiClient = defaultApi) =>
  data(api.put(workspacePaths.brand(companyId), { json: input, query: localeQuery(), schema: dataEnvelope(CompanyBrand) }));

export const fetchMembers = (companyId: number, api: ApiClient = defaultApi) =>
  data(api.get(workspacePaths.members(companyId), { schema: dataEnvelope(z.array(Member)) }));

export const changeMemberRole = (companyId: number, memberId: number, role: 'admin' | 'member', api: ApiClient = defaultApi) =>
  api.put(workspacePaths.member(companyId, memberId), { json: { role }, query: localeQuery() });

export const removeMember = (companyId: number, memberId: number, api: ApiClient = defaultApi) =>
  api.delete(workspacePaths.member(companyId, memberId));

/** `PUT /api/companies/{id}/security`: whether owners and admins need two-step sign-in. */
/** The owners and admins the two-step rule would sign out (owner only). */
export const fetchRuleAffected = (companyId: number, api: ApiClient = defaultApi) =>
  data(api.get(workspacePaths.securityAffected(companyId), { schema: dataEnvelope(RuleAffected) }));
export const saveCompanySecurity = (companyId: number, input: CompanySecurity, api: ApiClient = defaultApi) =>
  data(api.put(workspacePaths.security(companyId), { json: input, query: localeQuery(), schema: dataEnvelope(CompanySecurity) }));
/** Gives the company to a member; the owner's current password goes with it (decision 235). */
export const transferOwnership = (companyId: number, memberId: number, currentPassword: string, api: ApiClient = defaultApi) =>
  api.post(workspacePaths.transferOwnership(companyId), {
    json: { member_id: memberId, current_password: currentPassword },
    query: localeQuery(),
  });

export const fetchInvitations = (companyId: number, api: ApiClient = defaultApi) =>
  data(api.get(workspacePaths.invitations(companyId), { schema: dataEnvelope(z.array(CompanyInvitation)) }));

export const sendInvitation = (companyId: number, input: CreateInvitationRequest, api: ApiClient = defaultApi) =>
  data(api.post(workspacePaths.invitations(companyId), { json: input, query: localeQuery(), schema: dataEnvelope(CompanyInvitation) }));

export const resendInvitation = (companyId: number, invitationId: number, api: ApiClient = defaultApi) =>
  data(
    api.post(workspacePaths.invitationResend(companyId, invitationId), { query: localeQuery(), schema: dataEnvelope(CompanyInvitation) }),
  );

export const revokeInvitation = (companyId: number, invitationId: number, api: ApiClient = defaultApi) =>
  api.delete(workspacePaths.invitation(companyId, invitationId));

export const fetchJoinRequests = (companyId: number, api: ApiClient = defaultApi) =>
  data(api.get(workspacePaths.joinRequests(companyId), { schema: dataEnvelope(z.array(JoinRequest)) }));

export const decideJoinRequest = (companyId: number, requestId: number, decision: 'approve' | 'decline', api: ApiClient = defaultApi) =>
  data(
    api.post(workspacePaths.joinRequestDecision(companyId, requestId), {
      json: { decision },
      query: localeQuery(),
      schema: dataEnvelope(JoinRequest),
    }),
  );

export const fetchTeams = (companyId: number, api: ApiClient = defaultApi) =>
  data(api.get(workspacePaths.teams(companyId), { schema: dataEnvelope(z.array(Team)) }));

export const createTeam = (companyId: number, input: SaveTeamRequest, api: ApiClient = defaultApi) =>
  data(api.post(workspacePaths.teams(companyId), { json: input, query: localeQuery(), schema: dataEnvelope(Team) }));

export const updateTeam = (companyId: number, teamId: number, input: SaveTeamRequest, api: ApiClient = defaultApi) =>
  data(api.put(workspacePaths.team(companyId, teamId), { json: input, query: localeQuery(), schema: dataEnvelope(Team) }));

export const deleteTeam = (companyId: number, teamId: number, api: ApiClient = defaultApi) =>
  api.delete(workspacePaths.team(companyId, teamId));

export const addTeamMember = (companyId: number, teamId: number, memberId: number, api: ApiClient = defaultApi) =>
  data(
    api.post(workspacePaths.teamMembers(companyId, teamId), {
      json: { member_id: memberId },
      query: localeQuery(),
      schema: dataEnvelope(Team),
    }),
  );

export const removeTeamMember = (companyId: number, teamId: number, memberId: number, api: ApiClient = defaultApi) =>
  data(api.delete(workspacePaths.teamMember(companyId, teamId, memberId), { schema: dataEnvelope(Team) }));

export const fetchCompanyNotifications = (companyId: number, api: ApiClient = defaultApi) =>
  data(api.get(workspacePaths.notifications(companyId), { schema: dataEnvelope(z.array(Notification)) }));

/** `GET /api/companies/{id}/public-page` (decision 211); saving and checking an address: company-public-page-api.ts. */
export const fetchPublicPageSettings = (companyId: number, api: ApiClient = defaultApi) =>
  data(api.get(workspacePaths.publicPageSettings(companyId), { schema: dataEnvelope(CompanyPublicPageSettings) }));

export const fetchSessionWorkspace = (api: ApiClient = defaultApi) =>
  data(api.get(workspacePaths.session, { schema: dataEnvelope(Workspace) }));

/** `POST /api/companies/{id}/logo|cover` (multipart, one `file` part): the brand with its new image. */
export const uploadBrandImage = (companyId: number, image: 'logo' | 'cover', file: File, api: ApiClient = defaultApi) =>
  data(
    api.post(image === 'logo' ? workspacePaths.logo(companyId) : workspacePaths.cover(companyId), {
      form: { file },
      query: localeQuery(),
      schema: dataEnvelope(CompanyBrand),
    }),
  );
