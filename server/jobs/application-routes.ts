// Applying (decision 262): the person's side on the personal host, behind the sign-in
// guard. Applying is rate-limited per person against mass applying; the document is uploaded before
// through the one upload path (`POST /api/uploads/media`), which checks its type and size.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApplicationParams,
  applicationPaths,
  ApplyPreview,
  ApplyPreviewParams,
  ApplyRequest,
  MyApplication,
} from '../../contract/applications.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import type { AppDeps } from '../deps.ts';
import { bearerSecurity } from '../http/openapi.ts';
import { authenticate, signedInUser } from '../shared/auth/guard.ts';
import { announceCompanyChange } from '../companies/public.ts';
import { apply, applyPreview, myApplications, withdraw } from './applications.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
const tags = ['applications'];
const security = bearerSecurity;

export function applicationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const signedIn = authenticate(deps.tokens);

    app.get(
      applicationPaths.mine,
      { preValidation: signedIn, schema: { tags, security, response: { 200: dataEnvelope(z.array(MyApplication)), ...errors } } },
      async (request) => ({ data: await myApplications(db, clock, signedInUser(request)) }),
    );
    app.get(
      applicationPaths.preview(':openingId'),
      {
        preValidation: signedIn,
        schema: { tags, security, params: ApplyPreviewParams, response: { 200: dataEnvelope(ApplyPreview), ...errors } },
      },
      async (request) => ({ data: await applyPreview(db, clock, signedInUser(request), request.params.openingId) }),
    );
    app.post(
      applicationPaths.mine,
      {
        preValidation: signedIn,
        schema: { tags, security, body: ApplyRequest, response: { 201: dataEnvelope(MyApplication), ...errors } },
      },
      async (request, reply) => {
        const application = await apply(db, clock, signedInUser(request), request.body);
        // Every member looking at the company's pipeline sees the new applicant.
        announceCompanyChange(deps.realtime, application.opening.company.id, ['applications']);
        return reply.code(HttpStatus.created).send({ data: application });
      },
    );
    app.delete(
      applicationPaths.application(':applicationId'),
      {
        preValidation: signedIn,
        schema: { tags, security, params: ApplicationParams, response: { 204: z.null().describe('No content'), ...errors } },
      },
      async (request, reply) => {
        const { companyId } = await withdraw(db, deps.store, signedInUser(request), request.params.applicationId);
        announceCompanyChange(deps.realtime, companyId, ['applications']);
        return reply.code(HttpStatus.noContent).send(null);
      },
    );
  };
}
