// Opt-in public profiles (decision 208): the settings card's API, and the pages the server
// renders per request — `/in/{address}` and `/uk/in/{address}` — as plain HTML any CDN may keep and
// must revalidate (ETag, `Cache-Control: public, no-cache`). Their sitemap entries: server/http/sitemap.ts.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import type { Locale } from '../../contract/locale.ts';
import { publicProfileApiPaths, publicProfilePath } from '../../contract/public-profile.ts';
import {
  PublicAddressAvailability,
  PublicAddressAvailabilityQuery,
  PublicProfileSettings,
  UpdatePublicProfileRequest,
} from '../../contract/public-profile-schemas.ts';
import { requireSignIn, signedInUser } from '../shared/auth/guard.ts';
import type { AppDeps } from '../deps.ts';
import { laggingReads } from '../db/replica.ts';
import { revalidate, sendPublicDocument as sendDocument } from '../http/public-document.ts';
import { renderProfileNotFound, renderPublicProfile } from './public-page-html.ts';
import {
  addressAvailability,
  getPublicProfileSettings,
  publicProfileOf,
  resolvePublicAddress,
  savePublicProfileSettings,
} from './public-profile-service.ts';

const errors = { 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const AddressParams = z.object({ address: z.string().max(200) });

export function publicProfileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const siteUrl = deps.config.publicSiteUrl.replace(/\/+$/, '');

    const page = (locale: Locale) => async (request: FastifyRequest<{ Params: { address: string } }>, reply: FastifyReply) => {
      const requested = request.params.address;
      // An anonymous page: the replica's when there is one (decision 254).
      const reads = laggingReads(deps);
      const answer = await resolvePublicAddress(reads, clock, requested);
      if (answer.kind === 'missing') {
        return sendDocument(request, reply, HttpStatus.notFound, 'text/html; charset=utf-8', renderProfileNotFound(locale));
      }
      // An old address (for 30 days) or another spelling of the current one moves to the address itself.
      if (answer.kind === 'moved' || answer.address !== requested) {
        const location = publicProfilePath(answer.address, locale);
        return reply.code(301).header('cache-control', revalidate).header('location', location).send();
      }
      const profile = await publicProfileOf(reads, clock, answer);
      return sendDocument(request, reply, HttpStatus.ok, 'text/html; charset=utf-8', renderPublicProfile(profile, { siteUrl, locale }));
    };
    const pageSchema = { schema: { hide: true, params: AddressParams } };
    app.get('/in/:address', pageSchema, page('en_GB'));
    app.get('/uk/in/:address', pageSchema, page('uk_UA'));
    // A trailing slash (typed, or added by a link) moves to the page's own address, so each page has one address to share and index.
    const slashed = (locale: Locale) => async (request: FastifyRequest<{ Params: { address: string } }>, reply: FastifyReply) =>
      reply
        .code(301)
        .header('cache-control', revalidate)
        .header('location', publicProfilePath(encodeURIComponent(request.params.address), locale))
        .send();
    app.get('/in/:address/', pageSchema, slashed('en_GB'));
    app.get('/uk/in/:address/', pageSchema, slashed('uk_UA'));

    // The settings card: the signed-in person's own settings only (no one else's can be named).
    const settingsRoutes: FastifyPluginAsyncZod = async (api) => {
      requireSignIn(api, deps.tokens);
      api.get(
        publicProfileApiPaths.settings,
        { schema: { tags: ['public profile'], response: { 200: dataEnvelope(PublicProfileSettings), ...errors } } },
        async (request) => ({ data: await getPublicProfileSettings(db, clock, signedInUser(request)) }),
      );
      api.put(
        publicProfileApiPaths.settings,
        {
          schema: {
            tags: ['public profile'],
            body: UpdatePublicProfileRequest,
            response: { 200: dataEnvelope(PublicProfileSettings), ...errors },
          },
        },
        async (request) => {
          const userId = signedInUser(request);
          return { data: await savePublicProfileSettings(db, clock, userId, request.body) };
        },
      );
      api.get(
        publicProfileApiPaths.availability,
        {
          schema: {
            tags: ['public profile'],
            querystring: PublicAddressAvailabilityQuery,
            response: { 200: dataEnvelope(PublicAddressAvailability), ...errors },
          },
        },
        async (request) => {
          const userId = signedInUser(request);
          return { data: await addressAvailability(db, clock, userId, request.query.address) };
        },
      );
    };
    await app.register(settingsRoutes);
  };
}
