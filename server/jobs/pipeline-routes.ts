// The pipeline (issue 38, decision 262): the company host's API over an opening's applicants. Owners
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
import type { AppDeps } from '../deps.ts';
import { bearerSecurity } from '../http/openapi.ts';
import { companyActor, companyGuard } from '../shared/companies/guard.ts';
import { sendStoredFile } from '../shared/uploads/download.ts';
import { downloadNameOf } from '../shared/uploads/service.ts';
import { addNote, hireApplicant, listApplicants, listNotes, moveStage, openApplicationDocument } from './pipeline.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };
const tags = ['company applications'];
const security = bearerSecurity;

export function pipelineRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const view = companyGuard(deps, 'applications.view');
    const manage = companyGuard(deps, 'applications.manage');

    app.get(
      pipelinePaths.applicants(':companyId', ':openingId'),
      {
        preValidation: view,
        schema: { tags, security, params: OpeningApplicationsParams, response: { 200: dataEnvelope(z.array(Applicant)), ...errors } },
      },
      async (request) => ({ data: await listApplicants(db, clock, companyActor(request), request.params.openingId) }),
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
      async (request) => ({
        data: await moveStage(db, clock, companyActor(request), request.params.applicationId, request.body.stage),
      }),
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
      async (request) => ({ data: await hireApplicant(db, clock, companyActor(request), request.params.applicationId, request.body) }),
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
      async (request, reply) =>
        reply
          .code(HttpStatus.created)
          .send({ data: await addNote(db, clock, companyActor(request), request.params.applicationId, request.body.body) }),
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
