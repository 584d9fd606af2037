// The company's own pipeline stages (decision 279) on the company host: owners and admins read them
// (`applications.view`) and rename, add, order and remove them (`applications.manage`); a plain member
// gets 403, another company's member 404, like every company route. A change reads every open pipeline
// again, as a move does.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompanyParams } from '../../contract/companies.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import {
  AddStageRequest,
  PipelineStage,
  RemoveStageQuery,
  StageParams,
  stagePaths,
  UpdateStageRequest,
} from '../../contract/jobs-stages.ts';
import type { AppDeps } from '../deps.ts';
import { bearerSecurity } from '../http/openapi.ts';
import { announceCompanyChange } from '../companies/public.ts';
import { companyActor, companyGuard } from '../shared/companies/guard.ts';
import { addStage, listStages, removeStage, updateStage } from './stages.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const tags = ['company applications'];
const security = bearerSecurity;

export function stageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const view = companyGuard(deps, 'applications.view');
    const manage = companyGuard(deps, 'applications.manage');
    const changed = (companyId: number) => announceCompanyChange(deps.realtime, companyId, ['applications']);
    const stagesSchema = { 200: dataEnvelope(z.array(PipelineStage)), ...errors };

    app.get(
      stagePaths.stages(':companyId'),
      { preValidation: view, schema: { tags, security, params: CompanyParams, response: stagesSchema } },
      async (request) => ({ data: await listStages(db, companyActor(request)) }),
    );
    app.post(
      stagePaths.stages(':companyId'),
      {
        preValidation: manage,
        schema: { tags, security, params: CompanyParams, body: AddStageRequest, response: { 201: stagesSchema[200], ...errors } },
      },
      async (request, reply) => {
        const data = await addStage(db, clock, companyActor(request), request.body.name);
        changed(request.params.companyId);
        return reply.code(HttpStatus.created).send({ data });
      },
    );
    app.put(
      stagePaths.stage(':companyId', ':key'),
      { preValidation: manage, schema: { tags, security, params: StageParams, body: UpdateStageRequest, response: stagesSchema } },
      async (request) => {
        const data = await updateStage(db, companyActor(request), request.params.key, request.body);
        changed(request.params.companyId);
        return { data };
      },
    );
    app.delete(
      stagePaths.stage(':companyId', ':key'),
      { preValidation: manage, schema: { tags, security, params: StageParams, querystring: RemoveStageQuery, response: stagesSchema } },
      async (request) => {
        const data = await removeStage(db, clock, companyActor(request), request.params.key, request.query.move_to);
        changed(request.params.companyId);
        return { data };
      },
    );
  };
}
