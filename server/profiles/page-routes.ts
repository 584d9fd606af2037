// The profile page and its sections: read, header update, add/edit/delete entries; endorsements
// (endorsement-routes.ts), recommendations (recommendation-routes.ts) and portability (JSON Resume
// export and import, the CV: portability-routes.ts) are registered below. Every route needs a
// signed-in user.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { parseProfileIdentifier } from '../../contract/identifiers.ts';
import { sectionInputs, sectionNames, UpdateProfileRequest } from '../../contract/profile-sections.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { laggingReads } from '../db/replica.ts';
import type { AppDeps } from '../deps.ts';
import { checkAchievements } from '../shared/achievements/check.ts';
import { recordActivity } from '../shared/activities/writer.ts';
import { requireSignIn, signedInUser } from '../shared/auth/guard.ts';
import { endorsementRoutes } from './endorsement-routes.ts';
import { achievementsRecorder, IdentifierParams, IdParams, idFrom, ownPageOf, pageAnswer } from './page-route-parts.ts';
import { getProfilePage } from './page-service.ts';
import { portabilityRoutes } from './portability-routes.ts';
import { recommendationRoutes } from './recommendation-routes.ts';
import { createSectionItem, deleteSectionItem, updateProfile, updateSectionItem } from './sections-service.ts';
import { ProfileNotFoundError } from './service.ts';

export function profilePageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, tokens, clock } = deps;
    const ownPage = ownPageOf(deps);
    const recordAchievements = achievementsRecorder(deps);
    // Every route here needs a signed-in user.
    requireSignIn(app, tokens);

    app.get(profileApiPaths.page, { schema: { tags: ['profile'], response: pageAnswer } }, async (request) => {
      const userId = signedInUser(request);
      return { data: await ownPage(userId) };
    });

    app.get(
      profileApiPaths.pageOf(':identifier'),
      { schema: { tags: ['profile'], params: IdentifierParams, response: pageAnswer } },
      async (request) => {
        const viewerId = signedInUser(request);
        const userId = parseProfileIdentifier(request.params.identifier);
        if (userId === undefined) throw new ProfileNotFoundError();
        // Another's page tolerates a moment's lag; one's own after a write reads the primary (decision 254).
        return { data: await getProfilePage(laggingReads(deps, viewerId), deps.clock, userId, viewerId) };
      },
    );

    app.put(
      profileApiPaths.update,
      { schema: { tags: ['profile'], body: UpdateProfileRequest, response: pageAnswer } },
      async (request) => {
        const userId = signedInUser(request);
        await updateProfile(db, userId, request.body, clock.now());
        await recordAchievements(userId);
        return { data: await ownPage(userId) };
      },
    );

    for (const section of sectionNames) {
      const body = sectionInputs[section];
      app.post(
        profileApiPaths.section(section),
        { schema: { tags: ['profile'], body, response: { ...pageAnswer, 409: ErrorResponse } } },
        async (request, reply) => {
          const userId = signedInUser(request);
          await db.transaction(async (tx) => {
            const itemId = await createSectionItem(tx, userId, section, request.body as Record<string, unknown>);
            // A job added to the history is a 'new job' entry in the person's activity (decision 141).
            if (section === 'employments') {
              const job = request.body as { position: string; company_name: string };
              await recordActivity(tx, {
                userId,
                kind: 'new_job',
                title: job.position,
                position: job.position,
                company: job.company_name,
                sourceKey: `employment:${itemId}`,
                occurredAt: clock.now(),
              });
            }
            await checkAchievements(tx, userId, clock.now());
          });
          return reply.code(HttpStatus.created).send({ data: await ownPage(userId) });
        },
      );
      app.put(
        profileApiPaths.sectionItem(section, ':id'),
        { schema: { tags: ['profile'], params: IdParams, body, response: pageAnswer } },
        async (request) => {
          const userId = signedInUser(request);
          const id = idFrom(request.params.id);
          await updateSectionItem(db, userId, section, id, request.body as Record<string, unknown>, clock.now(), deps.store);
          await recordAchievements(userId);
          return { data: await ownPage(userId) };
        },
      );
      app.delete(
        profileApiPaths.sectionItem(section, ':id'),
        { schema: { tags: ['profile'], params: IdParams, response: pageAnswer } },
        async (request) => {
          const userId = signedInUser(request);
          const id = idFrom(request.params.id);
          await deleteSectionItem(db, userId, section, id, deps.store);
          return { data: await ownPage(userId) };
        },
      );
    }

    await app.register(endorsementRoutes(deps));
    await app.register(recommendationRoutes(deps));
    await app.register(portabilityRoutes(deps));
  };
}
