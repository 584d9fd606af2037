// The settings' account security: two-step sign-in (decision 180): status, set-up, turning
// it on with a first code, new recovery codes and turning it off; and the security activity. Every route acts on the signed-in person only; the ones
// that take a password or a code are rate-limited per person.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { channelNames } from '../../contract/realtime.ts';
import { SecurityEventListResponse, securityEventsPath } from '../../contract/security-events.ts';
import {
  ConfirmTwoFactorRequest,
  RecoveryCodesResponse,
  TwoFactorPasswordRequest,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
  twoFactorApiPaths,
} from '../../contract/two-factor.ts';
import type { AppDeps } from '../deps.ts';
import { UnauthenticatedError } from '../domain-errors.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { bearerTokenOf, requireSignIn, signedInUser } from '../shared/auth/guard.ts';
import { proofRequired } from '../shared/auth/reauthentication.ts';
import { recordRequestEvent, securityEventsOf } from '../shared/auth/security-events.ts';
import { removalLink, undoLinks } from '../shared/auth/sign-in-removal.ts';
import { endSessionsTheRuleRefuses } from '../shared/companies/session.ts';
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorDepsOf,
  twoFactorStatus,
} from '../shared/auth/two-factor.ts';

const tags = ['settings'];
const security = [{ bearer: [] }];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
/** Codes and passwords a person may try here in an hour: a few mistakes, not a guessing run. */
const twoFactorChangeLimit = { max: 10, windowMs: 60 * 60_000 };

export function twoFactorSettingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const twoFactor = twoFactorDepsOf(deps);
  return async (app) => {
    requireSignIn(app, deps.tokens);

    app.get(
      securityEventsPath,
      { schema: { tags, security, response: { 200: SecurityEventListResponse, ...errors } } },
      async (request) => ({ data: { items: await securityEventsOf(deps.db, signedInUser(request), deps.clock.now()) } }),
    );
    const limited = perPersonRateLimit('two-factor', twoFactorChangeLimit);

    app.get(
      twoFactorApiPaths.status,
      { schema: { tags, security, response: { 200: TwoFactorStatusResponse, ...errors } } },
      async (request) => ({ data: await twoFactorStatus(deps.db, signedInUser(request), deps.clock.now()) }),
    );

    app.post(
      twoFactorApiPaths.setup,
      {
        schema: { tags, security, response: { 200: TwoFactorSetupResponse, ...errors } },
        config: perPersonRateLimit('two-factor-setup', { max: 30, windowMs: 60 * 60_000 }),
      },
      async (request) => ({ data: await startTwoFactorSetup(twoFactor, signedInUser(request)) }),
    );

    app.post(
      twoFactorApiPaths.confirm,
      {
        schema: { tags, security, body: ConfirmTwoFactorRequest, response: { 200: RecoveryCodesResponse, ...errors } },
        config: limited,
        preValidation: proofRequired,
      },
      async (request) => {
        const userId = signedInUser(request);
        const token = bearerTokenOf(request);
        if (!token) throw new UnauthenticatedError();
        const { codes, enabledAt } = await confirmTwoFactor(twoFactor, userId, request.body.code, request.body.current_password);
        // The mail carries a one-click undo (decision 235).
        const links = { key: deps.config.twoFactorKey, siteUrl: deps.config.publicSiteUrl, now: deps.clock.now() };
        await recordRequestEvent(deps, request, userId, 'two_factor_enabled', (locale) =>
          removalLink(links, locale, userId, { twoFactorEnabledAt: enabledAt }),
        );
        // Every other session ends: one opened with a stolen password does not outlive the new factor.
        // The workspaces this session opened stay: the person just proved both factors (decision 241).
        const ended = await deps.tokens.revokeOthersOf(userId, token, { keepItsWorkspaces: true, reason: 'two_step_turned_on' });
        if (ended > 0) {
          await deps.realtime.publish('session.ended', channelNames.user(userId), { reason: 'signed_out' });
          await deps.realtime.revoke(channelNames.user(userId));
        }
        return { data: { recovery_codes: codes } };
      },
    );

    app.post(
      twoFactorApiPaths.recoveryCodes,
      {
        schema: { tags, security, body: TwoFactorPasswordRequest, response: { 200: RecoveryCodesResponse, ...errors } },
        config: limited,
        preValidation: proofRequired,
      },
      async (request) => {
        const userId = signedInUser(request);
        const { codes, firstId } = await regenerateRecoveryCodes(twoFactor, userId, request.body.current_password);
        await recordRequestEvent(deps, request, userId, 'recovery_codes_regenerated', (locale) =>
          removalLink(undoLinks(deps), locale, userId, { recoveryCodesFrom: firstId }),
        );
        return { data: { recovery_codes: codes } };
      },
    );

    app.post(
      twoFactorApiPaths.disable,
      {
        schema: { tags, security, body: TwoFactorPasswordRequest, response: { 204: z.null().describe('No content'), ...errors } },
        config: limited,
        preValidation: proofRequired,
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const disabledAt = await disableTwoFactor(twoFactor, userId, request.body.current_password);
        await recordRequestEvent(deps, request, userId, 'two_factor_disabled', (locale) =>
          removalLink(undoLinks(deps), locale, userId, { twoFactorDisabledAt: disabledAt }),
        );
        // Workspaces whose rule asks an owner or admin for two-step end now, sockets included (decision 243).
        for (const companyId of await endSessionsTheRuleRefuses(deps.db, deps.clock.now(), userId))
          await deps.realtime.revoke(channelNames.company(companyId));
        return reply.code(HttpStatus.noContent).send(null);
      },
    );
  };
}
