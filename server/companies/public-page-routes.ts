// A company's opt-in public brand page (decision 211): the workspace card's API on the
// company host (read by any member, changed only by roles that may edit the brand), and the page the
// server renders per request on the personal host — `/company/{address}` and `/uk/company/{address}` —
// as plain HTML any CDN may keep and must revalidate. Its sitemap entries: server/http/sitemap.ts.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompanyParams, CompanyPublicPageSettings } from '../../contract/companies.ts';
import { isCompanyHostname } from '../../contract/company-hosts.ts';
import { UpdateCompanyPublicPageRequest } from '../../contract/company-public-page-schemas.ts';
import { companyPublicPagePath, workspacePaths } from '../../contract/company-routes.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import type { Locale } from '../../contract/locale.ts';
import { PublicAddressAvailability, PublicAddressAvailabilityQuery } from '../../contract/public-profile-schemas.ts';
import type { AppDeps } from '../deps.ts';
import { laggingReads } from '../db/replica.ts';
import { revalidate, sendPublicDocument } from '../http/public-document.ts';
import { companyActor, companyGuard } from '../shared/companies/guard.ts';
import { openJobsHtml, openJobsOf } from '../jobs/public.ts';
import { announceCompanyChange } from './live.ts';
import { renderCompanyNotFound, renderCompanyPage } from './public-page-html.ts';
import {
  companyAddressAvailability,
  getCompanyPublicPageSettings,
  publicCompanyOf,
  resolveCompanyAddress,
  saveCompanyPublicPageSettings,
} from './public-page-service.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const tags = ['company workspace'];
const AddressParams = z.object({ address: z.string().max(200) });
const html = 'text/html; charset=utf-8';

export function companyPublicPageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const siteUrl = deps.config.publicSiteUrl.replace(/\/+$/, '');
    const guard = (action: Parameters<typeof companyGuard>[1]) => companyGuard(deps, action);

    const page = (locale: Locale) => async (request: FastifyRequest<{ Params: { address: string } }>, reply: FastifyReply) => {
      // The company host's paths are its workspace's own pages (served from the build's company/
      // folder): these pages belong to the personal host only.
      if (isCompanyHostname(request.hostname)) return reply.callNotFound();
      const requested = request.params.address;
      // An anonymous page: its reads are the replica's when there is one (decision 254).
      const db = laggingReads(deps);
      const answer = await resolveCompanyAddress(db, clock, requested);
      if (answer.kind === 'missing') return sendPublicDocument(request, reply, HttpStatus.notFound, html, renderCompanyNotFound(locale));
      // An old address (for 30 days) or another spelling of the current one moves to the address itself.
      if (answer.kind === 'moved' || answer.address !== requested) {
        return reply.code(301).header('cache-control', revalidate).header('location', companyPublicPagePath(answer.address, locale)).send();
      }
      const [company, jobs] = await Promise.all([publicCompanyOf(db, clock, answer), openJobsOf(db, clock, answer.companyId)]);
      // Its open jobs (decision 255), each linking to its own page.
      return sendPublicDocument(
        request,
        reply,
        HttpStatus.ok,
        html,
        renderCompanyPage(company, { siteUrl, locale }, openJobsHtml(company, jobs, locale)),
      );
    };
    const pageSchema = { schema: { hide: true, params: AddressParams } };
    app.get('/company/:address', pageSchema, page('en_GB'));
    app.get('/uk/company/:address', pageSchema, page('uk_UA'));
    // A trailing slash (typed, or added by a link) moves to the page's own address.
    const slashed = (locale: Locale) => async (request: FastifyRequest<{ Params: { address: string } }>, reply: FastifyReply) => {
      if (isCompanyHostname(request.hostname)) return reply.callNotFound();
      return reply
        .code(301)
        .header('cache-control', revalidate)
        .header('location', companyPublicPagePath(encodeURIComponent(request.params.address), locale))
        .send();
    };
    app.get('/company/:address/', pageSchema, slashed('en_GB'));
    app.get('/uk/company/:address/', pageSchema, slashed('uk_UA'));

    // The workspace card: every member sees where the page stands; only brand editors change it.
    app.get(
      workspacePaths.publicPageSettings(':companyId'),
      {
        preValidation: guard('workspace.view'),
        schema: { tags, params: CompanyParams, response: { 200: dataEnvelope(CompanyPublicPageSettings), ...errors } },
      },
      async (request) => ({ data: await getCompanyPublicPageSettings(db, clock, companyActor(request).companyId) }),
    );
    app.put(
      workspacePaths.publicPageSettings(':companyId'),
      {
        preValidation: guard('brand.edit'),
        schema: {
          tags,
          params: CompanyParams,
          body: UpdateCompanyPublicPageRequest,
          response: { 200: dataEnvelope(CompanyPublicPageSettings), ...errors },
        },
      },
      async (request) => {
        const { companyId } = companyActor(request);
        const saved = await saveCompanyPublicPageSettings(db, clock, companyId, request.body);
        // Other open workspaces of the company read the card again.
        announceCompanyChange(deps.realtime, companyId, ['workspace']);
        return { data: saved };
      },
    );
    app.get(
      workspacePaths.publicPageAvailability(':companyId'),
      {
        preValidation: guard('brand.edit'),
        schema: {
          tags,
          params: CompanyParams,
          querystring: PublicAddressAvailabilityQuery,
          response: { 200: dataEnvelope(PublicAddressAvailability), ...errors },
        },
      },
      async (request) => ({ data: await companyAddressAvailability(db, clock, companyActor(request).companyId, request.query.address) }),
    );
  };
}
