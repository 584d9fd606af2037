// POST /api/register, /api/verification/{email,phone,resend}, /api/email-change,
// /api/password/{forgot,reset}, GET /api/account/status and POST /api/account/remove-sign-in.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountStatusResponse,
  CodeSentResponse,
  EmailChangeRequest,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  RegisterRequest,
  RegisterResponse,
  ResendCodeRequest,
  ResendThrottledResponse,
  ResetPasswordRequest,
  ResetPasswordResponse,
  VerifyCodeRequest,
  codeLifetimeSeconds,
  resendCountdownSeconds,
} from '../../contract/auth.ts';
import { ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { channelNames } from '../../contract/realtime.ts';
import { apiPaths } from '../../contract/routes.ts';
import { RemoveSignInRequest, RemovedSignInResponse, signInRemovalApiPath, type RemovedSignIn } from '../../contract/sign-in-removal.ts';
import type { SecurityEventKind } from '../../contract/security-events.ts';
import { authenticate as authenticateWith, signedInUser } from '../shared/auth/guard.ts';
import { proofRequired } from '../shared/auth/reauthentication.ts';
import { recordRequestEvent } from '../shared/auth/security-events.ts';
import { isCommonPassword } from '../shared/auth/common-passwords.ts';
import { hashPassword } from '../shared/auth/passwords.ts';
import { normaliseLogin } from '../shared/auth/login-name.ts';
import { recoveryMail, worthTelling } from '../shared/auth/recovery.ts';
import { genuineKindOf, removalLink, removeSignInByLink } from '../shared/auth/sign-in-removal.ts';
import { issueLoginChallenge, twoFactorDepsOf, twoFactorEnabled } from '../shared/auth/two-factor.ts';
import type { AppDeps } from '../deps.ts';
import type { AfterAnswer } from '../http/after-answer.ts';
import { localeOf } from '../http/locale.ts';
import { createCodeDelivery } from './code-delivery.ts';
import {
  accountStatus,
  changeEmail,
  CommonPasswordError,
  forgotPassword,
  register,
  resendCode,
  resetPassword,
  verifyChannel,
  type AccountDeps,
} from './service.ts';

const tags = ['accounts'];
const errors = { 401: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };
const hour = 60 * 60 * 1000;

// Per-address caps on the anonymous forms; the per-account rules (countdown, hourly cap, wrong tries)
// live in the services on the app's clock.
const perAddress = (max: number, timeWindow: number) => ({ rateLimit: { max, timeWindow } });

/** The security event an undo records (decision 278): its mail tells every address what happened. */
const undoneEventOf: Record<RemovedSignIn['kind'], SecurityEventKind> = {
  passkey: 'passkey_removed',
  two_factor: 'two_factor_disabled',
  two_factor_restored: 'two_factor_enabled',
  password: 'password_reset',
  address: 'change_undone',
  recovery_codes: 'change_undone',
  sign_in_address: 'change_undone',
  ownership: 'change_undone',
  passkey_restored: 'change_undone',
};

export function accountRoutes(deps: AppDeps, afterAnswer: AfterAnswer): FastifyPluginAsyncZod {
  const services = (request: FastifyRequest): AccountDeps => ({
    db: deps.db,
    clock: deps.clock,
    tokens: deps.tokens,
    delivery: createCodeDelivery(deps, request.log),
  });
  // Resolved before the body is validated, so anonymous callers get 401.
  const authenticate = authenticateWith(deps.tokens);
  const userOf = signedInUser;

  return async (app) => {
    app.post(
      apiPaths.register,
      {
        schema: { tags, body: RegisterRequest, response: { 201: RegisterResponse, 422: ErrorResponse, 429: ErrorResponse } },
        config: perAddress(20, hour),
      },
      async (request, reply) => {
        const data = await register(services(request), request.body, localeOf(request));
        return reply.code(HttpStatus.created).send({ data });
      },
    );

    app.get(
      apiPaths.accountStatus,
      {
        schema: { tags, security: [{ bearer: [] }], response: { 200: AccountStatusResponse, 401: ErrorResponse } },
        preValidation: authenticate,
      },
      async (request) => ({ data: await accountStatus(deps, userOf(request)) }),
    );

    for (const [path, channel] of [
      [apiPaths.verifyEmail, 'email'],
      [apiPaths.verifyPhone, 'phone'],
    ] as const) {
      app.post(
        path,
        {
          schema: { tags, security: [{ bearer: [] }], body: VerifyCodeRequest, response: { 200: AccountStatusResponse, ...errors } },
          preValidation: authenticate,
        },
        async (request) => ({
          data: await verifyChannel(services(request), userOf(request), channel, request.body.code),
        }),
      );
    }

    app.post(
      apiPaths.resendCode,
      {
        schema: {
          tags,
          security: [{ bearer: [] }],
          body: ResendCodeRequest,
          response: { 200: CodeSentResponse, ...errors, 429: ResendThrottledResponse },
        },
        preValidation: authenticate,
      },
      async (request) => ({ data: await resendCode(services(request), userOf(request), request.body.channel) }),
    );

    app.post(
      apiPaths.emailChange,
      {
        schema: {
          tags,
          security: [{ bearer: [] }],
          body: EmailChangeRequest,
          // The resend countdown, or the wrong proofs' budget (decision 235), which has no countdown.
          response: { 200: AccountStatusResponse, ...errors, 429: z.union([ResendThrottledResponse, ErrorResponse]) },
        },
        preValidation: [authenticate, proofRequired],
      },
      async (request) => ({
        data: await changeEmail(services(request), userOf(request), request.body.email, request.body.current_password),
      }),
    );

    app.post(
      apiPaths.passwordForgot,
      {
        schema: { tags, body: ForgotPasswordRequest, response: { 200: ForgotPasswordResponse, 422: ErrorResponse, 429: ErrorResponse } },
        config: perAddress(10, 10 * 60 * 1000),
      },
      async (request) => {
        // The same answer after the same work for every login; the account's part comes after it.
        const deps = services(request);
        const login = request.body.login;
        afterAnswer.run(() => forgotPassword(deps, login));
        return { data: { resend_available_in: resendCountdownSeconds, expires_in: codeLifetimeSeconds } };
      },
    );

    app.post(
      apiPaths.passwordReset,
      {
        schema: { tags, body: ResetPasswordRequest, response: { 200: ResetPasswordResponse, 422: ErrorResponse, 429: ErrorResponse } },
        config: perAddress(20, 10 * 60 * 1000),
      },
      async (request) => {
        const { userId, recovery, email, locale } = await resetPassword(services(request), request.body);
        await recordRequestEvent(deps, request, userId, 'password_reset');
        // What the reset removed, and the older factors that stayed, go to the address it proved.
        if (recovery && worthTelling(recovery)) {
          const linkDeps = { key: deps.config.twoFactorKey, siteUrl: deps.config.publicSiteUrl, now: deps.clock.now() };
          const mail = recoveryMail(email, locale, deps.config.publicSiteUrl, recovery, {
            passkey: (passkeyId) => removalLink(linkDeps, locale, userId, { passkeyId }),
            twoFactor: (twoFactorEnabledAt) => removalLink(linkDeps, locale, userId, { twoFactorEnabledAt }),
          });
          afterAnswer.run(() => deps.mailer.send(mail));
        }
        // Every earlier session ended: sockets they authorised lose the person's channel.
        await deps.realtime.revoke(channelNames.user(userId));
        // A code by email or SMS replaces the password, not the second step (decision 180).
        if (await twoFactorEnabled(deps.db, userId)) {
          const account = normaliseLogin(request.body.login);
          const { challenge, expiresIn } = await issueLoginChallenge(twoFactorDepsOf(deps), {
            userId,
            account,
            userAgent: request.headers['user-agent'],
          });
          return { data: { two_factor_required: true as const, challenge, expires_in: expiresIn } };
        }
        return { data: { token: await deps.tokens.issue(userId, { userAgent: request.headers['user-agent'] }) } };
      },
    );

    // A mail's one-click removal of a passkey or two-step sign-in that stayed after a reset (decision
    // 235): anonymous (the token is the proof), a few an hour per address.
    app.post(
      signInRemovalApiPath,
      {
        schema: {
          tags,
          body: RemoveSignInRequest,
          // 409 two_factor_unreadable: two-step sign-in turned off cannot come back on with a secret no key opens.
          response: { 200: RemovedSignInResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
        },
        config: perAddress(20, hour),
      },
      async (request) => {
        const removal = {
          db: deps.db,
          clock: deps.clock,
          tokens: deps.tokens,
          key: deps.config.twoFactorKey,
          retiredKeys: deps.config.retiredTwoFactorKeys,
        };
        // A new password is hashed only for a genuine link that undoes a password change (decision 278).
        const { token, password } = request.body;
        let newPasswordHash: string | undefined;
        if (password !== undefined && genuineKindOf(removal, token) === 'w') {
          if (isCommonPassword(password)) throw new CommonPasswordError();
          newPasswordHash = await hashPassword(password);
        }
        const { userId, removed } = await removeSignInByLink(removal, token, newPasswordHash);
        await recordRequestEvent(deps, request, userId, undoneEventOf[removed.kind]);
        await deps.realtime.publish('session.ended', channelNames.user(userId), { reason: 'signed_out' });
        await deps.realtime.revoke(channelNames.user(userId));
        return { data: removed };
      },
    );
  };
}
