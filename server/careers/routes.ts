// The person's careers API (issue 12; decision 120): `/api/careers/*`, the signed-in person's own jobs
// only (another person's answer 404). Multipart uploads stream through the upload pipeline.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CareerDocument,
  CareersResponse,
  careersPaths,
  CompanySuggestions,
  CompanySuggestionsQuery,
  ConfirmationRequestBody,
  EmploymentDetails,
  JobDocumentParams,
  JobParams,
  JobReviewParams,
  LeaveResponse,
  ReplyRequest,
  UpdateExperienceRequest,
  VisibilityRequest,
} from '../../contract/careers.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { uploadKinds, uploadRate } from '../../contract/upload-kinds.ts';
import { messageRef } from '../../contract/validation-messages.ts';
import { authenticate, signedInUser } from '../shared/auth/guard.ts';
import type { AppDeps } from '../deps.ts';
import { channelNames, type WorkspaceList } from '../../contract/realtime.ts';
import { RuleBrokenError } from '../domain-errors.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { announceJobChange } from '../shared/realtime/publisher.ts';
import { downloadNameOf } from '../shared/uploads/service.ts';
import { sendStoredFile } from '../shared/uploads/download.ts';
import {
  addDocument,
  deleteDocument,
  jobDetails,
  leaveCompany,
  listJobs,
  openDocument,
  requestConfirmation,
  setFinalFeedbackReply,
  setFinalFeedbackVisibility,
  setReviewReply,
  setReviewVisibility,
  suggestCompanies,
  updateExperience,
} from './person-service.ts';

