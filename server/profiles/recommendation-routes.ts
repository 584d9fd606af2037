// Recommendations: one person writes another's, the recommended person accepts or declines it (it
// shows once accepted), and either may remove it. Registered by profilePageRoutes, below its sign-in guard.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpStatus } from '../../contract/errors.ts';
import { parseProfileIdentifier } from '../../contract/identifiers.ts';
import { RecommendationDecision, RecommendationInput } from '../../contract/profile-sections.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import type { AppDeps } from '../deps.ts';
import { signedInUser } from '../shared/auth/guard.ts';
import { errors, IdentifierParams, IdParams, idFrom, ownPageOf, pageAnswer } from './page-route-parts.ts';
import { getProfilePage } from './page-service.ts';
import { decideRecommendation, deleteRecommendation, writeRecommendation } from './sections-service.ts';
import { ProfileNotFoundError } from './service.ts';

export function recommendationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const ownPage = ownPageOf(deps);
    app.post(
      profileApiPaths.recommendationsOf(':identifier'),
      { schema: { tags: ['recommendations'], params: IdentifierParams, body: RecommendationInput, response: pageAnswer } },
      async (request, reply) => {
        const authorId = signedInUser(request);
        const userId = parseProfileIdentifier(request.params.identifier);
        if (userId === undefined) throw new ProfileNotFoundError();
        await writeRecommendation(db, authorId, userId, request.body.text, clock.now());
        return reply.code(HttpStatus.created).send({ data: await getProfilePage(db, deps.clock, userId, authorId) });
      },
    );
    app.put(
      profileApiPaths.recommendation(':id'),
      { schema: { tags: ['recommendations'], params: IdParams, body: RecommendationDecision, response: pageAnswer } },
      async (request) => {
        const userId = signedInUser(request);
        const id = idFrom(request.params.id);
        await decideRecommendation(db, userId, id, request.body.status, clock.now());
        return { data: await ownPage(userId) };
      },
    );
    app.delete(
      profileApiPaths.recommendation(':id'),
      { schema: { tags: ['recommendations'], params: IdParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        const viewerId = signedInUser(request);
        const id = idFrom(request.params.id);
        await deleteRecommendation(db, viewerId, id);
        return reply.code(HttpStatus.noContent).send(null);
      },
    );
  };
}
