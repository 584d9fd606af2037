// POST /api/login and POST /api/logout.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginRequest, LoginResponse } from '../../contract/auth.ts';
import { ErrorResponse } from '../../contract/envelope.ts';
import { apiPaths } from '../../contract/routes.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { unauthorized } from '../http/errors.ts';
import type { AppDeps } from '../deps.ts';
import { bearerTokenOf } from './guard.ts';
import { HttpError } from '../http/errors.ts';
import { LoginThrottledError, type LoginThrottle } from './login-throttle.ts';
import { InvalidCredentialsError, logIn, normaliseLogin } from './service.ts';

export function authRoutes(deps: AppDeps, throttle: LoginThrottle): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      apiPaths.login,
      {
        schema: {
          tags: ['auth'],
          body: LoginRequest,
          response: { 200: LoginResponse, 401: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
        },
      },
      async (request) => {
        // Limits per account, per address and per both (login-throttle.ts), shared by every process.
        const account = normaliseLogin(request.body.login);
        try {
          await throttle.attempt(account, request.ip);
          const token = await logIn(deps.db, deps.tokens, request.body.login, request.body.password);
          await throttle.succeeded(account, request.ip);
          return { data: { token } };
        } catch (error) {
          if (error instanceof InvalidCredentialsError) throw unauthorized(error.message);
          if (error instanceof LoginThrottledError) {
            throw new HttpError(HttpStatus.tooManyRequests, error.message, undefined, { 'retry-after': String(error.retryAfterSeconds) });
          }
          throw error;
        }
      },
    );

    app.post(
      apiPaths.logout,
      { schema: { tags: ['auth'], response: { 204: z.null().describe('No content'), 401: ErrorResponse } } },
      async (request, reply) => {
        const token = bearerTokenOf(request);
        // An unknown, expired or already ended token is 401, as the API document says.
        if (!token || token.length > 200 || !(await deps.tokens.revoke(token))) throw unauthorized();
        return reply.code(HttpStatus.noContent).send(null);
      },
    );
  };
}
