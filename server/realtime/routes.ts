// POST /broadcasting/auth (SPEC §7): pusher-js and laravel-echo send `socket_id`, `channel_name` and
// our extra `app_key`, form-encoded (or as JSON), with the bearer token. Answers `{ auth }` for the
// caller's own channels, 403 for any other, 401 without a valid token.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../contract/envelope.ts';
import { broadcastingAuthPath, ChannelAuthRequest, ChannelAuthResponse } from '../../contract/realtime.ts';
import { authenticate, signedInUser } from '../auth/guard.ts';
import type { AppDeps } from '../deps.ts';
import { ForbiddenError } from '../domain-errors.ts';
import { mayListen } from './channel-auth.ts';
import { appByKey } from './config.ts';
import { channelAuth } from './signatures.ts';

export function broadcastingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // pusher-js posts a form; scoped to this plugin, so no other route starts accepting forms.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    app.addHook('preValidation', authenticate(deps.tokens));

    app.post(
      broadcastingAuthPath,
      { schema: { tags: ['realtime'], body: ChannelAuthRequest, response: { 200: ChannelAuthResponse, 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse } } },
      async (request) => {
        const userId = signedInUser(request);
        const { socket_id: socketId, channel_name: channel, app_key: key } = request.body;
        const target = key === undefined ? undefined : appByKey(deps.config.realtime, key);
        if (!target || !(await mayListen(deps.db, userId, target.name, channel))) throw new ForbiddenError('This channel is not yours.');
        return { auth: channelAuth(target.key, target.secret, socketId, channel) };
      },
    );
  };
}
