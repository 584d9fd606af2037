// POST /api/uploads/{kind} (multipart, one `file` part), GET /api/files/{name}, and removing the
// profile photo or cover.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { MediaFile, profileImageKinds, UploadKindParams } from '../../contract/profile-sections.ts';
import { uploadKinds, uploadRate } from '../../contract/upload-kinds.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { messageRef } from '../../contract/validation-messages.ts';
import { checkAchievements } from '../shared/achievements/check.ts';
import { authenticate, signedInUser } from '../shared/auth/guard.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError, RuleBrokenError } from '../domain-errors.ts';
import { sendStoredFile } from '../shared/uploads/download.ts';
import { downloadNameOf, mediaFileOf, openStoredFile, removeProfileImage, storeUpload } from '../shared/uploads/service.ts';

export function uploadRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, tokens, store, clock } = deps;
    const signedIn = authenticate(tokens);

    app.post(
      profileApiPaths.upload(':kind' as never),
      {
        preValidation: signedIn,
        // One budget for every upload, profile and company alike (point 6).
        config: perPersonRateLimit('upload', uploadRate),
        schema: {
          tags: ['uploads'],
          params: UploadKindParams,
          consumes: ['multipart/form-data'],
          response: {
            201: dataEnvelope(MediaFile),
            401: ErrorResponse,
            413: ErrorResponse,
            415: ErrorResponse,
            422: ErrorResponse,
            429: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const { kind } = request.params;
        const fileRequired = () => new RuleBrokenError([{ field: 'file', message: messageRef('validation.required') }]);
        if (!request.isMultipart()) throw fileRequired();
        // One byte over the limit is enough to know it is too large; the service stops there.
        const part = await request.file({ limits: { fileSize: uploadKinds[kind].maxBytes + 1, files: 1, fields: 10 } });
        if (!part || part.fieldname !== 'file') throw fileRequired();
        const row = await storeUpload(db, { store, userId, kind, stream: part.file, originalName: part.filename });
        // A profile photo may complete the profile (decision 140).
        if (kind === 'photo') await db.transaction((tx) => checkAchievements(tx, userId, clock.now()));
        return reply.code(HttpStatus.created).send({ data: mediaFileOf(row) });
      },
    );

    // Files are public by their unguessable 128-bit names: an <img> cannot send a bearer token.
    app.get(
      profileApiPaths.file(':name'),
      { schema: { tags: ['uploads'], produces: ['application/octet-stream'], params: z.object({ name: z.string().max(64) }) } },
      async (request, reply) => {
        const stored = await openStoredFile(db, store, request.params.name);
        if (!stored) throw new NotFoundError();
        const { row } = stored;
        // The extension is the proven type's, whatever the uploader called the file (point 6).
        return sendStoredFile(request, reply, stored, {
          name: downloadNameOf(row),
          inline: row.mimeType.startsWith('image/') || row.mimeType === 'application/pdf',
          cacheControl: 'private, max-age=31536000, immutable',
          ranges: true,
        });
      },
    );

    for (const kind of profileImageKinds) {
      app.delete(
        profileApiPaths[kind],
        { preValidation: signedIn, schema: { tags: ['uploads'], response: { 204: z.null(), 401: ErrorResponse } } },
        async (request, reply) => {
          const userId = signedInUser(request);
          await removeProfileImage(db, store, userId, kind);
          return reply.code(HttpStatus.noContent).send(null);
        },
      );
    }
  };
}
