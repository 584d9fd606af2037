// POST /api/login and POST /api/logout.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginRequest, LoginResponse } from '../../contract/auth.ts';
import { ErrorResponse } from '../../contract/envelope.ts';
import { apiPaths } from '../../contract/routes.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { UnauthenticatedError } from '../domain-errors.ts';
import type { AppDeps } from '../deps.ts';
import { bearerTokenOf } from './guard.ts';
import { type LoginThrottle } from './login-throttle.ts';
import { logIn, normaliseLogin } from './service.ts';

export function authRoutes(deps: AppDeps, throttle: LoginThrottle): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      apiPaths.login,
      {
        schema: {
          tags: ['auth'],
          body: LoginRequest,
          response: { 200: LoginResponse, 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
        },
      },
      async (request) => {
        // Limits per account, per address and per both (login-throttle.ts), shared by every process.
        const account = normaliseLogin(request.body.login);
        await throttle.attempt(account, request.ip);
        const token = await logIn(deps.db, deps.tokens, request.body.login, request.body.password, request.headers['user-agent']);
        await throttle.succeeded(account, request.ip);
        return { data: { token } };
      },
    );

    app.post(
      apiPaths.logout,
      { schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 204: z.null().describe('No content'), 401: ErrorResponse } } },
      async (request, reply) => {
        const token = bearerTokenOf(request);
        // An unknown, expired or already ended token is 401, as the API document says.
        if (!token || token.length > 200 || !(await deps.tokens.revoke(token))) throw new UnauthenticatedError();
        return reply.code(HttpStatus.noContent).send(null);
      },
    );
  };
}
