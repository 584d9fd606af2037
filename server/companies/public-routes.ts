// What the personal site calls about companies with the person's own session: the
// hand-over code to the company host and its exchange there, a company's public page, asking to
// join, and answering an invitation (whose page reads it before anyone signs in).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompanyParams,
  CompanyPublicPage,
  CreateJoinRequest,
  ExchangeRequest,
  ExchangeResponse,
  HandoffCode,
  HandoffRequest,
  InvitationOutcome,
  InvitationTokenParams,
  InvitationView,
} from '../../contract/companies.ts';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { authenticate, bearerTokenOf, signedInUser } from '../shared/auth/guard.ts';
import type { AppDeps } from '../deps.ts';
import { laggingReads } from '../db/replica.ts';
import { publicPage, workspaceOf } from './brand.ts';
import { answerInvitation, viewInvitation } from './invitations.ts';
import { requestToJoin } from './join-requests.ts';
import { announceCompanyChange } from './live.ts';
import { announceJobChange } from '../shared/realtime/publisher.ts';
import { exchangeHandoffCode, issueHandoffCode } from './sessions.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
const tags = ['companies'];

export function companyPublicRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock, tokens } = deps;
    const signedIn = authenticate(tokens);

    app.post(
      companyPublicPaths.handoff,
      { preValidation: signedIn, schema: { tags, body: HandoffRequest, response: { 201: dataEnvelope(HandoffCode), ...errors } } },
      async (request, reply) => {
        const issued = await issueHandoffCode(db, clock, signedInUser(request), request.body.company_id, bearerTokenOf(request));
        return reply.code(HttpStatus.created).send({ data: { code: issued.code, expires_at: issued.expiresAt.toISOString() } });
      },
    );

    app.post(
      workspacePaths.exchange,
      {
        schema: { tags, body: ExchangeRequest, response: { 201: dataEnvelope(ExchangeResponse), ...errors } },
        // Codes are 256-bit and live 60 s; the limit only keeps a noisy client from filling the log.
        config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      },
      async (request, reply) => {
        const { token, actor } = await exchangeHandoffCode(db, clock, request.body.code);
        return reply.code(HttpStatus.created).send({ data: { token, workspace: await workspaceOf(db, actor) } });
      },
    );

    app.get(
      companyPublicPaths.publicPage(':companyId'),
      {
        preValidation: signedIn,
        config: { etag: true },
        schema: { tags, params: CompanyParams, response: { 200: dataEnvelope(CompanyPublicPage), ...errors } },
      },
      async (request) => ({
        // A company's page tolerates a moment's lag; its members' own reads after a write read the primary (decision 254).
        data: await publicPage(
          laggingReads(deps, signedInUser(request)),
          request.params.companyId,
          signedInUser(request),
          deps.clock.now(),
        ),
      }),
    );

    app.post(
      companyPublicPaths.joinRequests(':companyId'),
      {
        preValidation: signedIn,
        schema: {
          tags,
          params: CompanyParams,
          body: CreateJoinRequest,
          response: { 201: dataEnvelope(z.object({ id: z.number(), status: z.literal('pending') })), ...errors },
        },
      },
      async (request, reply) => {
        const created = await requestToJoin(db, clock, signedInUser(request), request.params.companyId, request.body.message);
        announceCompanyChange(deps.realtime, request.params.companyId, ['join_requests', 'notifications']);
        return reply.code(HttpStatus.created).send({ data: created });
      },
    );

    // Anyone holding the link may read it: the page must say who invites before the person signs in.
    app.get(
      companyPublicPaths.invitation(':token'),
      { schema: { tags, params: InvitationTokenParams, response: { 200: dataEnvelope(InvitationView), ...errors } } },
      async (request) => ({
        data: await viewInvitation(db, clock, request.params.token),
      }),
    );

    for (const answer of ['accept', 'decline'] as const) {
      const path = answer === 'accept' ? companyPublicPaths.invitationAccept(':token') : companyPublicPaths.invitationDecline(':token');
      app.post(
        path,
        {
          preValidation: signedIn,
          schema: { tags, params: InvitationTokenParams, response: { 200: dataEnvelope(InvitationOutcome), ...errors } },
        },
        async (request) => {
          const result = await answerInvitation(db, clock, request.params.token, signedInUser(request), answer);
          announceCompanyChange(
            deps.realtime,
            result.companyId,
            answer === 'accept' ? ['invitations', 'members', 'teams', 'notifications', 'employments'] : ['invitations', 'notifications'],
          );
          // The person's other open pages show the new job.
          if (answer === 'accept') announceJobChange(deps.realtime, signedInUser(request), null, result.companyId);
          return { data: result.outcome };
        },
      );
    }
  };
}
