// The pipeline (decision 262): the company host's API over an opening's applicants. Owners
// and admins read them (`applications.view`) and move them and write notes (`applications.manage`);
// a plain member gets 403, another company's member 404, like every company route.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddNoteRequest,
  Applicant,
  ApplicationNote,
  CompanyApplicationParams,
  HireApplicantRequest,
  MoveStageRequest,
  OpeningApplicationsParams,
  pipelinePaths,
} from '../../contract/applications.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import type { WorkspaceList } from '../../contract/realtime.ts';
import type { AppDeps } from '../deps.ts';
import { bearerSecurity } from '../http/openapi.ts';
import { companyActor, companyGuard } from '../shared/companies/guard.ts';
import { announceJobChange } from '../shared/realtime/publisher.ts';
import { sendStoredFile } from '../shared/uploads/download.ts';
import { announceCompanyChange } from '../companies/public.ts';
import { downloadNameOf } from '../shared/uploads/service.ts';
import { addNote, applicantOf, applicantsPage, hireApplicant, listNotes, moveStage, openApplicationDocument } from './pipeline.ts';
import { rateApplication } from './pipeline-ranking.ts';
import { ApplicantsQuery, RateApplicantRequest } from '../../contract/applicant-ranking.ts';
import { ApplicantsPage } from '../../contract/jobs-pipeline.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };
const tags = ['company applications'];
const security = bearerSecurity;

export function pipelineRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const view = companyGuard(deps, 'applications.view');
    const manage = companyGuard(deps, 'applications.manage');
    // Every member looking at the pipeline sees a move, a hire or a note live.
    const changed = (companyId: number, ...more: WorkspaceList[]) =>
      announceCompanyChange(deps.realtime, companyId, ['applications', ...more]);

    app.get(
      pipelinePaths.applicants(':companyId', ':openingId'),
      {
        preValidation: view,
        schema: {
          tags,
          security,
          params: OpeningApplicationsParams,
          querystring: ApplicantsQuery,
          response: { 200: dataEnvelope(ApplicantsPage), ...errors },
        },
      },
      async (request) => ({ data: await applicantsPage(db, clock, companyActor(request), request.params.openingId, request.query) }),
    );
    app.put(
      pipelinePaths.rating(':companyId', ':applicationId'),
      {
        preValidation: manage,
        schema: {
          tags,
          security,
          params: CompanyApplicationParams,
          body: RateApplicantRequest,
          response: { 200: dataEnvelope(Applicant), ...errors },
        },
      },
      async (request) => {
        const actor = companyActor(request);
        const { applicationId } = request.params;
        await rateApplication(db, clock, actor, applicationId, request.body.rating);
        changed(request.params.companyId);
        return { data: await applicantOf(db, clock, actor, applicationId) };
      },
    );
    app.put(
      pipelinePaths.stage(':companyId', ':applicationId'),
      {
        preValidation: manage,
        schema: {
          tags,
          security,
          params: CompanyApplicationParams,
          body: MoveStageRequest,
          response: { 200: dataEnvelope(Applicant), ...errors },
        },
      },
      async (request) => {
        const data = await moveStage(db, clock, companyActor(request), request.params.applicationId, request.body.stage);
        changed(request.params.companyId);
        return { data };
      },
    );
    app.post(
      pipelinePaths.hire(':companyId', ':applicationId'),
      {
        preValidation: manage,
        schema: {
          tags,
          security,
          params: CompanyApplicationParams,
          body: HireApplicantRequest,
          response: { 200: dataEnvelope(Applicant), ...errors },
        },
      },
      async (request) => {
        const { companyId } = request.params;
        const data = await hireApplicant(db, clock, companyActor(request), request.params.applicationId, request.body);
        // As an accepted invitation: the members and employees lists, and the person's open pages show the job.
        changed(companyId, 'members', 'teams', 'notifications', 'employments');
        announceJobChange(deps.realtime, data.person.user_id, null, companyId);
        return { data };
      },
    );
    app.get(
      pipelinePaths.notes(':companyId', ':applicationId'),
      {
        preValidation: view,
        schema: { tags, security, params: CompanyApplicationParams, response: { 200: dataEnvelope(z.array(ApplicationNote)), ...errors } },
      },
      async (request) => ({ data: await listNotes(db, companyActor(request), request.params.applicationId) }),
    );
    app.post(
      pipelinePaths.notes(':companyId', ':applicationId'),
      {
        preValidation: manage,
        schema: {
          tags,
          security,
          params: CompanyApplicationParams,
          body: AddNoteRequest,
          response: { 201: dataEnvelope(z.array(ApplicationNote)), ...errors },
        },
      },
      async (request, reply) => {
        const data = await addNote(db, clock, companyActor(request), request.params.applicationId, request.body.body);
        changed(request.params.companyId);
        return reply.code(HttpStatus.created).send({ data });
      },
    );
    app.get(
      pipelinePaths.document(':companyId', ':applicationId'),
      {
        preValidation: view,
        schema: {
          tags,
          security,
          params: CompanyApplicationParams,
          produces: ['application/octet-stream'],
          response: { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
        },
      },
      async (request, reply) => {
        const stored = await openApplicationDocument(db, deps.store, companyActor(request), request.params.applicationId);
        return sendStoredFile(request, reply, stored, {
          name: downloadNameOf(stored.row),
          inline: false,
          cacheControl: 'private, no-store',
          ranges: false,
        });
      },
    );
  };
}
