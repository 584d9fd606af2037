// The company host's API: the workspace, brand page, members and roles, invitations, join
// requests and teams. Every route runs companyGuard with its action from the role table.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddTeamMemberRequest,
  ChangeRoleRequest,
  CompanyBrand,
  CompanyInvitation,
  CompanyParams,
  CreateInvitationRequest,
  InvitationParams,
  JoinRequest,
  JoinRequestDecision,
  JoinRequestParams,
  Member,
  MemberParams,
  SaveTeamRequest,
  Team,
  TeamMemberParams,
  TeamParams,
  TransferOwnershipRequest,
  UpdateBrandRequest,
  Workspace,
} from '../../contract/companies.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { channelNames, type WorkspaceList } from '../../contract/realtime.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { Notification } from '../../contract/notifications.ts';
import { uploadKinds, uploadRate } from '../../contract/upload-kinds.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { messageRef } from '../../contract/validation-messages.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { bearerTokenOf } from '../shared/auth/guard.ts';
import type { AppDeps } from '../deps.ts';
import { RuleBrokenError, UnauthenticatedError } from '../domain-errors.ts';
import { storeUpload } from '../shared/uploads/service.ts';
import { announceJobChange } from '../shared/realtime/publisher.ts';
import { localeOf } from '../http/locale.ts';
import { getBrand, setBrandImage, updateBrand, workspaceOf } from './brand.ts';
import { companyActor, companyGuard } from '../shared/companies/guard.ts';
import { announceCompanyChange } from './live.ts';
import { createInvitation, listInvitations, resendInvitation, revokeInvitation } from './invitations.ts';
import { decideJoinRequest, listOpenJoinRequests } from './join-requests.ts';
import { companyNotificationsOf } from './notifications.ts';
import { changeRole, listMembers, removeMember, transferOwnership } from './members.ts';
import { checkProof, proofRequired } from '../shared/auth/reauthentication.ts';
import { recordRequestEvent } from '../shared/auth/security-events.ts';
import { removalLink, undoLinks } from '../shared/auth/sign-in-removal.ts';
import { companySessionRefusal, resolveCompanySession } from '../shared/companies/session.ts';
import { revokeCompanySession } from './sessions.ts';
import { securityRoutes } from './security-routes.ts';
import { addTeamMember, createTeam, deleteTeam, listTeams, removeTeamMember, updateTeam } from './teams.ts';
import { bearerSecurity } from '../http/openapi.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
const noContent = { 204: z.null().describe('No content'), ...errors };
const tags = ['company workspace'];

/** The app as a route group receives it, and what every group uses. */
export type App = Parameters<FastifyPluginAsyncZod>[0];
export interface RouteKit {
  deps: AppDeps;
  guard: (action: Parameters<typeof companyGuard>[1]) => ReturnType<typeof companyGuard>;
  links: { siteUrl: string };
  changed: (companyId: number, ...lists: WorkspaceList[]) => void;
  sendLater: (mail: Parameters<AppDeps['mailer']['send']>[0]) => void;
}

export function workspaceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const kit: RouteKit = {
      deps,
      guard: (action) => companyGuard(deps, action),
      links: { siteUrl: deps.config.publicSiteUrl },
      changed: (companyId, ...lists) => announceCompanyChange(deps.realtime, companyId, lists),
      sendLater: (mail) => {
        void deps.mailer.send(mail).catch((err: unknown) => app.log.error({ err }, 'company mail not sent'));
      },
    };
    sessionAndBrandRoutes(app, kit);
    memberRoutes(app, kit);
    securityRoutes(app, kit);
    invitationRoutes(app, kit);
    joinRequestRoutes(app, kit);
    teamRoutes(app, kit);
  };
}

