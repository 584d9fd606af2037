// Endorsements of a person's skill (decision 140's neighbours): endorsing and withdrawing answer the
// endorsed person's page as the endorser sees it. Registered by profilePageRoutes, below its sign-in guard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileApiPaths } from '../../contract/routes.ts';
import type { AppDeps } from '../deps.ts';
import { signedInUser } from '../shared/auth/guard.ts';
import { IdParams, idFrom, pageAnswer } from './page-route-parts.ts';
import { getProfilePage } from './page-service.ts';
import { endorseSkill, withdrawEndorsement } from './sections-service.ts';

export function endorsementRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;

    app.post(
      profileApiPaths.endorsement(':id'),
      { schema: { tags: ['endorsements'], params: IdParams, response: pageAnswer } },
      async (request) => {
        const viewerId = signedInUser(request);
        const skillId = idFrom(request.params.id);
        const ownerId = await endorseSkill(db, viewerId, skillId, clock.now());
        return { data: await getProfilePage(db, deps.clock, ownerId, viewerId) };
      },
    );
    app.delete(
      profileApiPaths.endorsement(':id'),
      { schema: { tags: ['endorsements'], params: IdParams, response: pageAnswer } },
      async (request) => {
        const viewerId = signedInUser(request);
        const skillId = idFrom(request.params.id);
        const ownerId = await withdrawEndorsement(db, viewerId, skillId);
        return { data: await getProfilePage(db, deps.clock, ownerId, viewerId) };
      },
    );
  };
}
