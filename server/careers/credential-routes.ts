// Portable trust's routes (decision 190): the person's download of a company-verified job's
// credential, and what any verifier reads without an account: each company's DID document (did:web)
// and its signed revocation list, both cacheable and readable from any origin; the list is kept and
// answered with an ETag (decision 232).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JobParams } from '../../contract/careers.ts';
import {
  credentialMediaType,
  credentialPaths,
  credentialPublicPaths,
  IssueCredentialRequest,
  IssuedCredential,
  statusListMaxAge,
} from '../../contract/credentials.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { authenticate, signedInUser } from '../shared/auth/guard.ts';
import type { AppDeps } from '../deps.ts';
import { perAddressRateLimit } from '../http/addresses.ts';
import { matches } from '../http/etag.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { DomainParams } from '../../contract/company-domains.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { bearerSecurity } from '../http/openapi.ts';
import { companyActor, companyGuard } from '../shared/companies/guard.ts';
import { didConfigurationOf, didDocumentOf } from './credential-did.ts';
import { credentialByLink } from './credential-links.ts';
import { issueCredential } from './credentials.ts';
import { StatusListCopies } from './status-list-copies.ts';

const tags = ['credentials'];
const LinkParams = z.object({ token: z.string().max(64) });
const CompanyParams = z.object({ companyId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** A verifier checks a list once a minute at most (max-age); this leaves room for many behind one address. */
const statusListLimit = { max: 120, windowMs: 60_000 };
/** Signing is cheap, but a download a second is more than any person needs. */
const issueLimit = { max: 60, windowMs: 60_000 };

/** The signed-in person's credential downloads. */
export function credentialRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', authenticate(deps.tokens));
    app.post(
      credentialPaths.credential(':jobId'),
      {
        config: perPersonRateLimit('credential-issue', issueLimit),
        schema: {
          tags,
          security: [{ bearer: [] }],
          params: JobParams,
          body: IssueCredentialRequest,
          response: {
            200: dataEnvelope(IssuedCredential),
            401: ErrorResponse,
            404: ErrorResponse,
            409: ErrorResponse,
            422: ErrorResponse,
            429: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const data = await issueCredential(deps, signedInUser(request), request.params.jobId, {
          includeReview: request.body.include_review,
        });
        return reply.header('cache-control', 'private, no-store').send({ data });
      },
    );
  };
}

/** What verifiers read: no session, any origin, cacheable. */
export function credentialPublicRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(credentialPublicPaths.didDocument(':companyId'), { schema: { tags, params: CompanyParams } }, async (request, reply) => {
      const document = await didDocumentOf(deps.db, deps.config, request.params.companyId);
      return reply
        .header('content-type', 'application/did+json')
        .header('access-control-allow-origin', '*')
        .header('cache-control', `public, max-age=${statusListMaxAge * 5}`)
        .send(JSON.stringify(document));
    });
    // Kept signed and answered from the copy while nothing it is made from changed (decision 232).
    const statusLists = new StatusListCopies(deps);
    app.get(
      credentialPublicPaths.statusList(':companyId'),
      { schema: { tags, params: CompanyParams }, config: { ...perAddressRateLimit('status-list', statusListLimit), sharedEtag: true } },
      async (request, reply) => {
        const list = await statusLists.listOf(request.params.companyId);
        const tag = `W/"${list.version}"`;
        reply.header('access-control-allow-origin', '*').header('cache-control', `public, max-age=${statusListMaxAge}`).header('etag', tag);
        if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send();
        return reply.header('content-type', credentialMediaType).send(list.jwt);
      },
    );
    // A CV's short link (decision 203): the credential its unguessable token names. A credential
    // never changes (revocation is the status list's bit), so the answer may be kept for a year.
    app.get(credentialPublicPaths.byLink(':token'), { schema: { tags, params: LinkParams } }, async (request, reply) => {
      const jwt = await credentialByLink(deps.db, request.params.token);
      return reply
        .header('content-type', credentialMediaType)
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-robots-tag', 'noindex')
        .send(jwt);
    });
  };
}

/**
 * The workspace's download of a verified domain's `did-configuration.json` (decision 258): owners and
 * admins ('domains.manage'), signed anew with the company's credential key on each download.
 */
export function didConfigurationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      workspacePaths.domainDidConfiguration(':companyId', ':domainId'),
      {
        preValidation: companyGuard(deps, 'domains.manage'),
        config: perPersonRateLimit('did-configuration', issueLimit, (request) => companyActor(request).userId),
        schema: {
          tags,
          security: bearerSecurity,
          params: DomainParams,
          response: {
            200: z.object({ '@context': z.string(), linked_dids: z.array(z.string()) }).describe('did-configuration.json'),
            401: ErrorResponse,
            403: ErrorResponse,
            404: ErrorResponse,
            409: ErrorResponse,
            422: ErrorResponse,
            429: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const file = await didConfigurationOf(deps, companyActor(request).companyId, request.params.domainId);
        return reply
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );
  };
}
