// The company's careers API on the company host (decision 120): employments, hiring,
// review rounds and the end of the collaboration here; competencies in competency-routes.ts and
// confirmation requests in confirmation-routes.ts, registered below this plugin's hook. Every route
// runs companyGuard; per-employment rules (the assigned reviewer, never one's own) sit in the service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompanyEmploymentParams, companyCareersPaths, CompanyReviewParams } from '../../contract/careers.ts';
import {
  CompanyEmployment,
  CompanyEmploymentDetails,
  ConfirmNameRequest,
  EndOfCollaborationRequest,
  HireRequest,
  ReviewRoundRequest,
  UpdateEmploymentRequest,
} from '../../contract/careers-company.ts';
import { CompanyParams } from '../../contract/companies.ts';
import { dataEnvelope } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import type { AppDeps } from '../deps.ts';
import { announceJobChange } from '../shared/realtime/publisher.ts';
import { channelNames, type WorkspaceList } from '../../contract/realtime.ts';
import { companyActor, companyGuard } from '../shared/companies/guard.ts';
import {
  addReview,
  employmentDetails,
  hireMember,
  listEmployments,
  setEndOfCollaboration,
  updateEmployment,
  updateReview,
} from './company-service.ts';
import { competencyRoutes } from './competency-routes.ts';
import { confirmationRoutes } from './confirmation-routes.ts';
import { companyErrors, companyTags, employmentDetailsResponse, security } from './route-schemas.ts';
import { confirmName } from './confirmed-name.ts';

export function companyCareersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const guard = (action: Parameters<typeof companyGuard>[1]) => companyGuard(deps, action);
    const paths = companyCareersPaths;
    // After a change commits, open workspaces of the company re-read the list it touched (decision 091):
    // published after the answer, so a lost live update never delays or fails it.
    const listsOf = (url: string): WorkspaceList[] =>
      url.includes('/competencies')
        ? ['competencies']
        : url.includes('/confirmations')
          ? ['confirmations', 'employments']
          : ['employments'];
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || reply.statusCode >= 300) return;
      const companyId = Number((request.params as { companyId?: string } | undefined)?.companyId);
      if (!Number.isSafeInteger(companyId)) return;
      void deps.realtime.publish('company.changed', channelNames.company(companyId), {
        company_id: companyId,
        lists: listsOf(request.routeOptions.url ?? ''),
      });
    });

    // The person whose job it is hears of it too: their open careers pages read it again.
    const toPerson = (details: CompanyEmploymentDetails): CompanyEmploymentDetails => {
      announceJobChange(deps.realtime, details.person.user_id, details.id, null);
      return details;
    };

    app.get(
      paths.employments(':companyId'),
      {
        preValidation: guard('workspace.view'),
        schema: {
          tags: companyTags,
          security,
          params: CompanyParams,
          response: { 200: dataEnvelope(z.array(CompanyEmployment)), ...companyErrors },
        },
      },
      async (request) => ({ data: await listEmployments(db, clock, companyActor(request)) }),
    );

    app.post(
      paths.employments(':companyId'),
      {
        preValidation: guard('employments.manage'),
        schema: {
          tags: companyTags,
          security,
          params: CompanyParams,
          body: HireRequest,
          response: { 201: dataEnvelope(CompanyEmploymentDetails), ...companyErrors },
        },
      },
      async (request, reply) =>
        reply.code(HttpStatus.created).send({ data: toPerson(await hireMember(db, clock, companyActor(request), request.body)) }),
    );

    app.get(
      paths.employment(':companyId', ':employmentId'),
      {
        preValidation: guard('workspace.view'),
        schema: { tags: companyTags, security, params: CompanyEmploymentParams, response: employmentDetailsResponse },
      },
      async (request) => ({ data: await employmentDetails(db, clock, companyActor(request), request.params.employmentId) }),
    );

    app.put(
      paths.employment(':companyId', ':employmentId'),
      {
        preValidation: guard('employments.manage'),
        schema: {
          tags: companyTags,
          security,
          params: CompanyEmploymentParams,
          body: UpdateEmploymentRequest,
          response: employmentDetailsResponse,
        },
      },
      async (request) => ({
        data: toPerson(await updateEmployment(db, clock, companyActor(request), request.params.employmentId, request.body)),
      }),
    );

    app.put(
      paths.confirmedName(':companyId', ':employmentId'),
      {
        preValidation: guard('employments.manage'),
        schema: {
          tags: companyTags,
          security,
          params: CompanyEmploymentParams,
          body: ConfirmNameRequest,
          response: employmentDetailsResponse,
        },
      },
      async (request) => ({
        data: toPerson(await confirmName(db, clock, companyActor(request), request.params.employmentId, request.body.name)),
      }),
    );

    app.post(
      paths.reviews(':companyId', ':employmentId'),
      {
        preValidation: guard('workspace.view'),
        schema: {
          tags: companyTags,
          security,
          params: CompanyEmploymentParams,
          body: ReviewRoundRequest,
          response: { 201: dataEnvelope(CompanyEmploymentDetails), ...companyErrors },
        },
      },
      async (request, reply) =>
        reply
          .code(HttpStatus.created)
          .send({ data: toPerson(await addReview(db, clock, companyActor(request), request.params.employmentId, request.body)) }),
    );

    app.put(
      paths.review(':companyId', ':employmentId', ':reviewId'),
      {
        preValidation: guard('workspace.view'),
        schema: { tags: companyTags, security, params: CompanyReviewParams, body: ReviewRoundRequest, response: employmentDetailsResponse },
      },
      async (request) => ({
        data: toPerson(
          await updateReview(db, clock, companyActor(request), request.params.employmentId, request.params.reviewId, request.body),
        ),
      }),
    );

    app.put(
      paths.endOfCollaboration(':companyId', ':employmentId'),
      {
        preValidation: guard('workspace.view'),
        schema: {
          tags: companyTags,
          security,
          params: CompanyEmploymentParams,
          body: EndOfCollaborationRequest,
          response: employmentDetailsResponse,
        },
      },
      async (request) => ({
        data: toPerson(await setEndOfCollaboration(db, clock, companyActor(request), request.params.employmentId, request.body)),
      }),
    );

    await app.register(competencyRoutes(deps));
    await app.register(confirmationRoutes(deps));
  };
}
