// POST /api/login, its second step with two-step sign-in on (decision 180), and POST /api/logout.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginRequest, LoginResponse, LoginToken } from '../../contract/auth.ts';
import { dataEnvelope } from '../../contract/envelope.ts';
import { LoginSecondStepRequest, twoFactorApiPaths } from '../../contract/two-factor.ts';
import { ErrorResponse } from '../../contract/envelope.ts';
import { apiPaths } from '../../contract/routes.ts';
import { channelNames } from '../../contract/realtime.ts';
import { HttpStatus } from '../../contract/errors.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecurityEventKind } from '../../contract/security-events.ts';
import { RuleBrokenError, UnauthenticatedError } from '../domain-errors.ts';
import type { AppDeps } from '../deps.ts';
import { bearerTokenOf } from '../shared/auth/guard.ts';
import { isHttps } from '../http/security.ts';
import { deviceCookieAfterSignIn, trustedDevice } from './device-cookie.ts';
import { type LoginThrottle } from './login-throttle.ts';
import { hasPasskey } from './passkeys.ts';
import { recordRequestEvent } from '../shared/auth/security-events.ts';
import { normaliseLogin } from '../shared/auth/login-name.ts';
import { checkCredentials, InvalidCredentialsError } from './service.ts';
import {
  completeLoginChallenge,
  issueLoginChallenge,
  liveChallenge,
  secondStepAccount,
  twoFactorDepsOf,
  twoFactorEnabled,
} from '../shared/auth/two-factor.ts';

const LoginTokenResponse = dataEnvelope(LoginToken);

export function authRoutes(deps: AppDeps, throttle: LoginThrottle): FastifyPluginAsyncZod {
  const twoFactor = twoFactorDepsOf(deps);
  const record = (request: FastifyRequest, userId: number, kind: SecurityEventKind) => recordRequestEvent(deps, request, userId, kind);
  // Device cookies (decision 245): signed under the two-step key, retired ones still verify.
  const deviceKeys = [deps.config.twoFactorKey, ...deps.config.retiredTwoFactorKeys];
  const deviceOf = (request: FastifyRequest, account: string) =>
    trustedDevice(deviceKeys, request.headers.cookie, account, deps.clock.now());
  /** After a successful sign-in, this browser is a known device of `account`. */
  const rememberDevice = (request: FastifyRequest, reply: FastifyReply, account: string) =>
    reply.header(
      'set-cookie',
      deviceCookieAfterSignIn(
        deps.config.twoFactorKey,
        deviceKeys,
        request.headers.cookie,
        account,
        deps.clock.now(),
        isHttps(request, deps.config.trustProxy),
      ),
    );
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
      async (request, reply) => {
        // Limits per account, per address and per both (login-throttle.ts), shared by every process; a
        // browser that signed in to this account before is counted apart (its device cookie).
        const account = normaliseLogin(request.body.login);
        const device = deviceOf(request, account);
        await throttle.attempt(account, request.ip, device);
        const userAgent = request.headers['user-agent'];
        const userId = await checkCredentials(deps.db, request.body.login, request.body.password).catch((error: unknown) => {
          // A wrong password of a real account goes into its security activity, after the answer, so
          // the answer's time tells no accounts apart.
          const failedId = error instanceof InvalidCredentialsError ? error.userId : undefined;
          if (failedId !== undefined) app.afterAnswer.run(() => record(request, failedId, 'sign_in_failed'));
          throw error;
        });
        // Two-step sign-in on (decision 180): no session yet, only a challenge. The code's guesses are
        // counted apart (secondStepAccount), so the right password buys no fresh guesses at the code.
        if (await twoFactorEnabled(deps.db, userId)) {
          const { challenge, expiresIn } = await issueLoginChallenge(twoFactor, { userId, account, userAgent });
          await throttle.passwordAccepted(account, request.ip, device);
          return {
            data: { two_factor_required: true as const, challenge, expires_in: expiresIn, passkey: await hasPasskey(deps.db, userId) },
          };
        }
        const token = await deps.tokens.issue(userId, { userAgent });
        await throttle.succeeded(account, request.ip, device);
        rememberDevice(request, reply, account);
        await record(request, userId, 'sign_in');
        return { data: { token } };
      },
    );

    app.post(
      twoFactorApiPaths.loginSecondStep,
      {
        schema: {
          tags: ['auth'],
          body: LoginSecondStepRequest,
          response: { 200: LoginTokenResponse, 401: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
        },
      },
      async (request, reply) => {
        const challenge = await liveChallenge(twoFactor, request.body.challenge);
        // The code is guessed under limits of its own, per account and address as passwords are: the
        // same counts, apart from the password's, so neither step clears the other's.
        const codeAccount = secondStepAccount(challenge.userId);
        await throttle.attempt(codeAccount, request.ip);
        const way = await completeLoginChallenge(twoFactor, challenge, request.body.code).catch(async (error: unknown) => {
          if (error instanceof RuleBrokenError) await record(request, challenge.userId, 'second_step_failed');
          throw error;
        });
        const token = await deps.tokens.issue(challenge.userId, { userAgent: challenge.userAgent ?? undefined });
        await Promise.all([throttle.succeeded(codeAccount, request.ip), throttle.succeeded(challenge.account, request.ip)]);
        rememberDevice(request, reply, challenge.account);
        if (way === 'recovery_code') await record(request, challenge.userId, 'recovery_code_used');
        await record(request, challenge.userId, 'sign_in');
        return { data: { token } };
      },
    );

    app.post(
      apiPaths.logout,
      { schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 204: z.null().describe('No content'), 401: ErrorResponse } } },
      async (request, reply) => {
        const token = bearerTokenOf(request);
        // An unknown, expired or already ended token is 401, as the API document says.
        const userId = token && token.length <= 200 ? await deps.tokens.revoke(token) : undefined;
        if (userId === undefined) throw new UnauthenticatedError();
        // As signing a session out from the sessions list does: each tab hears why and checks its own
        // session, and the hub drops the sockets on the person's channel, so this session's cannot keep
        // listening (its authorisation again is refused); the other sessions' authorise again.
        await deps.realtime.publish('session.ended', channelNames.user(userId), { reason: 'signed_out' });
        await deps.realtime.revoke(channelNames.user(userId));
        return reply.code(HttpStatus.noContent).send(null);
      },
    );
  };
}
