// Portability: the profile as a JSON Resume download, 'Download CV (PDF)', and a JSON Resume import.
// Registered by profilePageRoutes, below its sign-in guard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../contract/envelope.ts';
import { cvMediaType, cvPaths } from '../../contract/cv.ts';
import { CvQuery } from '../../contract/cv-schema.ts';
import { ImportRequest } from '../../contract/json-resume-import.ts';
import { toJsonResume } from '../../contract/json-resume.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { credentialsForExport } from '../careers/public.ts';
import type { AppDeps } from '../deps.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { signedInUser } from '../shared/auth/guard.ts';
import { makeCv } from './cv-service.ts';
import { achievementsRecorder, ownPageOf, pageAnswer } from './page-route-parts.ts';
import { importProfile } from './sections-service.ts';

/** Imports one person may run in a minute. */
export const importsPerMinute = 6;

/** A JSON Resume file may be up to 1 MiB. */
const importBodyLimit = 1024 * 1024;

export function portabilityRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const ownPage = ownPageOf(deps);
    const recordAchievements = achievementsRecorder(deps);
    app.get(profileApiPaths.exportResume, { schema: { tags: ['portability'] } }, async (request, reply) => {
      const userId = signedInUser(request);
      // Each verified job's work entry carries its current credential.
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
      {
        // A whole JSON Resume: more than the 64 KiB every other form takes (decision 268).
        bodyLimit: importBodyLimit,
        schema: { tags: ['portability'], body: ImportRequest, response: { ...pageAnswer, 429: ErrorResponse } },
        config: importLimit,
      },
      async (request) => {
        const userId = signedInUser(request);
        await importProfile(db, userId, request.body, clock.now());
        await recordAchievements(userId);
        return { data: await ownPage(userId) };
      },
    );
  };
}