const tags = ['careers'];
const security = [{ bearer: [] }];
const errors = { 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
const details = { 200: dataEnvelope(EmploymentDetails), ...errors };
/** Changes a person may make to their careers in a window: generous for editing, not a flood. */
const changeLimit = { max: 120, windowMs: 60_000 };
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
      { schema: { tags, security, response: { 200: dataEnvelope(CareersResponse), ...errors } } },
      async (request) => ({
        data: { jobs: await listJobs(db, clock, signedInUser(request)) },
      }),
    );

    app.get(
      careersPaths.companySuggestions,
      {
        config: perPersonRateLimit('company-suggestions', suggestionLimit),
        schema: { tags, security, querystring: CompanySuggestionsQuery, response: { 200: dataEnvelope(CompanySuggestions), ...errors } },
      },
      async (request) => ({ data: await suggestCompanies(db, request.query.q) }),
    );

    app.get(careersPaths.job(':jobId'), { schema: { tags, security, params: JobParams, response: details } }, async (request) => ({
      data: await jobDetails(db, clock, signedInUser(request), request.params.jobId),
    }));

    app.put(
      careersPaths.experience(':jobId'),
      { config: limited, schema: { tags, security, params: JobParams, body: UpdateExperienceRequest, response: details } },
      async (request) => ({ data: await updateExperience(db, clock, signedInUser(request), request.params.jobId, request.body) }),
    );

    app.post(
      careersPaths.documents(':jobId'),
      {
        // One budget for every upload (decision 074).
        config: perPersonRateLimit('upload', uploadRate),
        schema: {
          tags,
          security,
          params: JobParams,
          consumes: ['multipart/form-data'],
          response: { 201: dataEnvelope(CareerDocument), 413: ErrorResponse, 415: ErrorResponse, ...errors },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const fileRequired = () => new RuleBrokenError([{ field: 'file', message: messageRef('validation.required') }]);
        if (!request.isMultipart()) throw fileRequired();
        const part = await request.file({ limits: { fileSize: uploadKinds.media.maxBytes + 1, files: 1, fields: 10 } });
        if (!part || part.fieldname !== 'file') throw fileRequired();
        const document = await addDocument(db, deps.store, userId, request.params.jobId, {
          stream: part.file,
          originalName: part.filename,
        });
        return reply.code(HttpStatus.created).send({ data: document });
      },
    );

    // The owner's download, fetched with the bearer token (the page shows progress, and 'Failed to download file' on failure).
    app.get(
      careersPaths.document(':jobId', ':documentId'),
      { schema: { tags, security, params: JobDocumentParams } },
      async (request, reply) => {
        const stored = await openDocument(db, deps.store, signedInUser(request), request.params.jobId, request.params.documentId);
        return sendStoredFile(request, reply, stored, {
          name: downloadNameOf(stored.row),
          inline: false,
          cacheControl: 'private, no-store',
          ranges: false,
        });
      },
    );

    app.delete(
      careersPaths.document(':jobId', ':documentId'),
      {
        config: limited,
        schema: { tags, security, params: JobDocumentParams, response: { 204: z.null().describe('No content'), ...errors } },
      },
      async (request, reply) => {
        await deleteDocument(db, deps.store, signedInUser(request), request.params.jobId, request.params.documentId);
        return reply.code(HttpStatus.noContent).send(null);
      },
    );

    app.put(
      careersPaths.reviewVisibility(':jobId', ':reviewId'),
      { config: limited, schema: { tags, security, params: JobReviewParams, body: VisibilityRequest, response: details } },
      async (request) => ({
        data: await setReviewVisibility(
          db,
          clock,
          signedInUser(request),
          request.params.jobId,
          request.params.reviewId,
          request.body.is_public,
        ),
      }),
    );

    app.put(
      careersPaths.reviewReply(':jobId', ':reviewId'),
      { config: limited, schema: { tags, security, params: JobReviewParams, body: ReplyRequest, response: details } },
      async (request) => ({
        data: await setReviewReply(db, clock, signedInUser(request), request.params.jobId, request.params.reviewId, request.body.text),
      }),
    );

    app.delete(
      careersPaths.reviewReply(':jobId', ':reviewId'),
      { config: limited, schema: { tags, security, params: JobReviewParams, response: details } },
      async (request) => ({
        data: await setReviewReply(db, clock, signedInUser(request), request.params.jobId, request.params.reviewId, null),
      }),
    );

    app.put(
      careersPaths.finalFeedbackVisibility(':jobId'),
      { config: limited, schema: { tags, security, params: JobParams, body: VisibilityRequest, response: details } },
      async (request) => ({
        data: await setFinalFeedbackVisibility(db, clock, signedInUser(request), request.params.jobId, request.body.is_public),
      }),
    );

    app.put(
      careersPaths.finalFeedbackReply(':jobId'),
      { config: limited, schema: { tags, security, params: JobParams, body: ReplyRequest, response: details } },
      async (request) => ({ data: await setFinalFeedbackReply(db, clock, signedInUser(request), request.params.jobId, request.body.text) }),
    );

    app.delete(
      careersPaths.finalFeedbackReply(':jobId'),
      { config: limited, schema: { tags, security, params: JobParams, response: details } },
      async (request) => ({ data: await setFinalFeedbackReply(db, clock, signedInUser(request), request.params.jobId, null) }),
    );

    app.post(
      careersPaths.leave(':jobId'),
      { config: limited, schema: { tags, security, params: JobParams, response: { 200: dataEnvelope(LeaveResponse), ...errors } } },
      async (request) => {
        const { leavesOn, job } = await leaveCompany(db, clock, signedInUser(request), request.params.jobId);
        if (job.company.id !== null) announce(job.company.id, ['employments', 'members', 'notifications']);
        // The person's other tabs show it too (issue 24 point 4); this one has the answer.
        announceJobChange(deps.realtime, signedInUser(request), job.id, job.company.id);
        return { data: { leaves_on: leavesOn, job } };
      },
    );

    app.post(
      careersPaths.confirmation(':jobId'),
      {
        config: limited,
        schema: {
          tags,
          security,
          params: JobParams,
          body: ConfirmationRequestBody,
          response: { 201: dataEnvelope(EmploymentDetails), ...errors },
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