/** The company host's session, the workspace and the brand page with its logo and cover. */
function sessionAndBrandRoutes(app: App, { deps, guard, changed }: RouteKit): void {
  const { db, clock } = deps;
  app.delete(
    workspacePaths.session,
    { schema: { tags, security: bearerSecurity, response: { 204: z.null(), 401: ErrorResponse } } },
    async (request, reply) => {
      const token = bearerTokenOf(request);
      if (!token) throw new UnauthenticatedError();
      // Its sockets go too; the company's other sockets authorise again (decision 243).
      for (const companyId of await revokeCompanySession(db, clock, token)) await deps.realtime.revoke(channelNames.company(companyId));
      return reply.code(HttpStatus.noContent).send(null);
    },
  );

  // The company host's pages start here: the session names its company.
  app.get(
    workspacePaths.session,
    { schema: { tags, security: bearerSecurity, response: { 200: dataEnvelope(Workspace), 401: ErrorResponse } } },
    async (request) => {
      const token = bearerTokenOf(request);
      const actor = token ? await resolveCompanySession(db, clock, token) : undefined;
      // An ended session says why (decision 243).
      if (!actor) throw await companySessionRefusal(db, clock, token);
      return { data: await workspaceOf(db, actor) };
    },
  );

  app.get(
    workspacePaths.workspace(':companyId'),
    {
      preValidation: guard('workspace.view'),
      schema: { tags, params: CompanyParams, response: { 200: dataEnvelope(Workspace), ...errors } },
    },
    async (request) => ({
      data: await workspaceOf(db, companyActor(request)),
    }),
  );

  app.get(
    workspacePaths.brand(':companyId'),
    {
      preValidation: guard('workspace.view'),
      schema: { tags, params: CompanyParams, response: { 200: dataEnvelope(CompanyBrand), ...errors } },
    },
    async (request) => ({
      data: await getBrand(db, companyActor(request).companyId),
    }),
  );

  app.put(
    workspacePaths.brand(':companyId'),
    {
      preValidation: guard('brand.edit'),
      schema: { tags, params: CompanyParams, body: UpdateBrandRequest, response: { 200: dataEnvelope(CompanyBrand), ...errors } },
    },
    async (request) => {
      const brand = await updateBrand(db, clock, companyActor(request).companyId, request.body);
      changed(brand.id, 'workspace');
      return { data: brand };
    },
  );

  // Logo and cover go through the upload pipeline (streamed, size-capped, checked by content) with
  // the profile photo's and cover's rules; the company, not the uploader's profile, shows them.
  for (const [image, kind] of [
    ['logo', 'photo'],
    ['cover', 'cover'],
  ] as const) {
    app.post(
      image === 'logo' ? workspacePaths.logo(':companyId') : workspacePaths.cover(':companyId'),
      {
        preValidation: guard('brand.edit'),
        config: perPersonRateLimit('upload', uploadRate, (request) => companyActor(request).userId),
        schema: {
          tags,
          params: CompanyParams,
          consumes: ['multipart/form-data'],
          response: { 200: dataEnvelope(CompanyBrand), 413: ErrorResponse, 415: ErrorResponse, ...errors },
        },
      },
      async (request) => {
        const actor = companyActor(request);
        const fileRequired = () => new RuleBrokenError([{ field: 'file', message: messageRef('validation.required') }]);
        if (!request.isMultipart()) throw fileRequired();
        const part = await request.file({ limits: { fileSize: uploadKinds[kind].maxBytes + 1, files: 1, fields: 10 } });
        if (!part || part.fieldname !== 'file') throw fileRequired();
        const row = await storeUpload(db, {
          store: deps.store,
          userId: actor.userId,
          kind,
          stream: part.file,
          originalName: part.filename,
          attachToProfile: false,
        });
        const brand = await setBrandImage(db, clock, deps.store, actor.companyId, image, row.storageName);
        changed(actor.companyId, 'workspace');
        return { data: brand };
      },
    );
  }
}

