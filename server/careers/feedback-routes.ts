// The person's answers to what a company wrote of their job (decision 120): who sees each
// review round and the final feedback, and the person's reply to each. Registered by careersRoutes,
// behind its guard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { careersPaths, JobParams, JobReviewParams, ReplyRequest, VisibilityRequest } from '../../contract/careers.ts';
import type { AppDeps } from '../deps.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { signedInUser } from '../shared/auth/guard.ts';
import { setFinalFeedbackReply, setFinalFeedbackVisibility, setReviewReply, setReviewVisibility } from './feedback-service.ts';
import { changeLimit, jobDetailsResponse, personTags, security } from './route-schemas.ts';

export function feedbackRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const limited = perPersonRateLimit('careers-change', changeLimit);

    app.put(
      careersPaths.reviewVisibility(':jobId', ':reviewId'),
      {
        config: limited,
        schema: { tags: personTags, security, params: JobReviewParams, body: VisibilityRequest, response: jobDetailsResponse },
      },
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
      {
        config: limited,
        schema: { tags: personTags, security, params: JobReviewParams, body: ReplyRequest, response: jobDetailsResponse },
      },
      async (request) => ({
        data: await setReviewReply(db, clock, signedInUser(request), request.params.jobId, request.params.reviewId, request.body.text),
      }),
    );

    app.delete(
      careersPaths.reviewReply(':jobId', ':reviewId'),
      { config: limited, schema: { tags: personTags, security, params: JobReviewParams, response: jobDetailsResponse } },
      async (request) => ({
        data: await setReviewReply(db, clock, signedInUser(request), request.params.jobId, request.params.reviewId, null),
      }),
    );

    app.put(
      careersPaths.finalFeedbackVisibility(':jobId'),
      { config: limited, schema: { tags: personTags, security, params: JobParams, body: VisibilityRequest, response: jobDetailsResponse } },
      async (request) => ({
        data: await setFinalFeedbackVisibility(db, clock, signedInUser(request), request.params.jobId, request.body.is_public),
      }),
    );

    app.put(
      careersPaths.finalFeedbackReply(':jobId'),
      { config: limited, schema: { tags: personTags, security, params: JobParams, body: ReplyRequest, response: jobDetailsResponse } },
      async (request) => ({ data: await setFinalFeedbackReply(db, clock, signedInUser(request), request.params.jobId, request.body.text) }),
    );

    app.delete(
      careersPaths.finalFeedbackReply(':jobId'),
      { config: limited, schema: { tags: personTags, security, params: JobParams, response: jobDetailsResponse } },
      async (request) => ({ data: await setFinalFeedbackReply(db, clock, signedInUser(request), request.params.jobId, null) }),
    );
  };
}
