// GET /api/profile/show[-extra][/{identifier}] (SPEC §7).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { ProfileExtraResponse, ProfileIdentifierParams, ProfileResponse } from '../../contract/profile.ts';
import { parseProfileIdentifier } from '../../contract/identifiers.ts';
import { apiPaths } from '../../contract/routes.ts';
import { requireUser } from '../auth/guard.ts';
import { notFound } from '../http/errors.ts';
import type { AppDeps } from '../deps.ts';
import { getProfile, getProfileExtra, ProfileNotFoundError, viewerOf } from './service.ts';

const errors = { 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };

function identifiedUser(identifier: string): number {
  const id = parseProfileIdentifier(identifier);
  if (id === undefined) throw notFound('Profile not found');
  return id;
}

async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ProfileNotFoundError) throw notFound(error.message);
    throw error;
  }
}

export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const own = { tags: ['profile'], response: { 200: dataEnvelope(ProfileResponse), ...errors } };
    const ownExtra = { tags: ['profile'], response: { 200: dataEnvelope(ProfileExtraResponse), ...errors } };

    app.get(apiPaths.profileShow, { schema: own }, async (request) => {
      const userId = await requireUser(request, deps.tokens);
      return { data: await orNotFound(getProfile(deps.db, userId, 'owner')) };
    });
    app.get(apiPaths.profileShowExtra, { schema: ownExtra }, async (request) => {
      const userId = await requireUser(request, deps.tokens);
      return { data: await orNotFound(getProfileExtra(deps.db, userId, 'owner')) };
    });
    app.get(
      apiPaths.profileShowOf(':identifier'),
      { schema: { ...own, params: ProfileIdentifierParams } },
      async (request) => {
        const viewerId = await requireUser(request, deps.tokens);
        const userId = identifiedUser(request.params.identifier);
        return { data: await orNotFound(getProfile(deps.db, userId, viewerOf(userId, viewerId))) };
      },
    );
    app.get(
      apiPaths.profileShowExtraOf(':identifier'),
      { schema: { ...ownExtra, params: ProfileIdentifierParams } },
      async (request) => {
        const viewerId = await requireUser(request, deps.tokens);
        const userId = identifiedUser(request.params.identifier);
        return { data: await orNotFound(getProfileExtra(deps.db, userId, viewerOf(userId, viewerId))) };
      },
    );
  };
}
