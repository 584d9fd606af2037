// GET /api/profile/show[-extra][/{identifier}] (SPEC §7).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { ProfileExtraResponse, ProfileIdentifierParams, ProfileResponse } from '../../contract/profile.ts';
import { parseProfileIdentifier } from '../../contract/identifiers.ts';
import { apiPaths } from '../../contract/routes.ts';
import { requireUser } from '../shared/auth/guard.ts';
import { documentBearerForAll } from '../http/openapi.ts';
import type { AppDeps } from '../deps.ts';
import { laggingReads } from '../db/replica.ts';
import { getProfile, getProfileExtra, ProfileNotFoundError, viewerOf } from './service.ts';

const errors = { 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };

function identifiedUser(identifier: string): number {
  const id = parseProfileIdentifier(identifier);
  if (id === undefined) throw new ProfileNotFoundError();
  return id;
}

export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Each handler resolves the token itself (the hot read, decision 070); all of them need one.
    documentBearerForAll(app);
    const own = { tags: ['profile'], response: { 200: dataEnvelope(ProfileResponse), ...errors } };
    const ownExtra = { tags: ['profile'], response: { 200: dataEnvelope(ProfileExtraResponse), ...errors } };

    app.get(apiPaths.profileShow, { schema: own, config: { etag: true } }, async (request) => {
      const userId = await requireUser(request, deps.tokens);
      return { data: await getProfile(deps.db, userId, 'owner') };
    });
    app.get(apiPaths.profileShowExtra, { schema: ownExtra, config: { etag: true } }, async (request) => {
      const userId = await requireUser(request, deps.tokens);
      return { data: await getProfileExtra(deps.db, userId, 'owner') };
    });
    app.get(
      apiPaths.profileShowOf(':identifier'),
      { schema: { ...own, params: ProfileIdentifierParams }, config: { etag: true } },
      async (request) => {
        const viewerId = await requireUser(request, deps.tokens);
        const userId = identifiedUser(request.params.identifier);
        // Another's profile tolerates a moment's lag; one's own after a write reads the primary (decision 254).
        return { data: await getProfile(laggingReads(deps, viewerId), userId, viewerOf(userId, viewerId)) };
      },
    );
    app.get(
      apiPaths.profileShowExtraOf(':identifier'),
      { schema: { ...ownExtra, params: ProfileIdentifierParams }, config: { etag: true } },
      async (request) => {
        const viewerId = await requireUser(request, deps.tokens);
        const userId = identifiedUser(request.params.identifier);
        return { data: await getProfileExtra(laggingReads(deps, viewerId), userId, viewerOf(userId, viewerId)) };
      },
    );
  };
}
