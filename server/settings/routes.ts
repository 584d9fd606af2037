// The settings API: the password, the active sessions, the data export and closing the
// account; emails and phones; contact details, notification types and leaving a company. Every route
// acts on the signed-in person only; the sensitive ones need the current password (decision 235) and
// are rate-limited per person.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { channelNames } from '../../contract/realtime.ts';
import type { SecurityEventKind } from '../../contract/security-events.ts';
import {
  ChangePasswordRequest,
  CloseAccountRequest,
  dataExportFileName,
  MembershipParams,
  NotificationTypesResponse,
  ContactInfoResponse,
  AccountAddressesResponse,
  AddEmailRequest,
  AddPhoneRequest,
  AddressCodeSentResponse,
  AddressParams,
  MakePrimaryRequest,
  RemoveAddressRequest,
  VerifyAddressRequest,
  UpdateContactInfoRequest,
  UpdateNotificationTypesRequest,
  PasswordChangedResponse,
  SessionListResponse,
  SessionParams,
  SessionsEndedResponse,
  settingsApiPaths,
} from '../../contract/settings.ts';
import { requireSignIn, bearerTokenOf, signedInUser } from '../shared/auth/guard.ts';
import { proofRequired } from '../shared/auth/reauthentication.ts';
import { recordRequestEvent } from '../shared/auth/security-events.ts';
import type { AppDeps } from '../deps.ts';
import { outboxCodeMessage } from '../http/line-log.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { UnauthenticatedError } from '../domain-errors.ts';
import { issuedCredentialsOf } from '../careers/public.ts';
import { closeAccount, exportAccountData } from './closure.ts';
import { addAddress, listAddresses, makePrimary, removeAddress, resendAddressCode, verifyAddress, type AddressDeps } from './addresses.ts';
import { contactInfoOf, setContactInfo } from './contact.ts';
import { leaveCompany } from './membership.ts';
import { notificationTypesOf, setNotificationTypes } from './notification-types.ts';
import { changePassword, endSession, listSessions } from './service.ts';
import { removalLink, undoLinks, type Undoable } from '../shared/auth/sign-in-removal.ts';

const tags = ['settings'];
const security = [{ bearer: [] }];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };

/** Sensitive changes a person may try in a window: a few mistyped current passwords, not a guessing run. */
export const sensitiveChangeLimit = { max: 10, windowMs: 60 * 60_000 };
const sessionChangeLimit = { max: 60, windowMs: 60_000 };
/** Everyday changes (notification types, contact info): generous, but not a write loop. */
export const settingsChangeLimit = { max: 120, windowMs: 60 * 60_000 };

/** The bearer token of an authenticated request (the guard has already checked it). */
function tokenOf(request: FastifyRequest): string {
  const token = bearerTokenOf(request);
  if (!token) throw new UnauthenticatedError();
  return token;
}
const sensitive = perPersonRateLimit('settings-sensitive', sensitiveChangeLimit);

/** Records a security change and mails it; the mail carries the change's undo link (decision 278). */
function recorder(deps: AppDeps) {
  return (request: FastifyRequest, userId: number, kind: SecurityEventKind, undo?: Undoable) =>
    recordRequestEvent(deps, request, userId, kind, undo && ((locale) => removalLink(undoLinks(deps), locale, userId, undo)));
}

/**
 * Each tab hears why, then the hub drops every socket on the person's channel, so one whose session
 * ended cannot keep listening; the others authorise again.
 */
function sessionEnder(deps: AppDeps) {
  return async (userId: number, reason: 'password_changed' | 'signed_out' | 'account_closed') => {
    await deps.realtime.publish('session.ended', channelNames.user(userId), { reason });
    await deps.realtime.revoke(channelNames.user(userId));
  };
}

/** The settings API, one plugin per sub-resource, all behind the sign-in. */
export function settingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    requireSignIn(app, deps.tokens);
    await app.register(accountRoutes(deps));
    await app.register(addressRoutes(deps));
    await app.register(preferenceRoutes(deps));
  };
}