/** Members and roles, ownership, and the company's sign-in rule (decision 203). */
function memberRoutes(app: App, { deps, guard, changed }: RouteKit): void {
  const { db, clock } = deps;
  app.get(
    workspacePaths.members(':companyId'),
    {
      preValidation: guard('members.view'),
      schema: { tags, params: CompanyParams, response: { 200: dataEnvelope(z.array(Member)), ...errors } },
    },
    async (request) => ({
      data: await listMembers(db, companyActor(request).companyId, clock.now()),
    }),
  );

  app.put(
    workspacePaths.member(':companyId', ':memberId'),
    { preValidation: guard('members.changeRole'), schema: { tags, params: MemberParams, body: ChangeRoleRequest, response: noContent } },
    async (request, reply) => {
      const actor = companyActor(request);
      const ended = await changeRole(db, clock, actor, request.params.memberId, request.body.role);
      changed(actor.companyId, 'members', 'workspace');
      if (ended) await deps.realtime.revoke(channelNames.company(actor.companyId)); // the rule ended their sessions (decision 243)
      return reply.code(HttpStatus.noContent).send(null);
    },
  );

  app.delete(
    workspacePaths.member(':companyId', ':memberId'),
    { preValidation: guard('members.remove'), schema: { tags, params: MemberParams, response: noContent } },
    async (request, reply) => {
      const actor = companyActor(request);
      const removedUserId = await removeMember(db, clock, actor, request.params.memberId);
      changed(actor.companyId, 'members', 'teams', 'notifications', 'employments');
      // Their job there ended with the membership: their open careers pages read it again.
      announceJobChange(deps.realtime, removedUserId, null, actor.companyId);
      // The removed person's sockets lose the company channel; the others authorise it again.
      await deps.realtime.revoke(channelNames.company(actor.companyId));
      return reply.code(HttpStatus.noContent).send(null);
    },
  );

  app.post(
    workspacePaths.transferOwnership(':companyId'),
    {
      // Giving the company away carries the owner's password (decision 235): a stolen session alone cannot.
      preValidation: [guard('ownership.transfer'), proofRequired],
      schema: { tags, params: CompanyParams, body: TransferOwnershipRequest, response: noContent },
    },
    async (request, reply) => {
      const actor = companyActor(request);
      await checkProof(deps, actor.userId, request.body.current_password);
      const { newOwnerUserId, sessionsEnded } = await transferOwnership(db, clock, actor, request.body.member_id);
      changed(actor.companyId, 'members', 'workspace');
      if (sessionsEnded) await deps.realtime.revoke(channelNames.company(actor.companyId));
      // Mailed like every change that needs the password (decision 235): the old owner's mail takes the
      // company back within the undo links' 7 days (a thief with the session and the password gives it
      // to their own account); the new owner hears that it is theirs now.
      const links = undoLinks(deps);
      await recordRequestEvent(deps, request, actor.userId, 'ownership_transferred', (locale) =>
        removalLink(links, locale, actor.userId, { ownershipGivenTo: request.body.member_id }),
      );
      await recordRequestEvent(deps, request, newOwnerUserId, 'ownership_received');
      return reply.code(HttpStatus.noContent).send(null);
    },
  );
}

/** Invitations: sent, re-sent and revoked. */
function invitationRoutes(app: App, { deps, guard, links, changed, sendLater }: RouteKit): void {
  const { db, clock } = deps;
  app.get(
    workspacePaths.invitations(':companyId'),
    {
      preValidation: guard('invitations.view'),
      schema: { tags, params: CompanyParams, response: { 200: dataEnvelope(z.array(CompanyInvitation)), ...errors } },
    },
    async (request) => ({
      data: await listInvitations(db, clock, companyActor(request).companyId),
    }),
  );

  app.post(
    workspacePaths.invitations(':companyId'),
    {
      preValidation: guard('invitations.manage'),
      schema: {
        tags,
        params: CompanyParams,
        body: CreateInvitationRequest,
        response: { 201: dataEnvelope(CompanyInvitation), ...errors },
      },
    },
    async (request, reply) => {
      const actor = { ...companyActor(request), locale: localeOf(request) };
      const { invitation, mail } = await createInvitation(db, clock, actor, request.body, links);
      sendLater(mail);
      changed(actor.companyId, 'invitations');
      return reply.code(HttpStatus.created).send({ data: invitation });
    },
  );

  app.post(
    workspacePaths.invitationResend(':companyId', ':invitationId'),
    {
      preValidation: guard('invitations.manage'),
      schema: { tags, params: InvitationParams, response: { 200: dataEnvelope(CompanyInvitation), ...errors } },
    },
    async (request) => {
      const actor = { ...companyActor(request), locale: localeOf(request) };
      const { invitation, mail } = await resendInvitation(db, clock, actor, request.params.invitationId, links);
      sendLater(mail);
      changed(actor.companyId, 'invitations');
      return { data: invitation };
    },
  );

  app.delete(
    workspacePaths.invitation(':companyId', ':invitationId'),
    { preValidation: guard('invitations.manage'), schema: { tags, params: InvitationParams, response: noContent } },
    async (request, reply) => {
      const actor = companyActor(request);
      await revokeInvitation(db, clock, actor, request.params.invitationId);
      changed(actor.companyId, 'invitations');
      return reply.code(HttpStatus.noContent).send(null);
    },
  );
}

