// Passkeys (decision 206). In the settings, for the signed-in person only: the list, the
// options to create one, adding it, removing one with the password. At sign-in, anonymous: the
// options and the check of a passkey alone, and of a passkey as the second step after the password.
// Sign-in attempts go through the login throttle (decision 163) like passwords.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginToken } from '../../contract/auth.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import {
  AddPasskeyRequest,
  PasskeyListResponse,
  PasskeyOptionsRequest,
  PasskeyOptionsResponse,
  PasskeyResponse,
  PasskeySecondStepOptionsRequest,
  PasskeySecondStepRequest,
  PasskeySignInRequest,
  RemovePasskeyRequest,
  passkeyApiPaths,
} from '../../contract/passkeys.ts';
import type { SecurityEventKind } from '../../contract/security-events.ts';
import type { AppDeps } from '../deps.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { requireSignIn, signedInUser } from '../shared/auth/guard.ts';
import { proofRequired } from '../shared/auth/reauthentication.ts';
import type { LoginThrottle } from './login-throttle.ts';
import {
  addPasskey,
  PasskeyNotRecognisedError,
  passkeyDepsOf,
  passkeysOf,
  registrationOptions,
  removePasskey,
  secondStepOptions,
  signInOptions,
  verifyPasskeySignIn,
} from './passkeys.ts';
import { recordRequestEvent } from '../shared/auth/security-events.ts';
import { removalLink } from '../shared/auth/sign-in-removal.ts';
import { completeLoginChallengeWith, liveChallenge, secondStepAccount, twoFactorDepsOf } from '../shared/auth/two-factor.ts';

const tags = ['settings'];
const security = [{ bearer: [] }];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
const LoginTokenResponse = dataEnvelope(LoginToken);
const IdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});
/** The throttle's account key of a passkey sign-in: per passkey, apart from the login names' keys. */
const passkeyAccount = (credentialId: string) => `passkey:${credentialId.slice(0, 200)}`;

export function passkeySettingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const passkeys = passkeyDepsOf(deps);
  return async (app) => {
    requireSignIn(app, deps.tokens);

    app.get(passkeyApiPaths.list, { schema: { tags, security, response: { 200: PasskeyListResponse, ...errors } } }, async (request) => ({
      data: { items: await passkeysOf(deps.db, signedInUser(request)) },
    }));

    app.post(
      passkeyApiPaths.registrationOptions,
      {
        schema: { tags, security, body: PasskeyOptionsRequest, response: { 200: PasskeyOptionsResponse, ...errors } },
        config: perPersonRateLimit('passkey-options', { max: 30, windowMs: 60 * 60_000 }),
        preValidation: proofRequired,
      },
      async (request) => ({ data: await registrationOptions(passkeys, signedInUser(request), request.body.current_password) }),
    );

    app.post(
      passkeyApiPaths.list,
      {
        schema: { tags, security, body: AddPasskeyRequest, response: { 201: PasskeyResponse, ...errors } },
        config: perPersonRateLimit('passkey-add', { max: 30, windowMs: 60 * 60_000 }),
        preValidation: proofRequired,
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const passkey = await addPasskey(passkeys, userId, request.body.name, request.body.credential, request.body.current_password);
        // The mail carries a one-click undo (decision 235).
        const links = { key: deps.config.twoFactorKey, siteUrl: deps.config.publicSiteUrl, now: deps.clock.now() };
        await recordRequestEvent(deps, request, userId, 'passkey_added', (locale) =>
          removalLink(links, locale, userId, { passkeyId: passkey.id }),
        );
        return reply.code(HttpStatus.created).send({ data: passkey });
      },
    );

    app.post(
      passkeyApiPaths.remove(':id'),
      {
        schema: {
          tags,
          security,
          params: IdParams,
          body: RemovePasskeyRequest,
          response: { 204: z.null().describe('No content'), ...errors },
        },
        // Passwords a person may try here in an hour, as turning two-step sign-in off allows.
        config: perPersonRateLimit('two-factor', { max: 10, windowMs: 60 * 60_000 }),
        preValidation: proofRequired,
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const kept = await removePasskey(passkeys, userId, request.params.id, request.body.current_password);
        // The mail puts it back (decision 297): a thief with the session and the password cannot take it away for good.
        const links = { key: deps.config.twoFactorKey, siteUrl: deps.config.publicSiteUrl, now: deps.clock.now() };
        await recordRequestEvent(deps, request, userId, 'passkey_removed', (locale) =>
          removalLink(links, locale, userId, { removedPasskeyId: kept }),
        );
        return reply.code(HttpStatus.noContent).send(null);
      },
    );
  };
}

