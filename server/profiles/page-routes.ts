// The profile page and its sections: read, header update, add/edit/delete entries, endorsements,
// recommendations, JSON Resume export and import. Every route needs a signed-in user.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { ImportRequest, toJsonResume } from '../../contract/json-resume.ts';
import { parseProfileIdentifier } from '../../contract/identifiers.ts';
import {
  ProfilePage,
  RecommendationDecision,
  RecommendationInput,
  sectionInputs,
  sectionNames,
  UpdateProfileRequest,
} from '../../contract/profile-sections.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { checkAchievements } from '../shared/achievements/check.ts';
import { recordActivity } from '../shared/activities/writer.ts';
import { requireSignIn, signedInUser } from '../shared/auth/guard.ts';
import type { AppDeps } from '../deps.ts';
import { laggingReads } from '../db/replica.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { NotFoundError } from '../domain-errors.ts';
import { credentialsForExport } from '../careers/public.ts';
import { cvMediaType, cvPaths } from '../../contract/cv.ts';
import { CvQuery } from '../../contract/cv-schema.ts';
import { makeCv } from './cv-service.ts';
import { getProfilePage } from './page-service.ts';
import { ProfileNotFoundError } from './service.ts';
import {
  createSectionItem,
  decideRecommendation,
  deleteRecommendation,
  deleteSectionItem,
  endorseSkill,
  importProfile,
  updateProfile,
  updateSectionItem,
  withdrawEndorsement,
  writeRecommendation,
} from './sections-service.ts';

const errors = { 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
/** Imports one person may run in a minute. */
export const importsPerMinute = 6;
const pageAnswer = { 200: dataEnvelope(ProfilePage), 201: dataEnvelope(ProfilePage), ...errors };
const IdParams = z.object({ id: z.string().max(20) });
const IdentifierParams = z.object({ identifier: z.string().max(64) });

/** An id from a path; anything else is simply not found. */
function idFrom(raw: string): number {
  const id = parseProfileIdentifier(raw);
  if (id === undefined) throw new NotFoundError();
  return id;
}

export function profilePageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, tokens, clock } = deps;
    const ownPage = (userId: number) => getProfilePage(db, deps.clock, userId, userId);
    // A change to the profile may earn an achievement (a complete profile, five skills): recorded
    // at once so the person sees it live; derived from the stored data, so a failure here loses
    // nothing that the next check or the achievements page will not record (decision 140).
    const recordAchievements = (userId: number) => db.transaction((tx) => checkAchievements(tx, userId, clock.now()));
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

    // Endorsing answers the endorsed person's page as the endorser sees it.
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

    app.get(profileApiPaths.exportResume, { schema: { tags: ['portability'] } }, async (request, reply) => {
      const userId = signedInUser(request);
      // Each verified job's work entry carries its current credential (issue 26).
      const resume = toJsonResume(await ownPage(userId), await credentialsForExport(deps, userId));
      reply.header('content-disposition', 'attachment; filename="profile.resume.json"');
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(resume, null, 2));
    });
    // 'Download CV (PDF)' (decision 203): the person's own profile only (no one else's can be named),
    // drawn on the server; a few a minute, as drawing a PDF costs a little CPU.
    app.get(
      cvPaths.cv,
      { schema: { tags: ['portability'], querystring: CvQuery }, config: perPersonRateLimit('cv', { max: 12, windowMs: 60_000 }) },
      async (request, reply) => {
        const cv = await makeCv(deps, signedInUser(request), request.query.language);
        return reply
          .header(
            'content-disposition',
            `attachment; filename="${cv.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(cv.fileName)}`,
          )
          .header('content-language', cv.language.replace('_', '-'))
          .header('cache-control', 'private, no-store')
          .type(cvMediaType)
          .send(Buffer.from(cv.pdf));
      },
    );
    // An import is the most expensive write: a few a minute per person (hardening issue, point 5).
    const importLimit = perPersonRateLimit('import', { max: importsPerMinute, windowMs: 60_000 });
    app.post(
      profileApiPaths.importResume,
      { schema: { tags: ['portability'], body: ImportRequest, response: { ...pageAnswer, 429: ErrorResponse } }, config: importLimit },
      async (request) => {
        const userId = signedInUser(request);
        await importProfile(db, userId, request.body, clock.now());
        await recordAchievements(userId);
        return { data: await ownPage(userId) };
      },
    );
  };
}
