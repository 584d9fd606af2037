// A job's documents in the person's careers API (decision 120): upload (multipart, through
// the upload pipeline), the owner's download and delete. Registered by careersRoutes, behind its guard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CareerDocument, careersPaths, JobDocumentParams, JobParams } from '../../contract/careers.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { uploadKinds, uploadRate } from '../../contract/upload-kinds.ts';
import { messageRef } from '../../contract/validation-messages.ts';
import type { AppDeps } from '../deps.ts';
import { RuleBrokenError } from '../domain-errors.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { signedInUser } from '../shared/auth/guard.ts';
import { sendStoredFile } from '../shared/uploads/download.ts';
import { downloadNameOf } from '../shared/uploads/service.ts';
import { addDocument, deleteDocument, openDocument } from './document-service.ts';
import { changeLimit, personErrors, personTags, security } from './route-schemas.ts';

export function documentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const limited = perPersonRateLimit('careers-change', changeLimit);

    app.post(
      careersPaths.documents(':jobId'),
      {
        // One budget for every upload (decision 074).
        config: perPersonRateLimit('upload', uploadRate),
        schema: {
          tags: personTags,
          security,
          params: JobParams,
          consumes: ['multipart/form-data'],
          response: { 201: dataEnvelope(CareerDocument), 413: ErrorResponse, 415: ErrorResponse, ...personErrors },
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
      { schema: { tags: personTags, security, params: JobDocumentParams } },
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
        schema: {
          tags: personTags,
          security,
          params: JobDocumentParams,
          response: { 204: z.null().describe('No content'), ...personErrors },
        },
      },
      async (request, reply) => {
        await deleteDocument(db, deps.store, signedInUser(request), request.params.jobId, request.params.documentId);
        return reply.code(HttpStatus.noContent).send(null);
      },
    );
  };
}