export function passkeySignInRoutes(deps: AppDeps, throttle: LoginThrottle): FastifyPluginAsyncZod {
  const passkeys = passkeyDepsOf(deps);
  const twoFactor = twoFactorDepsOf(deps);
  const record = (request: FastifyRequest, userId: number, kind: SecurityEventKind) => recordRequestEvent(deps, request, userId, kind);
  const signInErrors = { 401: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
  // Options cost a row each: an address gets enough for a page left open all day, not a flood.
  const optionsLimit = { rateLimit: { max: 60, timeWindow: 10 * 60_000 } };
  return async (app) => {
    app.post(
      passkeyApiPaths.signInOptions,
      { schema: { tags: ['auth'], response: { 200: PasskeyOptionsResponse, ...signInErrors } }, config: optionsLimit },
      async () => ({ data: await signInOptions(passkeys) }),
    );

    app.post(
      passkeyApiPaths.signIn,
      { schema: { tags: ['auth'], body: PasskeySignInRequest, response: { 200: LoginTokenResponse, ...signInErrors } } },
      async (request) => {
        const { credential } = request.body;
        const account = passkeyAccount(credential.id);
        await throttle.attempt(account, request.ip);
        // A verified passkey is two factors in one (the device, and the PIN or biometric that
        // unlocked it): it signs in without the password, two-step sign-in on or off (decision 206).
        const userId = await verifyPasskeySignIn(passkeys, credential, null);
        const token = await deps.tokens.issue(userId, { userAgent: request.headers['user-agent'] });
        await throttle.succeeded(account, request.ip);
        await record(request, userId, 'passkey_used');
        await record(request, userId, 'sign_in');
        return { data: { token } };
      },
    );

    app.post(
      passkeyApiPaths.secondStepOptions,
      {
        schema: { tags: ['auth'], body: PasskeySecondStepOptionsRequest, response: { 200: PasskeyOptionsResponse, ...signInErrors } },
        config: optionsLimit,
      },
      async (request) => {
        const challenge = await liveChallenge(twoFactor, request.body.challenge);
        return { data: await secondStepOptions(passkeys, challenge.userId) };
      },
    );

    app.post(
      passkeyApiPaths.secondStep,
      { schema: { tags: ['auth'], body: PasskeySecondStepRequest, response: { 200: LoginTokenResponse, ...signInErrors } } },
      async (request) => {
        const challenge = await liveChallenge(twoFactor, request.body.challenge);
        // Counted with the code's guesses (the same key): a passkey buys no fresh tries at the code.
        const codeAccount = secondStepAccount(challenge.userId);
        await throttle.attempt(codeAccount, request.ip);
        await completeLoginChallengeWith(twoFactor, challenge, async () => {
          await verifyPasskeySignIn(passkeys, request.body.credential, challenge.userId);
          return 'passkey';
        }).catch(async (error: unknown) => {
          if (error instanceof PasskeyNotRecognisedError) await record(request, challenge.userId, 'second_step_failed');
          throw error;
        });
        const token = await deps.tokens.issue(challenge.userId, { userAgent: challenge.userAgent ?? undefined });
        await Promise.all([throttle.succeeded(codeAccount, request.ip), throttle.succeeded(challenge.account, request.ip)]);
        await record(request, challenge.userId, 'passkey_used');
        await record(request, challenge.userId, 'sign_in');
        return { data: { token } };
      },
    );
  };
}