/** Join requests, and the company's notifications. */
function joinRequestRoutes(app: App, { deps, guard, changed }: RouteKit): void {
  const { db, clock } = deps;
  app.get(
    workspacePaths.joinRequests(':companyId'),
    {
      preValidation: guard('joinRequests.view'),
      schema: { tags, params: CompanyParams, response: { 200: dataEnvelope(z.array(JoinRequest)), ...errors } },
    },
    async (request) => ({
      data: await listOpenJoinRequests(db, companyActor(request).companyId),
    }),
  );

  app.post(
    workspacePaths.joinRequestDecision(':companyId', ':requestId'),
    {
      preValidation: guard('joinRequests.decide'),
      schema: { tags, params: JoinRequestParams, body: JoinRequestDecision, response: { 200: dataEnvelope(JoinRequest), ...errors } },
    },
    async (request) => {
      const actor = companyActor(request);
      const result = await decideJoinRequest(db, clock, actor, request.params.requestId, request.body.decision);
      changed(actor.companyId, 'join_requests', 'members', 'notifications', 'employments');
      if (result.memberId !== undefined) announceJobChange(deps.realtime, result.request.user_id, null, actor.companyId);
      return { data: result.request };
    },
  );

  app.get(
    workspacePaths.notifications(':companyId'),
    {
      preValidation: guard('notifications.view'),
      schema: { tags, params: CompanyParams, response: { 200: dataEnvelope(z.array(Notification)), ...errors } },
    },
    async (request) => ({ data: await companyNotificationsOf(db, companyActor(request)) }),
  );
}

/** Teams and their members. */
function teamRoutes(app: App, { deps, guard, changed }: RouteKit): void {
  const { db, clock } = deps;
  app.get(
    workspacePaths.teams(':companyId'),
    {
      preValidation: guard('teams.view'),
      schema: { tags, params: CompanyParams, response: { 200: dataEnvelope(z.array(Team)), ...errors } },
    },
    async (request) => ({
      data: await listTeams(db, companyActor(request).companyId),
    }),
  );

  app.post(
    workspacePaths.teams(':companyId'),
    {
      preValidation: guard('teams.manage'),
      schema: { tags, params: CompanyParams, body: SaveTeamRequest, response: { 201: dataEnvelope(Team), ...errors } },
    },
    async (request, reply) => {
      const actor = companyActor(request);
      const team = await createTeam(db, actor, request.body);
      changed(actor.companyId, 'teams', 'members');
      return reply.code(HttpStatus.created).send({ data: team });
    },
  );

  app.put(
    workspacePaths.team(':companyId', ':teamId'),
    {
      preValidation: guard('teams.manage'),
      schema: { tags, params: TeamParams, body: SaveTeamRequest, response: { 200: dataEnvelope(Team), ...errors } },
    },
    async (request) => {
      const actor = companyActor(request);
      const team = await updateTeam(db, clock, actor, request.params.teamId, request.body);
      changed(actor.companyId, 'teams', 'members');
      return { data: team };
    },
  );

  app.delete(
    workspacePaths.team(':companyId', ':teamId'),
    { preValidation: guard('teams.manage'), schema: { tags, params: TeamParams, response: noContent } },
    async (request, reply) => {
      const actor = companyActor(request);
      await deleteTeam(db, actor, request.params.teamId);
      changed(actor.companyId, 'teams', 'members');
      return reply.code(HttpStatus.noContent).send(null);
    },
  );

  app.post(
    workspacePaths.teamMembers(':companyId', ':teamId'),
    {
      preValidation: guard('teams.manage'),
      schema: { tags, params: TeamParams, body: AddTeamMemberRequest, response: { 200: dataEnvelope(Team), ...errors } },
    },
    async (request) => {
      const actor = companyActor(request);
      const team = await addTeamMember(db, actor, request.params.teamId, request.body.member_id);
      changed(actor.companyId, 'teams', 'members');
      return { data: team };
    },
  );

  app.delete(
    workspacePaths.teamMember(':companyId', ':teamId', ':memberId'),
    {
      preValidation: guard('teams.manage'),
      schema: { tags, params: TeamMemberParams, response: { 200: dataEnvelope(Team), ...errors } },
    },
    async (request) => {
      const actor = companyActor(request);
      const team = await removeTeamMember(db, clock, actor, request.params.teamId, request.params.memberId);
      changed(actor.companyId, 'teams', 'members');
      return { data: team };
    },
  );
}
