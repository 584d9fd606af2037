// The person's careers API (decision 120): `/api/careers/*`, the signed-in person's own jobs
// only (another person's answer 404): the jobs, company suggestions, the experience, leaving and asking
// a company to confirm a job here; a job's documents in document-routes.ts, the answers to reviews and
// final feedback in feedback-routes.ts, its work email in work-email-routes.ts, all behind this plugin's guard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CareersResponse,
  careersPaths,
  CompanySuggestions,
  CompanySuggestionsQuery,
  ConfirmationRequestBody,
  EmploymentDetails,
  JobParams,
  LeaveResponse,
  UpdateExperienceRequest,
} from '../../contract/careers.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { channelNames, type WorkspaceList } from '../../contract/realtime.ts';
import type { AppDeps } from '../deps.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { authenticate, signedInUser } from '../shared/auth/guard.ts';
import { announceJobChange } from '../shared/realtime/publisher.ts';
import { listJobs, suggestCompanies } from './person-jobs.ts';
import { jobDetails, leaveCompany, requestConfirmation, updateExperience } from './person-service.ts';
import { documentRoutes } from './document-routes.ts';
import { feedbackRoutes } from './feedback-routes.ts';
import { workEmailRoutes } from './work-email-routes.ts';
import { provedAddressCheck } from '../shared/auth/proved-address.ts';
import { changeLimit, jobDetailsResponse, personErrors, personTags, security } from './route-schemas.ts';

/** Suggestions follow typing (the form waits for a pause), so a person's budget is a minute's worth of it. */
const suggestionLimit = { max: 120, windowMs: 60_000 };

export function careersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    app.addHook('preValidation', authenticate(deps.tokens));
    const limited = perPersonRateLimit('careers-change', changeLimit);
    // The company's open workspaces re-read what the person's action touched (decision 091).
    const announce = (companyId: number, lists: WorkspaceList[]) =>
      void deps.realtime.publish('company.changed', channelNames.company(companyId), { company_id: companyId, lists });

    app.get(
      careersPaths.jobs,
      { schema: { tags: personTags, security, response: { 200: dataEnvelope(CareersResponse), ...personErrors } } },
      async (request) => ({
        data: { jobs: await listJobs(db, clock, signedInUser(request)) },
      }),
    );

    app.get(
      careersPaths.companySuggestions,
      {
        config: perPersonRateLimit('company-suggestions', suggestionLimit),
        preHandler: provedAddressCheck(db),
        schema: {
          tags: personTags,
          security,
          querystring: CompanySuggestionsQuery,
          response: { 200: dataEnvelope(CompanySuggestions), 403: ErrorResponse, ...personErrors },
        },
      },
      async (request) => ({ data: await suggestCompanies(db, request.query.q) }),
    );

    app.get(
      careersPaths.job(':jobId'),
      { schema: { tags: personTags, security, params: JobParams, response: jobDetailsResponse } },
      async (request) => ({
        data: await jobDetails(db, clock, signedInUser(request), request.params.jobId),
      }),
    );

    app.put(
      careersPaths.experience(':jobId'),
      {
        config: limited,
        schema: { tags: personTags, security, params: JobParams, body: UpdateExperienceRequest, response: jobDetailsResponse },
      },
      async (request) => ({ data: await updateExperience(db, clock, signedInUser(request), request.params.jobId, request.body) }),
    );

    await app.register(documentRoutes(deps));
    await app.register(feedbackRoutes(deps));
    await app.register(workEmailRoutes(deps));

    app.post(
      careersPaths.leave(':jobId'),
      {
        config: limited,
        schema: { tags: personTags, security, params: JobParams, response: { 200: dataEnvelope(LeaveResponse), ...personErrors } },
      },
      async (request) => {
        const { leavesOn, job } = await leaveCompany(db, clock, signedInUser(request), request.params.jobId);
        if (job.company.id !== null) announce(job.company.id, ['employments', 'members', 'notifications']);
        // The company's sockets authorise again, so the leaver's grant now carries the leaving day and
        // the hub closes their sockets then (decision 243): a grant made before it named no end.
        if (job.company.id !== null) await deps.realtime.revoke(channelNames.company(job.company.id));
        // The person's other tabs show it too; this one has the answer.
        announceJobChange(deps.realtime, signedInUser(request), job.id, job.company.id);
        return { data: { leaves_on: leavesOn, job } };
      },
    );

    app.post(
      careersPaths.confirmation(':jobId'),
      {
        config: limited,
        schema: {
          tags: personTags,
          security,
          params: JobParams,
          body: ConfirmationRequestBody,
          response: { 201: dataEnvelope(EmploymentDetails), ...personErrors },
        },
      },
      async (request, reply) => {
        const job = await requestConfirmation(db, clock, signedInUser(request), request.params.jobId, request.body);
        announce(request.body.company_id, ['confirmations']);
        return reply.code(HttpStatus.created).send({ data: job });
      },
    );
  };
}