/** The password, the sessions, the data export and closing the account. */
function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const record = recorder(deps);
  const sessionEnded = sessionEnder(deps);
  return async (app) => {
    app.put(
      settingsApiPaths.password,
      {
        schema: { tags, security, body: ChangePasswordRequest, response: { 200: PasswordChangedResponse, ...errors } },
        config: sensitive,
        preValidation: proofRequired,
      },
      async (request) => {
        const userId = signedInUser(request);
        const { ended, passwordHash } = await changePassword(deps, userId, tokenOf(request), request.body);
        await record(request, userId, 'password_changed', { passwordHash });
        if (ended > 0) await sessionEnded(userId, 'password_changed');
        return { data: { ended_sessions: ended } };
      },
    );

    app.get(
      settingsApiPaths.sessions,
      { schema: { tags, security, response: { 200: SessionListResponse, ...errors } } },
      async (request) => ({ data: { items: await listSessions(deps.tokens, signedInUser(request), tokenOf(request)) } }),
    );

    app.delete(
      settingsApiPaths.session(':id'),
      {
        schema: { tags, security, params: SessionParams, response: { 204: z.null().describe('No content'), ...errors } },
        config: perPersonRateLimit('settings-sessions', sessionChangeLimit),
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        await endSession(deps.tokens, userId, request.params.id);
        await sessionEnded(userId, 'signed_out');
        return reply.code(HttpStatus.noContent).send(null);
      },
    );

    app.delete(
      settingsApiPaths.sessions,
      {
        schema: { tags, security, response: { 200: SessionsEndedResponse, ...errors } },
        config: perPersonRateLimit('settings-sessions', sessionChangeLimit),
      },
      async (request) => {
        const userId = signedInUser(request);
        const ended = await deps.tokens.revokeOthersOf(userId, tokenOf(request));
        await record(request, userId, 'signed_out_others');
        if (ended > 0) await sessionEnded(userId, 'signed_out');
        return { data: { ended_sessions: ended } };
      },
    );

    app.get(
      settingsApiPaths.dataExport,
      {
        schema: { tags, security, description: 'Everything stored about the caller, as a JSON file (secrets left out).' },
        config: perPersonRateLimit('settings-export', { max: 10, windowMs: 60 * 60_000 }),
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        // Each verified job's credential, current ones issued now where needed.
        const data = {
          ...(await exportAccountData(deps.db, userId, deps.clock.now())),
          credentials: await issuedCredentialsOf(deps, userId),
        };
        reply.header('content-disposition', `attachment; filename="${dataExportFileName}"`);
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
      },
    );

    app.post(
      settingsApiPaths.closeAccount,
      {
        schema: { tags, security, body: CloseAccountRequest, response: { 204: z.null().describe('No content'), ...errors } },
        config: sensitive,
        preValidation: proofRequired,
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        await closeAccount(deps, userId, request.body.current_password);
        await record(request, userId, 'account_closed');
        // Every open tab of the person checks its session, finds it gone and signs out.
        await sessionEnded(userId, 'account_closed');
        return reply.code(HttpStatus.noContent).send(null);
      },
    );
  };
}

