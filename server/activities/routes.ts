// Activity entries and their comments. Everything needs a signed-in person: activity is shown to
// signed-in people only, anonymous visitors get 401 (decision 141). Writing is rate-limited per person.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityApiPaths,
  activityLimits,
  ActivityEntry,
  ActivityList,
  ActivityListQuery,
  CommentList,
  CreateCommentRequest,
  CreatePostRequest,
  LikeState,
} from '../../contract/activities.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { parseProfileIdentifier } from '../../contract/identifiers.ts';
import { requireSignIn, signedInUser } from '../shared/auth/guard.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../domain-errors.ts';
import { localeOf } from '../http/locale.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { addComment, deleteComment, likeComment, listComments, unlikeComment } from './comments-service.ts';
import { activityById, createPost, deleteActivity, listActivities } from './service.ts';

const tags = ['activities'];
const errors = { 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const limited = { ...errors, 429: ErrorResponse };
const IdParams = z.object({ id: z.string().max(20) });

function idFrom(raw: string): number {
  const id = parseProfileIdentifier(raw);
  if (id === undefined) throw new NotFoundError();
  return id;
}

export function activityRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    requireSignIn(app, deps.tokens);

    app.get(
      activityApiPaths.list,
      { schema: { tags, querystring: ActivityListQuery, response: { 200: dataEnvelope(ActivityList), ...errors } } },
      async (request) => ({
        data: await listActivities(db, {
          viewerId: signedInUser(request),
          viewerLocale: localeOf(request),
          now: clock.now(),
          query: request.query,
        }),
      }),
    );
    app.post(
      activityApiPaths.list,
      {
        schema: { tags, body: CreatePostRequest, response: { 201: dataEnvelope(ActivityEntry), ...limited } },
        config: perPersonRateLimit('post', { max: activityLimits.postsPerHour, windowMs: 3_600_000 }),
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const id = await createPost(db, userId, request.body, clock.now());
        return reply.code(HttpStatus.created).send({ data: await activityById(db, userId, localeOf(request), id) });
      },
    );
    app.delete(
      activityApiPaths.entry(':id'),
      { schema: { tags, params: IdParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteActivity(db, signedInUser(request), idFrom(request.params.id));
        return reply.code(HttpStatus.noContent).send(null);
      },
    );

    app.get(
      activityApiPaths.comments(':id'),
      { schema: { tags, params: IdParams, response: { 200: dataEnvelope(CommentList), ...errors } } },
      async (request) => ({ data: { items: await listComments(db, signedInUser(request), idFrom(request.params.id)) } }),
    );
    app.post(
      activityApiPaths.comments(':id'),
      {
        schema: { tags, params: IdParams, body: CreateCommentRequest, response: { 201: dataEnvelope(CommentList), ...limited } },
        config: perPersonRateLimit('comment', { max: activityLimits.commentsPerTenMinutes, windowMs: 600_000 }),
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const activityId = idFrom(request.params.id);
        await addComment(db, userId, activityId, request.body, clock.now());
        return reply.code(HttpStatus.created).send({ data: { items: await listComments(db, userId, activityId) } });
      },
    );
    app.delete(
      activityApiPaths.comment(':id'),
      { schema: { tags, params: IdParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteComment(db, signedInUser(request), idFrom(request.params.id));
        return reply.code(HttpStatus.noContent).send(null);
      },
    );
    app.put(
      activityApiPaths.like(':id'),
      { schema: { tags, params: IdParams, response: { 200: dataEnvelope(LikeState), ...errors } } },
      async (request) => ({
        data: await likeComment(db, signedInUser(request), idFrom(request.params.id), clock.now()),
      }),
    );
    app.delete(
      activityApiPaths.like(':id'),
      { schema: { tags, params: IdParams, response: { 200: dataEnvelope(LikeState), ...errors } } },
      async (request) => ({
        data: await unlikeComment(db, signedInUser(request), idFrom(request.params.id), clock.now()),
      }),
    );
  };
}
