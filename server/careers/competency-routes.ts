// A company's competencies on the company host (decision 120): list, add, rename or
// reweigh, and retire. Registered by companyCareersRoutes, whose hook tells open workspaces.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyCareersPaths as paths, CompetencyParams } from '../../contract/careers.ts';
import { Competency, SaveCompetencyRequest } from '../../contract/careers-company.ts';
import { CompanyParams } from '../../contract/companies.ts';
import { dataEnvelope } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import type { AppDeps } from '../deps.ts';
import { companyActor, companyGuard } from '../shared/companies/guard.ts';
import { createCompetency, listCompetencies, retireCompetency, updateCompetency } from './competency-service.ts';
import { companyErrors, companyTags, security } from './route-schemas.ts';

export function competencyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const guard = (action: Parameters<typeof companyGuard>[1]) => companyGuard(deps, action);

    app.get(
      paths.competencies(':companyId'),
      {
        preValidation: guard('competencies.view'),
        schema: {
          tags: companyTags,
          security,
          params: CompanyParams,
          response: { 200: dataEnvelope(z.array(Competency)), ...companyErrors },
        },
      },
      async (request) => ({ data: await listCompetencies(db, companyActor(request)) }),
    );

    app.post(
      paths.competencies(':companyId'),
      {
        preValidation: guard('competencies.manage'),
        schema: {
          tags: companyTags,
          security,
          params: CompanyParams,
          body: SaveCompetencyRequest,
          response: { 201: dataEnvelope(Competency), ...companyErrors },
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
          tags: companyTags,
          security,
          params: CompetencyParams,
          body: SaveCompetencyRequest,
          response: { 200: dataEnvelope(Competency), ...companyErrors },
        },
      },
      async (request) => ({ data: await updateCompetency(db, clock, companyActor(request), request.params.competencyId, request.body) }),
    );

    app.delete(
      paths.competency(':companyId', ':competencyId'),
      {
        preValidation: guard('competencies.manage'),
        schema: {
          tags: companyTags,
          security,
          params: CompetencyParams,
          response: { 204: z.null().describe('No content'), ...companyErrors },
        },
      },
      async (request, reply) => {
        await retireCompetency(db, clock, companyActor(request), request.params.competencyId);
        return reply.code(HttpStatus.noContent).send(null);
      },
    );
  };
}
