// The company's careers API on the company host (issue 12; decision 120): employments, hiring,
// review rounds, the end of the collaboration, competencies and confirmation requests. Every route
// runs companyGuard; per-employment rules (the assigned reviewer, never one's own) sit in the service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompanyEmployment,
  CompanyEmploymentDetails,
  CompanyEmploymentParams,
  companyCareersPaths,
  CompanyReviewParams,
  Competency,
  CompetencyParams,
  ConfirmationDecision,
  ConfirmationOutcome,
  ConfirmNameRequest,
  ConfirmationParams,
  ConfirmationRequestView,
  EndOfCollaborationRequest,
  HireRequest,
  ReviewRoundRequest,
  SaveCompetencyRequest,
  UpdateEmploymentRequest,
} from '../../contract/careers.ts';
import { CompanyParams } from '../../contract/companies.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
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
import { createCompetency, listCompetencies, retireCompetency, updateCompetency } from './competency-service.ts';
import { decideConfirmation, listConfirmations } from './confirmation-service.ts';
import { confirmName } from './confirmed-name.ts';

const tags = ['company careers'];
const security = [{ bearer: [] }];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
const details = { 200: dataEnvelope(CompanyEmploymentDetails), ...errors };

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

    // The person whose job it is hears of it too (issue 24 point 4): their open careers pages read it again.
    const toPerson = (details: CompanyEmploymentDetails): CompanyEmploymentDetails => {
      announceJobChange(deps.realtime, details.person.user_id, details.id, null);
      return details;
    };

    app.get(
      paths.employments(':companyId'),
      {
        preValidation: guard('workspace.view'),
        schema: { tags, security, params: CompanyParams, response: { 200: dataEnvelope(z.array(CompanyEmployment)), ...errors } },
      },
      async (request) => ({ data: await listEmployments(db, clock, companyActor(request)) }),
    );

    app.post(
      paths.employments(':companyId'),
      {
        preValidation: guard('employments.manage'),
        schema: {
          tags,
          security,
          params: CompanyParams,
          body: HireRequest,
          response: { 201: dataEnvelope(CompanyEmploymentDetails), ...errors },
        },
      },
      async (request, reply) =>
        reply.code(HttpStatus.created).send({ data: toPerson(await hireMember(db, clock, companyActor(request), request.body)) }),
    );

    app.get(
      paths.employment(':companyId', ':employmentId'),
      { preValidation: guard('workspace.view'), schema: { tags, security, params: CompanyEmploymentParams, response: details } },
      async (request) => ({ data: await employmentDetails(db, clock, companyActor(request), request.params.employmentId) }),
    );

    app.put(
      paths.employment(':companyId', ':employmentId'),
      {
        preValidation: guard('employments.manage'),
        schema: { tags, security, params: CompanyEmploymentParams, body: UpdateEmploymentRequest, response: details },
      },
      async (request) => ({
        data: toPerson(await updateEmployment(db, clock, companyActor(request), request.params.employmentId, request.body)),
      }),
    );

    app.put(
      paths.confirmedName(':companyId', ':employmentId'),
      {
        preValidation: guard('employments.manage'),
        schema: { tags, security, params: CompanyEmploymentParams, body: ConfirmNameRequest, response: details },
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
          tags,
          security,
          params: CompanyEmploymentParams,
          body: ReviewRoundRequest,
          response: { 201: dataEnvelope(CompanyEmploymentDetails), ...errors },
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
        schema: { tags, security, params: CompanyReviewParams, body: ReviewRoundRequest, response: details },
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
        schema: { tags, security, params: CompanyEmploymentParams, body: EndOfCollaborationRequest, response: details },
      },
      async (request) => ({
        data: toPerson(await setEndOfCollaboration(db, clock, companyActor(request), request.params.employmentId, request.body)),
      }),
    );

    app.get(
      paths.competencies(':companyId'),
      {
        preValidation: guard('competencies.view'),
        schema: { tags, security, params: CompanyParams, response: { 200: dataEnvelope(z.array(Competency)), ...errors } },
      },
      async (request) => ({ data: await listCompetencies(db, companyActor(request)) }),
    );

    app.post(
      paths.competencies(':companyId'),
      {
        preValidation: guard('competencies.manage'),
        schema: {
          tags,
          security,
          params: CompanyParams,
          body: SaveCompetencyRequest,
          response: { 201: dataEnvelope(Competency), ...errors },
        },
      },
      async (request, reply) =>
        reply.code(HttpStatus.created).send({ data: await createCompetency(db, clock, companyActor(request), request.body) }),
    );

    app.put(
      paths.competency(':companyId', ':competencyId'),
      {
        preValidation: guard('competencies.manage'),
        schema: {
          tags,
          security,
          params: CompetencyParams,
          body: SaveCompetencyRequest,
          response: { 200: dataEnvelope(Competency), ...errors },
        },
      },
      async (request) => ({ data: await updateCompetency(db, clock, companyActor(request), request.params.competencyId, request.body) }),
    );

    app.delete(
      paths.competency(':companyId', ':competencyId'),
      {
        preValidation: guard('competencies.manage'),
        schema: { tags, security, params: CompetencyParams, response: { 204: z.null().describe('No content'), ...errors } },
      },
      async (request, reply) => {
        await retireCompetency(db, clock, companyActor(request), request.params.competencyId);
        return reply.code(HttpStatus.noContent).send(null);
      },
    );

    app.get(
      paths.confirmations(':companyId'),
      {
        preValidation: guard('confirmations.decide'),
        schema: { tags, security, params: CompanyParams, response: { 200: dataEnvelope(z.array(ConfirmationRequestView)), ...errors } },
      },
      async (request) => ({ data: await listConfirmations(db, companyActor(request)) }),
    );

    app.post(
      paths.confirmationDecision(':companyId', ':requestId'),
      {
        preValidation: guard('confirmations.decide'),
        schema: {
          tags,
          security,
          params: ConfirmationParams,
          body: ConfirmationDecision,
          response: { 200: dataEnvelope(ConfirmationOutcome), ...errors },
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
