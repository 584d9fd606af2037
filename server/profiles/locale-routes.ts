// `PUT /api/profile/locale`: the signed-in person's interface language, saved when they switch.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { LocaleResponse, UpdateLocaleRequest } from '../../contract/profile-locale.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { requireSignIn, signedInUser } from '../shared/auth/guard.ts';
import type { AppDeps } from '../deps.ts';
import { saveLocale } from './locale-service.ts';

export function profileLocaleRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    requireSignIn(app, deps.tokens);
    const response = { 200: dataEnvelope(LocaleResponse), 401: ErrorResponse, 422: ErrorResponse };
    app.put(profileApiPaths.locale, { schema: { tags: ['profile'], body: UpdateLocaleRequest, response } }, async (request) => {
      const userId = signedInUser(request);
      await saveLocale(deps.db, userId, request.body.locale, deps.clock.now());
      return { data: { locale: request.body.locale } };
    });
  };
}
