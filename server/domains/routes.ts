// The company host's domain routes (decision 248): list, add, check now, remove; owners and
// admins only ('domains.manage'). A check answers the domain as it stands after, its failure reasons
// included: a proof that does not hold is a result (200), not an error.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompanyParams } from '../../contract/companies.ts';
import { AddDomainRequest, CompanyDomain, DomainParams } from '../../contract/company-domains.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import type { AppDeps } from '../deps.ts';
import { bearerSecurity } from '../http/openapi.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { companyActor, companyGuard } from '../shared/companies/guard.ts';
import { credentialPublicPaths, statusListMaxAge } from '../../contract/credential-format.ts';
import { perAddressRateLimit } from '../http/addresses.ts';
import { announceCompanyChange } from '../companies/public.ts';
import { issuerIdentityOf } from './identity.ts';
import { addDomain, checkDomain, listDomains, removeDomain } from './service.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
const tags = ['company domains'];
/** Checks reach other people's servers: a few a minute per person is plenty to fix a record and retry. */
const checkRate = { max: 20, windowMs: 10 * 60_000 } as const;

export function domainRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    const config = deps.config.domainChecks;
    const guard = companyGuard(deps, 'domains.manage');

    app.get(
      workspacePaths.domains(':companyId'),
      {
        preValidation: guard,
        schema: {
          tags,
          security: bearerSecurity,
          params: CompanyParams,
          response: { 200: dataEnvelope(z.array(CompanyDomain)), ...errors },
        },
      },
      async (request) => ({ data: await listDomains(db, config, companyActor(request).companyId) }),
    );

    app.post(
      workspacePaths.domains(':companyId'),
      {
        preValidation: guard,
        schema: {
          tags,
          security: bearerSecurity,
          params: CompanyParams,
          body: AddDomainRequest,
          response: { 201: dataEnvelope(CompanyDomain), ...errors },
        },
      },
      async (request, reply) => {
        const domain = await addDomain(db, config, companyActor(request).companyId, request.body);
        return reply.code(HttpStatus.created).send({ data: domain });
      },
    );

    app.post(
      workspacePaths.domainCheck(':companyId', ':domainId'),
      {
        preValidation: guard,
        config: perPersonRateLimit('domain-check', checkRate, (request) => companyActor(request).userId),
        schema: { tags, security: bearerSecurity, params: DomainParams, response: { 200: dataEnvelope(CompanyDomain), ...errors } },
      },
      async (request) => {
        const { companyId } = companyActor(request);
        const domain = await checkDomain(db, clock, config, companyId, request.params.domainId);
        // The workspace's header says who the company is (decision 266): every open workspace reads it again.
        announceCompanyChange(deps.realtime, companyId, ['workspace']);
        return { data: domain };
      },
    );

    app.delete(
      workspacePaths.domain(':companyId', ':domainId'),
      {
        preValidation: guard,
        schema: { tags, security: bearerSecurity, params: DomainParams, response: { 204: z.null().describe('No content'), ...errors } },
      },
      async (request, reply) => {
        const { companyId } = companyActor(request);
        await removeDomain(db, companyId, request.params.domainId);
        announceCompanyChange(deps.realtime, companyId, ['workspace']);
        return reply.code(HttpStatus.noContent).send(null);
      },
    );
  };
}

const PublicCompanyParams = z.object({ companyId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** The /verify page asks once per credential checked; plenty for many verifiers behind one address. */
const identityLimit = { max: 120, windowMs: 60_000 };

/**
 * What verifiers read about an issuer (decision 258): its verified domains and whether each is linked
 * both ways, and its page; no session, any origin, cacheable for a minute like the status list.
 */
export function domainPublicRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      credentialPublicPaths.issuerIdentity(':companyId'),
      { schema: { tags, params: PublicCompanyParams }, config: perAddressRateLimit('issuer-identity', identityLimit) },
      async (request, reply) => {
        const identity = await issuerIdentityOf(deps.db, deps.config.domainChecks, request.params.companyId);
        return reply
          .header('access-control-allow-origin', '*')
          .header('cache-control', `public, max-age=${statusListMaxAge}`)
          .send(identity);
      },
    );
  };
}
