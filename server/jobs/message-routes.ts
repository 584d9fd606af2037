// The conversation per application (decision 271) over the API: the applicant on the personal
// host with their personal session, the company's owners and admins on the company host
// (`applications.view` reads, `applications.manage` writes; a plain member 403, another company 404).
// After a message is stored, the applicant's open pages hear of it on their own channel, and the
// company's open pipelines read themselves again (each applicant's message count changes, so an open
// conversation reads itself again too).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApplicationMessage, applicationMessagePaths, SendMessageRequest } from '../../contract/application-messages.ts';
import { ApplicationParams, CompanyApplicationParams } from '../../contract/applications.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { channelNames } from '../../contract/realtime.ts';
import type { AppDeps } from '../deps.ts';
import { bearerSecurity } from '../http/openapi.ts';
import { authenticate, signedInUser } from '../shared/auth/guard.ts';
import { companyActor, companyGuard } from '../shared/companies/guard.ts';
import { announceCompanyChange } from '../companies/public.ts';
import { listMessages, sendMessage } from './messages.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
const security = bearerSecurity;
const Messages = dataEnvelope(z.array(ApplicationMessage));

export function messageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const signedIn = authenticate(deps.tokens);
    const view = companyGuard(deps, 'applications.view');
    const manage = companyGuard(deps, 'applications.manage');
    const told = (applicationId: number, applicantId: number, companyId: number) => {
      void deps.realtime.publish('application.message', channelNames.user(applicantId), { application_id: applicationId });
      announceCompanyChange(deps.realtime, companyId, ['applications', 'notifications']);
    };

    app.get(
      applicationMessagePaths.mine(':applicationId'),
      {
        preValidation: signedIn,
        schema: { tags: ['applications'], security, params: ApplicationParams, response: { 200: Messages, ...errors } },
      },
      async (request) => ({
        data: await listMessages(db, { side: 'applicant', userId: signedInUser(request) }, request.params.applicationId),
      }),
    );
    app.post(
      applicationMessagePaths.mine(':applicationId'),
      {
        preValidation: signedIn,
        schema: {
          tags: ['applications'],
          security,
          params: ApplicationParams,
          body: SendMessageRequest,
          response: { 201: Messages, ...errors },
        },
      },
      async (request, reply) => {
        const { applicationId } = request.params;
        const sent = await sendMessage(db, clock, { side: 'applicant', userId: signedInUser(request) }, applicationId, request.body.body);
        told(applicationId, sent.applicantId, sent.companyId);
        return reply.code(HttpStatus.created).send({ data: sent.messages });
      },
    );
    app.get(
      applicationMessagePaths.company(':companyId', ':applicationId'),
      {
        preValidation: view,
        schema: { tags: ['company applications'], security, params: CompanyApplicationParams, response: { 200: Messages, ...errors } },
      },
      async (request) => ({
        data: await listMessages(db, { side: 'company', actor: companyActor(request) }, request.params.applicationId),
      }),
    );
    app.post(
      applicationMessagePaths.company(':companyId', ':applicationId'),
      {
        preValidation: manage,
        schema: {
          tags: ['company applications'],
          security,
          params: CompanyApplicationParams,
          body: SendMessageRequest,
          response: { 201: Messages, ...errors },
        },
      },
      async (request, reply) => {
        const { applicationId } = request.params;
        const sent = await sendMessage(db, clock, { side: 'company', actor: companyActor(request) }, applicationId, request.body.body);
        told(applicationId, sent.applicantId, sent.companyId);
        return reply.code(HttpStatus.created).send({ data: sent.messages });
      },
    );
  };
}
