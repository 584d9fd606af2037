// The achievements page and another person's earned achievements; both need a signed-in person
// (SPEC §2: /achievements is 'auth'; the profile that shows someone's achievements is too).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { achievementApiPaths, AchievementsOverview, EarnedAchievements } from '../../contract/achievements.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { parseProfileIdentifier } from '../../contract/identifiers.ts';
import { requireSignIn, signedInUser } from '../shared/auth/guard.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../domain-errors.ts';
import { achievementsOverview, earnedAchievements } from './service.ts';

const tags = ['achievements'];
const errors = { 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };

export function achievementRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    requireSignIn(app, deps.tokens);

    app.get(
      achievementApiPaths.own,
      { config: { etag: true }, schema: { tags, response: { 200: dataEnvelope(AchievementsOverview), ...errors } } },
      async (request) => ({
        data: await achievementsOverview(db, signedInUser(request), clock.now()),
      }),
    );
    app.get(
      achievementApiPaths.of(':identifier'),
      {
        config: { etag: true },
        schema: {
          tags,
          params: z.object({ identifier: z.string().max(64) }),
          response: { 200: dataEnvelope(EarnedAchievements), ...errors },
        },
      },
      async (request) => {
        signedInUser(request);
        const userId = parseProfileIdentifier(request.params.identifier);
        if (userId === undefined) throw new NotFoundError();
        return { data: { items: await earnedAchievements(db, userId) } };
      },
    );
  };
}
