// Openings (decision 255): the company host's API (every member reads, owners and admins
// write) and the public job pages on the personal host, `/company/{address}/jobs/{id}` and
// `/uk/company/{address}/jobs/{id}`: 200 while open, 410 once closed or past the closing date, 404
// for what never was public. Their sitemap entries: indexableJobPages in service.ts.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompanyParams } from '../../contract/companies.ts';
import { isCompanyHostname } from '../../contract/company-hosts.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { jobPagePath, Opening, OpeningParams, openingPaths, SaveOpeningRequest } from '../../contract/jobs.ts';
import type { Locale } from '../../contract/locale.ts';
import type { AppDeps } from '../deps.ts';
import { laggingReads } from '../db/replica.ts';
import { bearerSecurity } from '../http/openapi.ts';
import { revalidate, sendPublicDocument } from '../http/public-document.ts';
import { publicCompanyOf, resolveCompanyAddress } from '../companies/public.ts';
import { companyActor, companyGuard } from '../shared/companies/guard.ts';
import { applicationRoutes } from './application-routes.ts';
import { pipelineRoutes } from './pipeline-routes.ts';
import { stageRoutes } from './stage-routes.ts';
import { messageRoutes } from './message-routes.ts';
import { jobSearchRoutes } from './search-routes.ts';
import { renderJobGone, renderJobNotFound, renderJobPage } from './public-page-html.ts';
import {
  closeOpening,
  createOpening,
  getOpening,
  listOpenings,
  publicOpeningOf,
  publishOpening,
  reopenOpening,
  updateOpening,
} from './service.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };
const tags = ['company openings'];
const html = 'text/html; charset=utf-8';
/** A job that was public and no longer is: 410 Gone, which Google reads as 'remove it' (decision 255). */
const gone = 410;
const PageParams = z.object({ address: z.string().max(200), openingId: z.string().max(20) });

export function jobRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const siteUrl = deps.config.publicSiteUrl.replace(/\/+$/, '');
    const view = companyGuard(deps, 'openings.view');
    const manage = companyGuard(deps, 'openings.manage');
    // Applying and the pipeline (decision 262).
    await app.register(applicationRoutes(deps));
    await app.register(pipelineRoutes(deps));
    await app.register(stageRoutes(deps));
    await app.register(messageRoutes(deps));
    // Finding openings on /jobs (decision 269).
    await app.register(jobSearchRoutes(deps));

    app.get(
      openingPaths.openings(':companyId'),
      {
        preValidation: view,
        schema: { tags, security: bearerSecurity, params: CompanyParams, response: { 200: dataEnvelope(z.array(Opening)), ...errors } },
      },
      async (request) => ({ data: await listOpenings(db, clock, companyActor(request)) }),
    );
    app.get(
      openingPaths.opening(':companyId', ':openingId'),
      {
        preValidation: view,
        schema: { tags, security: bearerSecurity, params: OpeningParams, response: { 200: dataEnvelope(Opening), ...errors } },
      },
      async (request) => ({ data: await getOpening(db, clock, companyActor(request), request.params.openingId) }),
    );
    app.post(
      openingPaths.openings(':companyId'),
      {
        preValidation: manage,
        schema: {
          tags,
          security: bearerSecurity,
          params: CompanyParams,
          body: SaveOpeningRequest,
          response: { 201: dataEnvelope(Opening), ...errors },
        },
      },
      async (request, reply) =>
        reply.code(HttpStatus.created).send({ data: await createOpening(db, clock, companyActor(request), request.body) }),
    );
    app.put(
      openingPaths.opening(':companyId', ':openingId'),
      {
        preValidation: manage,
        schema: {
          tags,
          security: bearerSecurity,
          params: OpeningParams,
          body: SaveOpeningRequest,
          response: { 200: dataEnvelope(Opening), ...errors },
        },
      },
      async (request) => ({ data: await updateOpening(db, clock, companyActor(request), request.params.openingId, request.body) }),
    );
    for (const [path, act] of [
      [openingPaths.publish, publishOpening],
      [openingPaths.close, closeOpening],
      [openingPaths.reopen, reopenOpening],
    ] as const) {
      app.post(
        path(':companyId', ':openingId'),
        {
          preValidation: manage,
          schema: { tags, security: bearerSecurity, params: OpeningParams, response: { 200: dataEnvelope(Opening), ...errors } },
        },
        async (request) => ({ data: await act(db, clock, companyActor(request), request.params.openingId) }),
      );
    }

    // ── The public job page ───────────────────────────────────────────────────────────────────────
    const page =
      (locale: Locale) => async (request: FastifyRequest<{ Params: { address: string; openingId: string } }>, reply: FastifyReply) => {
        // The company host's paths are its workspace's own pages.
        if (isCompanyHostname(request.hostname)) return reply.callNotFound();
        const { address: requested, openingId: rawId } = request.params;
        if (!/^[1-9]\d{0,15}$/.test(rawId)) return sendPublicDocument(request, reply, HttpStatus.notFound, html, renderJobNotFound(locale));
        const openingId = Number(rawId);
        // An anonymous page: its reads are the replica's when there is one (decision 254).
        const db = laggingReads(deps);
        const answer = await resolveCompanyAddress(db, clock, requested);
        if (answer.kind === 'missing') return sendPublicDocument(request, reply, HttpStatus.notFound, html, renderJobNotFound(locale));
        if (answer.kind === 'moved' || answer.address !== requested) {
          return reply
            .code(301)
            .header('cache-control', revalidate)
            .header('location', jobPagePath(answer.address, openingId, locale))
            .send();
        }
        const opening = await publicOpeningOf(db, clock, answer.companyId, openingId);
        if (opening.kind === 'missing') return sendPublicDocument(request, reply, HttpStatus.notFound, html, renderJobNotFound(locale));
        const company = await publicCompanyOf(db, clock, answer);
        if (opening.kind === 'gone') return sendPublicDocument(request, reply, gone, html, renderJobGone(company, opening.title, locale));
        return sendPublicDocument(request, reply, HttpStatus.ok, html, renderJobPage(company, opening.opening, { siteUrl, locale }));
      };
    const pageSchema = { schema: { hide: true, params: PageParams } };
    app.get('/company/:address/jobs/:openingId', pageSchema, page('en_GB'));
    app.get('/uk/company/:address/jobs/:openingId', pageSchema, page('uk_UA'));
  };
}