/** The person's emails and phones. */
function addressRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const record = recorder(deps);
  return async (app) => {
    // Emails and phones (decision 154). Adding one sends a code: the per-person budget is on top of
    // the codes' own countdown and hourly cap.
    const addressDeps: AddressDeps = {
      db: deps.db,
      clock: deps.clock,
      mailer: deps.mailer,
      sms: deps.sms,
      logCode: deps.config.smtpUrl ? undefined : (message) => app.log.info(message, outboxCodeMessage),
    };
    const addressLimit = perPersonRateLimit('settings-addresses', { max: 30, windowMs: 60 * 60_000 });
    const addressAnswers = { 200: AccountAddressesResponse, ...errors };

    app.get(settingsApiPaths.addresses, { schema: { tags, security, response: addressAnswers } }, async (request) => ({
      data: await listAddresses(deps.db, signedInUser(request)),
    }));

    app.post(
      settingsApiPaths.emails,
      {
        schema: { tags, security, body: AddEmailRequest, response: { 201: AddressCodeSentResponse, ...errors } },
        config: addressLimit,
        preValidation: proofRequired,
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const added = await addAddress(addressDeps, userId, 'email', request.body.email, request.body.current_password);
        await record(request, userId, 'email_added', added.address.id === null ? undefined : { addressId: added.address.id });
        return reply.code(HttpStatus.created).send({ data: added });
      },
    );

    app.post(
      settingsApiPaths.phones,
      {
        schema: { tags, security, body: AddPhoneRequest, response: { 201: AddressCodeSentResponse, ...errors } },
        config: addressLimit,
        preValidation: proofRequired,
      },
      async (request, reply) => {
        const userId = signedInUser(request);
        const added = await addAddress(addressDeps, userId, 'phone', request.body.phone, request.body.current_password);
        await record(request, userId, 'phone_added', added.address.id === null ? undefined : { addressId: added.address.id });
        return reply.code(HttpStatus.created).send({ data: added });
      },
    );

    app.post(
      settingsApiPaths.addressVerify(':id'),
      { schema: { tags, security, params: AddressParams, body: VerifyAddressRequest, response: addressAnswers }, config: addressLimit },
      async (request) => ({ data: await verifyAddress(addressDeps, signedInUser(request), request.params.id, request.body.code) }),
    );

    app.post(
      settingsApiPaths.addressResend(':id'),
      { schema: { tags, security, params: AddressParams, response: { 200: AddressCodeSentResponse, ...errors } }, config: addressLimit },
      async (request) => ({ data: await resendAddressCode(addressDeps, signedInUser(request), request.params.id) }),
    );

    app.post(
      settingsApiPaths.addressPrimary(':id'),
      {
        schema: { tags, security, params: AddressParams, body: MakePrimaryRequest, response: addressAnswers },
        config: sensitive,
        preValidation: proofRequired,
      },
      async (request) => {
        const userId = signedInUser(request);
        const { addresses, formerId } = await makePrimary(addressDeps, userId, request.params.id, request.body.current_password);
        await record(request, userId, 'primary_changed', formerId === null ? undefined : { formerAddressId: formerId });
        return { data: addresses };
      },
    );

    app.delete(
      settingsApiPaths.address(':id'),
      {
        schema: { tags, security, params: AddressParams, body: RemoveAddressRequest, response: addressAnswers },
        config: addressLimit,
        preValidation: proofRequired,
      },
      async (request) => {
        const userId = signedInUser(request);
        const { addresses, removed } = await removeAddress(deps, userId, request.params.id, request.body.current_password);
        // Mailed like every change that needs the password, and to the email removed when it was proved:
        // a password thief taking an address off the account must not do it unheard.
        const alsoTo = removed.channel === 'email' && removed.verified ? removed.value : undefined;
        await recordRequestEvent(deps, request, userId, 'address_removed', undefined, alsoTo);
        return { data: addresses };
      },
    );
  };
}

/** Contact details, notification types and leaving a company. */
function preferenceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      settingsApiPaths.contact,
      { schema: { tags, security, response: { 200: ContactInfoResponse, ...errors } } },
      async (request) => ({ data: await contactInfoOf(deps.db, signedInUser(request)) }),
    );

    app.put(
      settingsApiPaths.contact,
      {
        schema: { tags, security, body: UpdateContactInfoRequest, response: { 200: ContactInfoResponse, ...errors } },
        config: perPersonRateLimit('settings-changes', settingsChangeLimit),
      },
      async (request) => ({ data: await setContactInfo(deps.db, signedInUser(request), request.body, deps.clock.now()) }),
    );

    app.get(
      settingsApiPaths.notificationTypes,
      { schema: { tags, security, response: { 200: NotificationTypesResponse, ...errors } } },
      async (request) => ({ data: { items: await notificationTypesOf(deps.db, signedInUser(request)) } }),
    );

    app.put(
      settingsApiPaths.notificationTypes,
      {
        schema: { tags, security, body: UpdateNotificationTypesRequest, response: { 200: NotificationTypesResponse, ...errors } },
        config: perPersonRateLimit('settings-changes', settingsChangeLimit),
      },
      async (request) => ({ data: { items: await setNotificationTypes(deps.db, signedInUser(request), request.body, deps.clock.now()) } }),
    );

    app.delete(
      settingsApiPaths.membership(':companyId'),
      {
        schema: { tags, security, params: MembershipParams, response: { 204: z.null().describe('No content'), ...errors } },
        config: perPersonRateLimit('settings-membership', { max: 30, windowMs: 60 * 60_000 }),
      },
      async (request, reply) => {
        await leaveCompany(deps.db, deps.clock, signedInUser(request), request.params.companyId);
        await deps.realtime.revoke(channelNames.company(request.params.companyId));
        return reply.code(HttpStatus.noContent).send(null);
      },
    );
  };
}
