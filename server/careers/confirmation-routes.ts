// Requests to confirm a self-declared job, on the company host (decision 120): the pending
// ones, and the decision on each; the person's open pages read their job again. Registered by
// companyCareersRoutes, whose hook tells open workspaces.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyCareersPaths as paths, ConfirmationParams } from '../../contract/careers.ts';
import { ConfirmationDecision, ConfirmationOutcome, ConfirmationRequestView } from '../../contract/careers-company.ts';
import { CompanyParams } from '../../contract/companies.ts';
import { dataEnvelope } from '../../contract/envelope.ts';
import type { AppDeps } from '../deps.ts';
import { companyActor, companyGuard } from '../shared/companies/guard.ts';
import { announceJobChange } from '../shared/realtime/publisher.ts';
import { decideConfirmation, listConfirmations } from './confirmation-service.ts';
import { companyErrors, companyTags, security } from './route-schemas.ts';

export function confirmationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const guard = (action: Parameters<typeof companyGuard>[1]) => companyGuard(deps, action);

    app.get(
      paths.confirmations(':companyId'),
      {
        preValidation: guard('confirmations.decide'),
        schema: {
          tags: companyTags,
          security,
          params: CompanyParams,
          response: { 200: dataEnvelope(z.array(ConfirmationRequestView)), ...companyErrors },
        },
      },
      async (request) => ({ data: await listConfirmations(db, companyActor(request)) }),
    );

    app.post(
      paths.confirmationDecision(':companyId', ':requestId'),
      {
        preValidation: guard('confirmations.decide'),
        schema: {
          tags: companyTags,
          security,
          params: ConfirmationParams,
          body: ConfirmationDecision,
          response: { 200: dataEnvelope(ConfirmationOutcome), ...companyErrors },
        },
      },
      async (request) => {
        const actor = companyActor(request);
        const { person, ...outcome } = await decideConfirmation(
          db,
          clock,
          actor,
          request.params.requestId,
          request.body.decision,
          request.body.reviewer_member_id ?? null,
        );
        announceJobChange(deps.realtime, person.userId, person.jobId, actor.companyId);
        return { data: outcome };
      },
    );
  };
}
