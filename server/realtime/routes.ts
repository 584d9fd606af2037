// POST /broadcasting/auth (SPEC §7): pusher-js and laravel-echo send `socket_id`, `channel_name` and
// our extra `app_key`, form-encoded (or as JSON), with the bearer token. A personal session may listen
// on its own channels (channel-auth.ts); a company host's session (decision 090) only on its own
// company's channel, so an open workspace hears its company's changes (decision 091). 403 for any
// other channel, 401 without a live session of either kind.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../contract/envelope.ts';
import {
  broadcastingAuthPath,
  channelNames,
  ChannelAuthRequest,
  ChannelAuthResponse,
  parseChannelName,
  type RealtimeApp,
} from '../../contract/realtime.ts';
import { bearerTokenOf } from '../shared/auth/guard.ts';
import { companySessionEndsAt, resolveCompanySession } from '../shared/companies/session.ts';
import { assertSignInRule } from '../shared/companies/sign-in-rule.ts';
import { documentBearerForAll } from '../http/openapi.ts';
import type { AppDeps } from '../deps.ts';
import { ForbiddenError, UnauthenticatedError } from '../domain-errors.ts';
import { companyListeningEndsAt, mayListen } from './channel-auth.ts';
import { appByKey } from '../shared/realtime/config.ts';
import { accountChannelData, channelAuth } from './signatures.ts';

/** Who asks (the account), whether they may listen on a channel of an app, and until when (when that ends by itself). */
type Listener = {
  userId: number;
  may: (app: RealtimeApp, channel: string) => Promise<boolean>;
  until: (channel: string) => Promise<Date | undefined>;
};

const listeners = new WeakMap<object, Listener>();

/** The earlier of two ends, either of which may be none. */
const earliest = (a: Date | undefined, b: Date | undefined): Date | undefined => (a && b ? (a < b ? a : b) : (a ?? b));

export function broadcastingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // A company session that ends anywhere (a sign-out, a password change, a reset) closes the sockets
    // on its company's channel in every hub process; the others there authorise again (decision 243).
    deps.tokens.onCompanySessionsEnded(async (companyIds) => {
      for (const companyId of companyIds) await deps.realtime.revoke(channelNames.company(companyId));
    });
    // pusher-js posts a form; scoped to this plugin, so no other route starts accepting forms.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    // Before the body is validated, so an anonymous caller gets 401 whatever they sent.
    app.addHook('preValidation', async (request) => {
      const token = bearerTokenOf(request);
      if (!token || token.length > 200) throw new UnauthenticatedError();
      const userId = await deps.tokens.resolve(token);
      if (userId !== undefined) {
        listeners.set(request, {
          userId,
          may: (target, channel) => mayListen(deps.db, userId, target, channel, deps.clock.now()),
          // No grant outlives the session that asked for it: the earlier of its expiry and a leaving day.
          until: async (channel) => earliest(await deps.tokens.expiryOf(token), await companyListeningEndsAt(deps.db, userId, channel)),
        });
        return;
      }
      const member = await resolveCompanySession(deps.db, deps.clock, token);
      if (!member) throw new UnauthenticatedError();
      listeners.set(request, {
        userId: member.userId,
        until: () => companySessionEndsAt(deps.db, token),
        may: async (target, channel) => {
          if (target !== 'jobs' || channel !== channelNames.company(member.companyId)) return false;
          // The company's sign-in rule holds here as on every workspace request (decision 243).
          await assertSignInRule(deps.db, member.companyId, member.userId, member.role);
          return true;
        },
      });
    });
    documentBearerForAll(app);

    app.post(
      broadcastingAuthPath,
      {
        schema: {
          tags: ['realtime'],
          body: ChannelAuthRequest,
          response: { 200: ChannelAuthResponse, 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse },
        },
      },
      async (request) => {
        const listener = listeners.get(request);
        if (!listener) throw new UnauthenticatedError();
        const { socket_id: socketId, channel_name: channel, app_key: key } = request.body;
        const target = key === undefined ? undefined : appByKey(deps.config.realtime, key);
        if (!target || !(await listener.may(target.name, channel))) throw new ForbiddenError('This channel is not yours.');
        // A grant that ends by itself (a session's expiry, a company session's hours, a leaving day) says
        // when, and the hub closes the socket then: no revocation marks that moment, so the socket kept
        // listening after it. A person's own channel names its account; any other private channel
        // carries it, signed, so the hub counts the socket against that account's cap (decision 267).
        const until = await listener.until(channel);
        if (parseChannelName(channel)?.kind === 'user' && until === undefined)
          return { auth: channelAuth(target.key, target.secret, socketId, channel) };
        const channelData = accountChannelData(listener.userId, until);
        return { auth: channelAuth(target.key, target.secret, socketId, channel, channelData), channel_data: channelData };
      },
    );
  };
}
